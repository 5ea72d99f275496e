/** The rider's saved places: used by the booking page and the dashboard, so it lives outside both features. */
import type { FavoriteLocation } from '@coride/domain';
import { apiRequest } from '@/lib/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** One cache entry for the rider's places, shared by the booking page (Home/Work, quick picks) and the dashboard. */
export const favoriteLocationsQueryKey = ['/api/favorite-locations'] as const;

/** The rider's saved places, newest first. */
export function getFavoriteLocations(signal?: AbortSignal): Promise<FavoriteLocation[]> {
  return apiRequest<FavoriteLocation[]>('/api/favorite-locations', { signal });
}

export const favoriteLocationsQueryOptions = () => queryOptions({ queryKey: favoriteLocationsQueryKey, queryFn: ({ signal }) => getFavoriteLocations(signal) });

export function useFavoriteLocations() {
  return useQuery(favoriteLocationsQueryOptions());
}

export type NewFavoriteLocation = Omit<FavoriteLocation, 'id'>;

export function createFavoriteLocation(favorite: NewFavoriteLocation): Promise<FavoriteLocation> {
  return apiRequest<FavoriteLocation>('/api/favorite-locations', { method: 'POST', body: favorite });
}

export function useCreateFavoriteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFavoriteLocation,
    onSuccess: (created) => {
      queryClient.setQueryData<FavoriteLocation[]>(favoriteLocationsQueryKey, (list) => (list ? [created, ...list] : [created]));
    },
  });
}

import type { FavoriteLocation } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { favoriteLocationsQueryKey } from './get-favorite-locations';

export type NewFavoriteLocation = Omit<FavoriteLocation, 'id'>;

export function createFavoriteLocation(favorite: NewFavoriteLocation): Promise<FavoriteLocation> {
  return apiRequest<FavoriteLocation>('/api/favorite-locations', { method: 'POST', body: favorite });
}

/** Saves a place (here: the From address as Home or Work). */
export function useCreateFavoriteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFavoriteLocation,
    onSuccess: (created) => {
      queryClient.setQueryData<FavoriteLocation[]>(favoriteLocationsQueryKey, (list) => (list ? [created, ...list] : [created]));
    },
  });
}

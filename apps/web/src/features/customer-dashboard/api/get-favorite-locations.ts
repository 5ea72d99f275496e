import type { FavoriteLocation } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** The same key as the booking page's Home/Work buttons, so both screens share one cache entry. */
export const favoriteLocationsQueryKey = ['/api/favorite-locations'] as const;

/** The rider's saved places, newest first. */
export function getFavoriteLocations(signal?: AbortSignal): Promise<FavoriteLocation[]> {
  return apiRequest<FavoriteLocation[]>('/api/favorite-locations', { signal });
}

export const favoriteLocationsQueryOptions = () =>
  queryOptions({ queryKey: favoriteLocationsQueryKey, queryFn: ({ signal }) => getFavoriteLocations(signal) });

export function useFavoriteLocations() {
  return useQuery(favoriteLocationsQueryOptions());
}

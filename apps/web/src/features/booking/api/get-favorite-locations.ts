import type { FavoriteLocation } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** The same key as the dashboard's favorites list, so both screens share one cache entry. */
export const favoriteLocationsQueryKey = ['/api/favorite-locations'] as const;

export function getFavoriteLocations(signal?: AbortSignal): Promise<FavoriteLocation[]> {
  return apiRequest<FavoriteLocation[]>('/api/favorite-locations', { signal });
}

export const favoriteLocationsQueryOptions = () =>
  queryOptions({ queryKey: favoriteLocationsQueryKey, queryFn: ({ signal }) => getFavoriteLocations(signal) });

export function useFavoriteLocations() {
  return useQuery(favoriteLocationsQueryOptions());
}

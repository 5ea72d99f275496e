import type { Location } from '@coride/domain';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api';

export const searchAddressesQueryKey = (query: string) => ['/api/geocode', query.trim().toLowerCase()] as const;

/** Places matching typed text (an address, a zip code, a city, "lat,lng" or a named place). */
export function searchAddresses(query: string, signal?: AbortSignal): Promise<Location[]> {
  return apiRequest<Location[]>(`/api/geocode?${new URLSearchParams({ q: query.trim() })}`, { signal });
}

export const searchAddressesQueryOptions = (query: string) =>
  queryOptions({ queryKey: searchAddressesQueryKey(query), queryFn: ({ signal }) => searchAddresses(query, signal) });

/** A lookup to call from an event; answers are cached per text. */
export function useSearchAddresses(): (query: string) => Promise<Location[]> {
  const queryClient = useQueryClient();
  return useCallback((query: string) => queryClient.fetchQuery(searchAddressesQueryOptions(query)), [queryClient]);
}

import type { LatLng, PlaceSuggestion } from '@coride/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** Suggestions start at this many typed characters (one letter matches half the country). */
export const MIN_SUGGEST_CHARACTERS = 2;
/** About 1 km: the list is ranked around the map centre or the other end of the trip, not the exact spot. */
const round = (value: number) => Math.round(value * 100) / 100;

const normalized = (query: string) => query.trim().replace(/\s+/g, ' ').toLowerCase();

export const placeSuggestionsQueryKey = (query: string, near: LatLng | null) =>
  ['/api/geo/suggest', normalized(query), near ? round(near.lat) : null, near ? round(near.lng) : null] as const;

/** Places for what has been typed so far (GET /api/geo/suggest: the gazetteer, and the geocoder when configured). */
export function getPlaceSuggestions(query: string, near: LatLng | null, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
  const params = new URLSearchParams({ q: normalized(query) });
  if (near) params.set('near', `${round(near.lat)},${round(near.lng)}`);
  return apiRequest<PlaceSuggestion[]>(`/api/geo/suggest?${params}`, { signal });
}

export const placeSuggestionsQueryOptions = (query: string, near: LatLng | null) =>
  queryOptions({
    queryKey: placeSuggestionsQueryKey(query, near),
    queryFn: ({ signal }) => getPlaceSuggestions(query, near, signal),
    // Places do not move: the same text typed again is answered from the cache.
    staleTime: 10 * 60_000,
  });

/**
 * Suggestions for the (already debounced) text; the previous list stays while the next one loads, so
 * the list does not flicker at each key. Off below MIN_SUGGEST_CHARACTERS and while `enabled` is false.
 */
export function usePlaceSuggestions(query: string, near: LatLng | null, enabled: boolean) {
  return useQuery({
    ...placeSuggestionsQueryOptions(query, near),
    enabled: enabled && normalized(query).length >= MIN_SUGGEST_CHARACTERS,
    placeholderData: keepPreviousData,
  });
}

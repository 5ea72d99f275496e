import type { LatLng, Location } from '@coride/domain';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiRequestError, apiRequest } from '@/lib/api';

/** Coordinates are rounded to about 10 m for caching: the same spot twice is one lookup. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

export const reverseGeocodeQueryKey = (point: LatLng) => ['/api/geocode/reverse', round(point.lat), round(point.lng)] as const;

/** The address at a point, or null where the geocoder knows none (404). */
export async function reverseGeocode(point: LatLng, signal?: AbortSignal): Promise<Location | null> {
  try {
    const params = new URLSearchParams({ lat: String(point.lat), lng: String(point.lng) });
    return await apiRequest<Location>(`/api/geocode/reverse?${params}`, { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export const reverseGeocodeQueryOptions = (point: LatLng) =>
  queryOptions({ queryKey: reverseGeocodeQueryKey(point), queryFn: ({ signal }) => reverseGeocode(point, signal) });

export function useReverseGeocode(): (point: LatLng) => Promise<Location | null> {
  const queryClient = useQueryClient();
  return useCallback((point: LatLng) => queryClient.fetchQuery(reverseGeocodeQueryOptions(point)), [queryClient]);
}

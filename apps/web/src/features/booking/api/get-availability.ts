import type { Availability, LatLng } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** How often the Live Updates card re-reads the driver count while the page is open. */
const REFRESH_MS = 30_000;
/** About 100 m: moving the pin a little does not ask again. */
const round = (value: number) => Math.round(value * 1_000) / 1_000;

export const availabilityQueryKey = (point: LatLng) => ['/api/rides/availability', round(point.lat), round(point.lng)] as const;

/** Whether a point is served, by which territory, and how many drivers are online there. */
export function getAvailability(point: LatLng, signal?: AbortSignal): Promise<Availability> {
  const params = new URLSearchParams({ lat: String(round(point.lat)), lng: String(round(point.lng)) });
  return apiRequest<Availability>(`/api/rides/availability?${params}`, { signal });
}

export const availabilityQueryOptions = (point: LatLng) =>
  queryOptions({
    queryKey: availabilityQueryKey(point),
    queryFn: ({ signal }) => getAvailability(point, signal),
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS,
  });

export function useAvailability(point: LatLng | null) {
  return useQuery({ ...availabilityQueryOptions(point ?? { lat: 0, lng: 0 }), enabled: point !== null });
}

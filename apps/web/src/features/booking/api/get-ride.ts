import type { Ride } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const rideQueryKey = (id: string) => ['/api/rides', id] as const;

export function getRide(id: string, signal?: AbortSignal): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(id)}`, { signal });
}

export const rideQueryOptions = (id: string) => queryOptions({ queryKey: rideQueryKey(id), queryFn: ({ signal }) => getRide(id, signal) });

/** One of the rider's rides by id (a ride that just ended stays on screen for rating). */
export function useRide(id: string | null) {
  return useQuery({ ...rideQueryOptions(id ?? ''), enabled: id !== null });
}

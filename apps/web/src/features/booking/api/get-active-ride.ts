import type { Ride } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** The server's answer (domain activeRideResponseSchema); a command's result writes only `ride`. */
export type ActiveRideResponse = { ride: Ride | null; awaitingRating?: Ride | null };

export const activeRideQueryKey = ['/api/rides/active'] as const;

/** The rider's ride that is requested, accepted or in progress, if any; else the one just finished and not rated yet. */
export function getActiveRide(signal?: AbortSignal): Promise<ActiveRideResponse> {
  return apiRequest<ActiveRideResponse>('/api/rides/active', { signal });
}

export const activeRideQueryOptions = () => queryOptions({ queryKey: activeRideQueryKey, queryFn: ({ signal }) => getActiveRide(signal) });

export function useActiveRide() {
  return useQuery(activeRideQueryOptions());
}

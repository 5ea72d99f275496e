import type { Ride } from '@coride/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const activeRideQueryKey = ['/api/rides/active'] as const;
export type ActiveRideResponse = { ride: Ride | null };

/** The ride the driver is on (accepted or in progress), or null. */
export function getActiveRide(signal?: AbortSignal): Promise<ActiveRideResponse> {
  return apiRequest<ActiveRideResponse>('/api/rides/active', { signal });
}

export const activeRideQueryOptions = () => queryOptions({ queryKey: activeRideQueryKey, queryFn: ({ signal }) => getActiveRide(signal) });

export function useActiveRide() {
  return useQuery(activeRideQueryOptions());
}

/** Records the ride a command returned: still active, or finished (completed, cancelled). */
export function setActiveRide(queryClient: QueryClient, ride: Ride | null): void {
  const isActive = ride !== null && (ride.status === 'accepted' || ride.status === 'in_progress');
  queryClient.setQueryData<ActiveRideResponse>(activeRideQueryKey, { ride: isActive ? ride : null });
}

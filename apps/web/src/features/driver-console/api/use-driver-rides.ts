import type { Ride } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const driverRidesQueryKey = ['/api/drivers/rides'] as const;

/** The driver's own rides, newest first. */
export function getDriverRides(signal?: AbortSignal): Promise<Ride[]> {
  return apiRequest<Ride[]>('/api/drivers/rides', { signal });
}

export const driverRidesQueryOptions = () => queryOptions({ queryKey: driverRidesQueryKey, queryFn: ({ signal }) => getDriverRides(signal) });

export function useDriverRides() {
  return useQuery(driverRidesQueryOptions());
}

import type { Ride } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const ridesQueryKey = ['/api/rides'] as const;

/** The rider's own rides, newest first. */
export function getRides(signal?: AbortSignal): Promise<Ride[]> {
  return apiRequest<Ride[]>('/api/rides', { signal });
}

export const ridesQueryOptions = () => queryOptions({ queryKey: ridesQueryKey, queryFn: ({ signal }) => getRides(signal) });

export function useRides() {
  return useQuery(ridesQueryOptions());
}

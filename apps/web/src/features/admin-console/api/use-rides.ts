import type { Ride } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const ridesQueryKey = ['/api/rides'] as const;

/** Every ride on the platform, newest first (the admin's view of GET /api/rides). */
export function getRides(signal?: AbortSignal): Promise<Ride[]> {
  return apiRequest<Ride[]>('/api/rides', { signal });
}

export const ridesQueryOptions = () => queryOptions({ queryKey: ridesQueryKey, queryFn: ({ signal }) => getRides(signal) });

export function useRides() {
  return useQuery(ridesQueryOptions());
}

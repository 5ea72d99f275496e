import type { RiderStats } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const riderStatsQueryKey = ['/api/users/stats'] as const;

/** Completed rides, money spent (fares and tips, in cents), the rider's rating and rides this month. */
export function getRiderStats(signal?: AbortSignal): Promise<RiderStats> {
  return apiRequest<RiderStats>('/api/users/stats', { signal });
}

export const riderStatsQueryOptions = () => queryOptions({ queryKey: riderStatsQueryKey, queryFn: ({ signal }) => getRiderStats(signal) });

export function useRiderStats() {
  return useQuery(riderStatsQueryOptions());
}

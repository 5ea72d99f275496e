import type { PlatformStats } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const platformStatsQueryKey = ['/api/admin/platform-stats'] as const;

/** All-time totals: people, territories, rides and revenue. */
export function getPlatformStats(signal?: AbortSignal): Promise<PlatformStats> {
  return apiRequest<PlatformStats>('/api/admin/platform-stats', { signal });
}

export const platformStatsQueryOptions = () => queryOptions({ queryKey: platformStatsQueryKey, queryFn: ({ signal }) => getPlatformStats(signal) });

export function usePlatformStats() {
  return useQuery(platformStatsQueryOptions());
}

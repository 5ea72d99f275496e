import type { PlatformAnalytics } from '@coride/domain/community/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const platformAnalyticsQueryKey = ['/api/admin/analytics'] as const;

/** Platform-wide statistics: rides and revenue by month, ledger totals, drivers by tier, each territory's health. */
export function getPlatformAnalytics(signal?: AbortSignal): Promise<PlatformAnalytics> {
  return apiRequest<PlatformAnalytics>('/api/admin/analytics', { signal });
}

export function usePlatformAnalytics() {
  return useQuery(queryOptions({ queryKey: platformAnalyticsQueryKey, queryFn: ({ signal }) => getPlatformAnalytics(signal) }));
}

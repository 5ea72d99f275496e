import type { LicenseeAnalytics } from '@coride/domain/community/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const licenseeAnalyticsQueryKey = (territoryId: string) => ['/api/licensee/analytics', territoryId] as const;

/** One territory's analytics: commission, revenue, rides, drivers, community health, retention, insights. */
export function getLicenseeAnalytics(territoryId: string, signal?: AbortSignal): Promise<LicenseeAnalytics> {
  return apiRequest<LicenseeAnalytics>(`/api/licensee/analytics?territoryId=${encodeURIComponent(territoryId)}`, { signal });
}

export function useLicenseeAnalytics(territoryId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: licenseeAnalyticsQueryKey(territoryId ?? ''),
      queryFn: ({ signal }) => getLicenseeAnalytics(territoryId!, signal),
      enabled: territoryId !== null,
    }),
  );
}

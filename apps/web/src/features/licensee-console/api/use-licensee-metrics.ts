import type { LicenseeMetrics } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const licenseeMetricsQueryKey = ['/api/licensee/metrics'] as const;

/** Revenue, commission, rides and drivers across the licensee's territories (zeros without one). */
export function getLicenseeMetrics(signal?: AbortSignal): Promise<LicenseeMetrics> {
  return apiRequest<LicenseeMetrics>('/api/licensee/metrics', { signal });
}

export const licenseeMetricsQueryOptions = () => queryOptions({ queryKey: licenseeMetricsQueryKey, queryFn: ({ signal }) => getLicenseeMetrics(signal) });

export function useLicenseeMetrics() {
  return useQuery(licenseeMetricsQueryOptions());
}

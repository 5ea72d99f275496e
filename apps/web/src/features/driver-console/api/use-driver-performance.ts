import type { DriverPerformance } from '@coride/domain/community/performance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const driverPerformanceQueryKey = ['/api/drivers/performance'] as const;

/** The driver's tier, metrics over the judged period, goals to the next tier and the tier's rules. */
export function getDriverPerformance(signal?: AbortSignal): Promise<DriverPerformance> {
  return apiRequest<DriverPerformance>('/api/drivers/performance', { signal });
}

export const driverPerformanceQueryOptions = () => queryOptions({ queryKey: driverPerformanceQueryKey, queryFn: ({ signal }) => getDriverPerformance(signal) });

export function useDriverPerformance() {
  return useQuery(driverPerformanceQueryOptions());
}

import type { DriverApplication } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const driverApplicationsQueryKey = ['/api/driver-applications'] as const;

/** Every driver application, newest first. */
export function getDriverApplications(signal?: AbortSignal): Promise<DriverApplication[]> {
  return apiRequest<DriverApplication[]>('/api/driver-applications', { signal });
}

export const driverApplicationsQueryOptions = () =>
  queryOptions({ queryKey: driverApplicationsQueryKey, queryFn: ({ signal }) => getDriverApplications(signal) });

export function useDriverApplications() {
  return useQuery(driverApplicationsQueryOptions());
}

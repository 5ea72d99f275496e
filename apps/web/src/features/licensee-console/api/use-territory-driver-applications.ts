import type { DriverApplication } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const territoryDriverApplicationsQueryKey = ['/api/driver-applications'] as const;

/** For a licensee the server lists only the applications of drivers in its territories. */
export function getTerritoryDriverApplications(signal?: AbortSignal): Promise<DriverApplication[]> {
  return apiRequest<DriverApplication[]>('/api/driver-applications', { signal });
}

export const territoryDriverApplicationsQueryOptions = () =>
  queryOptions({ queryKey: territoryDriverApplicationsQueryKey, queryFn: ({ signal }) => getTerritoryDriverApplications(signal) });

export function useTerritoryDriverApplications() {
  return useQuery(territoryDriverApplicationsQueryOptions());
}

import type { LicenseeApplication } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const licenseeApplicationsQueryKey = ['/api/licensee-applications'] as const;

/** Every licensee application, newest first. */
export function getLicenseeApplications(signal?: AbortSignal): Promise<LicenseeApplication[]> {
  return apiRequest<LicenseeApplication[]>('/api/licensee-applications', { signal });
}

export const licenseeApplicationsQueryOptions = () =>
  queryOptions({ queryKey: licenseeApplicationsQueryKey, queryFn: ({ signal }) => getLicenseeApplications(signal) });

export function useLicenseeApplications() {
  return useQuery(licenseeApplicationsQueryOptions());
}

import type { DriverApplication } from '@coride/domain';
import { usePagedList } from '@/components/paged-list/use-paged-list';
import { APPLICATIONS_PAGE, APPLICATIONS_SHOWN, type ApplicationFilters } from '../applications';

export const driverApplicationsQueryKey = ['/api/driver-applications'] as const;

/**
 * Driver applications, newest first, of the chosen status and matching the search: the spec's five,
 * then older ones a page at a time.
 */
export function useDriverApplications({ q, status }: ApplicationFilters = { q: '', status: undefined }) {
  return usePagedList<DriverApplication>({
    queryKey: [...driverApplicationsQueryKey, { q, status }],
    path: '/api/driver-applications',
    params: { q, status },
    firstLimit: APPLICATIONS_SHOWN,
    limit: APPLICATIONS_PAGE,
  });
}

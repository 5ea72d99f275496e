import type { DriverApplication } from '@coride/domain';
import { usePagedList } from '@/components/paged-list/use-paged-list';
import { APPLICATIONS_PAGE, APPLICATIONS_SHOWN } from '../applications';

export const driverApplicationsQueryKey = ['/api/driver-applications'] as const;

/** Every driver application, newest first: the spec's five, then older ones a page at a time. */
export function useDriverApplications() {
  return usePagedList<DriverApplication>({
    queryKey: driverApplicationsQueryKey,
    path: '/api/driver-applications',
    firstLimit: APPLICATIONS_SHOWN,
    limit: APPLICATIONS_PAGE,
  });
}

import type { LicenseeApplication } from '@coride/domain';
import { usePagedList } from '@/components/paged-list/use-paged-list';
import { APPLICATIONS_PAGE, APPLICATIONS_SHOWN } from '../applications';

export const licenseeApplicationsQueryKey = ['/api/licensee-applications'] as const;

/** Every licensee application, newest first: the spec's five, then older ones a page at a time. */
export function useLicenseeApplications() {
  return usePagedList<LicenseeApplication>({
    queryKey: licenseeApplicationsQueryKey,
    path: '/api/licensee-applications',
    firstLimit: APPLICATIONS_SHOWN,
    limit: APPLICATIONS_PAGE,
  });
}

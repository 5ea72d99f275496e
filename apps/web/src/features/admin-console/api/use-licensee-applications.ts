import type { LicenseeApplication } from '@coride/domain';
import { usePagedList } from '@/components/paged-list/use-paged-list';
import { APPLICATIONS_PAGE, APPLICATIONS_SHOWN, type ApplicationFilters } from '../applications';

export const licenseeApplicationsQueryKey = ['/api/licensee-applications'] as const;

/**
 * Licensee applications, newest first, of the chosen status and matching the search: the spec's five,
 * then older ones a page at a time.
 */
export function useLicenseeApplications({ q, status }: ApplicationFilters = { q: '', status: undefined }) {
  return usePagedList<LicenseeApplication>({
    queryKey: [...licenseeApplicationsQueryKey, { q, status }],
    path: '/api/licensee-applications',
    params: { q, status },
    firstLimit: APPLICATIONS_SHOWN,
    limit: APPLICATIONS_PAGE,
  });
}

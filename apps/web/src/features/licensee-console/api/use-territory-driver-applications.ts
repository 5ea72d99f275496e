import type { DriverApplication } from '@coride/domain';
import { AWAITING_REVIEW } from '@coride/domain/paging';
import { usePagedList } from '@/components/paged-list/use-paged-list';

export const territoryDriverApplicationsQueryKey = ['/api/driver-applications'] as const;

/** The spec's display limit for application lists: the first page. */
const APPLICATIONS_SHOWN = 5;
/** The pages after the first, read with "Load more". */
const APPLICATIONS_PAGE = 20;

/**
 * The applications of the licensee's territories awaiting a decision (pending or under review), newest
 * first, a page at a time. The server picks them (`?status=awaiting`, and only the licensee's
 * territories): picked out of the newest page, one that waited behind many decided ones would be lost.
 */
export function useTerritoryDriverApplications() {
  return usePagedList<DriverApplication>({
    queryKey: [...territoryDriverApplicationsQueryKey, { status: AWAITING_REVIEW }],
    path: '/api/driver-applications',
    params: { status: AWAITING_REVIEW },
    firstLimit: APPLICATIONS_SHOWN,
    limit: APPLICATIONS_PAGE,
  });
}

import type { ApplicationListQuery } from '@coride/domain';

/** The spec's display limit for each application list: the first page. */
export const APPLICATIONS_SHOWN = 5;
/** The pages after the first, read with "Load more". */
export const APPLICATIONS_PAGE = 20;

/** The filters of the applications tab: a status (or `awaiting`: pending and under review, the default) and a search. */
export type ApplicationFilters = { q: string; status: ApplicationListQuery['status'] };

/** The status filter's choices, awaiting review first: what an admin has to act on. */
export const APPLICATION_STATUS_FILTERS = ['awaiting', 'all', 'pending', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationStatusFilter = (typeof APPLICATION_STATUS_FILTERS)[number];

/** The query's status for a choice of the filter (`all`: none). */
export const statusOfFilter = (filter: ApplicationStatusFilter): ApplicationListQuery['status'] => (filter === 'all' ? undefined : filter);

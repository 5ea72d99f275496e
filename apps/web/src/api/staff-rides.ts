/**
 * The rides staff see (GET /api/rides as an admin: every ride; as a licensee: its territories'): the
 * admin console and the licensee console read the same lists, so the fetcher lives outside both.
 * Every such list is keyed under `staffRidesQueryKey`: invalidating it refreshes them all, and never a
 * ride's own query (`['/api/rides', id]`).
 */
import type { Ride } from '@coride/domain';
import { usePagedList } from '@/components/paged-list/use-paged-list';

export const staffRidesQueryKey = ['/api/rides', 'staff'] as const;

/** Enough for every ride under way at once on most days; more come with "Load more". */
const ACTIVE_RIDES_PAGE = 200;

/**
 * The rides that have not ended, however old their booking (`?status=active`): picked out of the
 * newest page instead, a ride stuck since before it would be missing.
 */
export function useActiveStaffRides() {
  return usePagedList<Ride>({
    queryKey: [...staffRidesQueryKey, { status: 'active' }],
    path: '/api/rides',
    params: { status: 'active' },
    limit: ACTIVE_RIDES_PAGE,
  });
}

/** Every ride in the caller's scope, newest booking first; `q` (admins only) searches them. */
export function useStaffRideHistory(q: string) {
  return usePagedList<Ride>({ queryKey: [...staffRidesQueryKey, { q }], path: '/api/rides', params: { q } });
}

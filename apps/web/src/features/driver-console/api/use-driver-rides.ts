import type { Ride } from '@coride/domain';
import { usePagedList } from '@/components/paged-list/use-paged-list';

export const driverRidesQueryKey = ['/api/drivers/rides'] as const;

/** The spec's display limit for the driver's recent rides: the first page; "Load more" reads older ones. */
export const RECENT_RIDES_SHOWN = 5;
/** The pages after the first: the driver's history, a screenful at a time. */
const HISTORY_PAGE = 20;

/** The driver's own rides, newest first: the five most recent, then older ones a page at a time. */
export function useDriverRides() {
  return usePagedList<Ride>({ queryKey: driverRidesQueryKey, path: '/api/drivers/rides', firstLimit: RECENT_RIDES_SHOWN, limit: HISTORY_PAGE });
}

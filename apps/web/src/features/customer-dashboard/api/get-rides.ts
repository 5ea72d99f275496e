import type { Ride } from '@coride/domain';
import { usePagedList } from '@/components/paged-list/use-paged-list';

/**
 * The rider's own rides, newest first, a page at a time. The key stays `['/api/rides']`: the booking
 * page refreshes it (exactly, leaving each ride's own queries alone) after every change to a ride.
 */
export const ridesQueryKey = ['/api/rides'] as const;

export function useRides() {
  return usePagedList<Ride>({ queryKey: ridesQueryKey, path: '/api/rides' });
}

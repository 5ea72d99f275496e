/**
 * Cancelling a stuck ride as staff: the admin console and the licensee console call the same endpoint,
 * so the fetcher lives outside both features; each passes the queries it must refresh afterwards.
 */
import type { Ride, StaffCancelRideRequest } from '@coride/domain';
import { type InvalidateQueryFilters, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export type StaffCancelRideInput = StaffCancelRideRequest & { id: string };

/** Cancels an active ride with a reason; 404 outside the caller's territories, 409 when it has ended meanwhile. */
export function staffCancelRide({ id, ...body }: StaffCancelRideInput): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(id)}/cancel`, { method: 'POST', body });
}

/**
 * Cancels a ride, then refreshes every query in `invalidate`, on a refusal too (a 409 means the list was
 * out of date). The refresh finishes before the promise settles.
 */
export function useStaffCancelRide(invalidate: readonly InvalidateQueryFilters[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: staffCancelRide,
    onSettled: () => Promise.all(invalidate.map((filters) => queryClient.invalidateQueries(filters))),
  });
}

import type { Ride, StaffCancelRideRequest } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { adminDashboardQueryKey } from './use-admin-dashboard';
import { platformStatsQueryKey } from './use-platform-stats';
import { ridesQueryKey } from './use-rides';

export type CancelRideInput = StaffCancelRideRequest & { id: string };

/** Cancels any active ride (a stuck one) with a reason; 409 when it has ended meanwhile. */
export function cancelRide({ id, ...body }: CancelRideInput): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(id)}/cancel`, { method: 'POST', body });
}

/**
 * Cancels a ride, then refreshes the rides and today's figures (active and cancelled counts). On a
 * refusal too: a 409 means the list was out of date. The refresh finishes before the promise settles.
 */
export function useCancelRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRide,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ridesQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: adminDashboardQueryKey }),
        queryClient.invalidateQueries({ queryKey: platformStatsQueryKey }),
      ]),
  });
}

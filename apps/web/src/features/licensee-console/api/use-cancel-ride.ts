import type { Ride, StaffCancelRideRequest } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { licenseeMetricsQueryKey } from './use-licensee-metrics';
import { territoryRidesQueryKey } from './use-territory-rides';

export type CancelRideInput = StaffCancelRideRequest & { id: string };

/** Cancels an active ride of the licensee's territories; 404 outside them, 409 when it has ended meanwhile. */
export function cancelRide({ id, ...body }: CancelRideInput): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(id)}/cancel`, { method: 'POST', body });
}

/**
 * Cancels a ride, then refreshes the territory's rides and its figures. On a refusal too: a 409 means
 * the list was out of date. The refresh finishes before the promise settles.
 */
export function useCancelRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRide,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: territoryRidesQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: licenseeMetricsQueryKey }),
      ]),
  });
}

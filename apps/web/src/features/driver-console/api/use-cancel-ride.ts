import type { Ride } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { setActiveRide } from './use-active-ride';
import { driverRidesQueryKey } from './use-driver-rides';

export type CancelRideInput = { rideId: string; reason?: string };

/** A driver may cancel only while the ride is accepted (before the pickup); the reason is recorded. */
export function cancelRide({ rideId, reason }: CancelRideInput): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(rideId)}/cancel`, { method: 'POST', body: reason ? { reason } : {} });
}

export function useCancelRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRide,
    onSuccess: (ride) => {
      setActiveRide(queryClient, ride);
      // Not awaited: the confirmation should not wait for the list to reload.
      void queryClient.invalidateQueries({ queryKey: driverRidesQueryKey });
    },
  });
}

import type { Ride } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { setActiveRide } from './use-active-ride';
import { driverEarningsQueryKey } from './use-driver-earnings';
import { driverPerformanceQueryKey } from './use-driver-performance';
import { driverProfileQueryKey } from './use-driver-profile';
import { driverRidesQueryKey } from './use-driver-rides';

/** Dropped the rider off: in_progress -> completed; the earning counts toward today (held in escrow). */
export function completeRide(rideId: string): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(rideId)}/complete`, { method: 'POST' });
}

export function useCompleteRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeRide,
    onSuccess: (ride) => {
      setActiveRide(queryClient, ride);
      // Not awaited: the confirmation should not wait for the lists to reload.
      void queryClient.invalidateQueries({ queryKey: driverRidesQueryKey });
      void queryClient.invalidateQueries({ queryKey: driverProfileQueryKey });
      // The fare is captured into escrow on completion: the earnings change.
      void queryClient.invalidateQueries({ queryKey: driverEarningsQueryKey });
      // A completed ride counts toward the metrics, the streak and the tier.
      void queryClient.invalidateQueries({ queryKey: driverPerformanceQueryKey });
    },
  });
}

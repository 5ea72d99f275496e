import type { Ride } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { setActiveRide } from './use-active-ride';
import { driverRidesQueryKey } from './use-driver-rides';

/** Picked up the rider: accepted -> in_progress, with the PIN the rider told (ADR 028). */
export function startRide({ rideId, pin }: { rideId: string; pin: string }): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(rideId)}/start`, { method: 'POST', body: pin ? { pin } : {} });
}

export function useStartRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startRide,
    onSuccess: (ride) => {
      setActiveRide(queryClient, ride);
      // Not awaited: the confirmation should not wait for the list to reload.
      void queryClient.invalidateQueries({ queryKey: driverRidesQueryKey });
    },
  });
}

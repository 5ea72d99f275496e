import type { Ride } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '@/lib/api';
import { setActiveRide } from './use-active-ride';
import { removeOffer } from './use-driver-offers';
import { driverRidesQueryKey } from './use-driver-rides';

/** First acceptance wins: 409 when another driver took it, it expired or was cancelled. */
export function acceptRide(rideId: string): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(rideId)}/accept`, { method: 'POST' });
}

export function useAcceptRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRide,
    onSuccess: (ride) => {
      removeOffer(queryClient, ride.id);
      setActiveRide(queryClient, ride);
      // Not awaited: the confirmation should not wait for the list to reload.
      void queryClient.invalidateQueries({ queryKey: driverRidesQueryKey });
    },
    onError: (error, rideId) => {
      // The request is gone for good (taken, expired, cancelled): drop its card.
      if (error instanceof ApiRequestError && (error.status === 409 || error.status === 404)) removeOffer(queryClient, rideId);
    },
  });
}

import type { Ride } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { setActiveRide } from './use-active-ride';

/**
 * "I've arrived" (contract §10): the rider is told the driver is at the pickup. 422
 * TOO_FAR_FROM_PICKUP more than 200 m away; a repeat answers the ride as it is.
 */
export function arriveAtPickup(rideId: string): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(rideId)}/arrive`, { method: 'POST', body: {} });
}

export function useArriveAtPickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: arriveAtPickup,
    onSuccess: (ride) => setActiveRide(queryClient, ride),
  });
}

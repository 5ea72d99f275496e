import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { removeOffer } from './use-driver-offers';

/** Passes on a request so dispatch moves to the next driver at once instead of waiting for the timeout. */
export function declineRide(rideId: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/rides/${encodeURIComponent(rideId)}/decline`, { method: 'POST' });
}

export function useDeclineRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineRide,
    // The card goes at once: a declined request cannot come back, whatever the server answers.
    onMutate: (rideId) => removeOffer(queryClient, rideId),
  });
}

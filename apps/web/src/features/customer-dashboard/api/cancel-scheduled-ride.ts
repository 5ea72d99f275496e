import type { Ride } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { ridesQueryKey } from './get-rides';

/** Cancels a ride booked for later (ADR 034): free until its dispatch starts. */
export function cancelScheduledRide(rideId: string): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${rideId}/cancel`, { method: 'POST', body: {} });
}

export function useCancelScheduledRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelScheduledRide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ridesQueryKey, exact: true }),
  });
}

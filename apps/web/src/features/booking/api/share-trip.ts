import type { TripShareLink } from '@coride/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** A new link to follow the ride (an earlier one stops working), ADR 028. */
export function useShareTrip() {
  return useMutation({
    mutationFn: (rideId: string) => apiRequest<TripShareLink>(`/api/rides/${encodeURIComponent(rideId)}/share`, { method: 'POST' }),
  });
}

/** Turns the ride's links off. */
export function useStopSharingTrip() {
  return useMutation({
    mutationFn: (rideId: string) => apiRequest<{ revoked: number }>(`/api/rides/${encodeURIComponent(rideId)}/share`, { method: 'DELETE' }),
  });
}

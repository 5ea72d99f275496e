import type { Ride } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { rideQueryKey } from './get-ride';

export type RateRideInput = { id: string; rating: number; comment?: string; safetyRating?: number };

export function rateRide({ id, rating, comment, safetyRating }: RateRideInput): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(id)}/rate`, {
    method: 'POST',
    body: { rating, ...(comment ? { comment } : {}), ...(safetyRating ? { safetyRating } : {}) },
  });
}

/** Rates the driver of a completed ride, once. */
export function useRateRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateRide,
    onSuccess: (ride) => {
      queryClient.setQueryData(rideQueryKey(ride.id), ride);
      void queryClient.invalidateQueries({ queryKey: ['/api/rides'], exact: true });
    },
  });
}

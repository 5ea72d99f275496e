import type { Ride } from '@coride/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { paymentHistoryQueryKey, receiptQueryKey } from '@/api/payments';
import { rideQueryKey } from '@/api/rides';
import { apiRequest } from '@/lib/api';

/**
 * Rating and tipping a completed ride (contract §10): from the ride page right after the trip, or from
 * the rides list for 7 days after it.
 */
export type RateRideInput = { id: string; rating: number; comment?: string; safetyRating?: number };

export function rateRide({ id, rating, comment, safetyRating }: RateRideInput): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(id)}/rate`, {
    method: 'POST',
    body: { rating, ...(comment ? { comment } : {}), ...(safetyRating ? { safetyRating } : {}) },
  });
}

/** `amount` in cents; the whole tip goes to the driver. */
export function tipRide(id: string, amount: number): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(id)}/tip`, { method: 'POST', body: { amount } });
}

/** The ride as the server now has it, on the ride page and in every rides list (`/api/rides` pages). */
function storeRide(queryClient: QueryClient, ride: Ride) {
  queryClient.setQueryData(rideQueryKey(ride.id), ride);
  void queryClient.invalidateQueries({ queryKey: ['/api/rides'], exact: true });
}

/** Rates the driver of a completed ride, once. */
export function useRateRide() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rateRide, onSuccess: (ride) => storeRide(queryClient, ride) });
}

/** Tips the driver of a completed ride, once. */
export function useTipRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount }: { id: string; amount: number }) => tipRide(id, amount),
    onSuccess: (ride) => {
      storeRide(queryClient, ride);
      void queryClient.invalidateQueries({ queryKey: ['/api/users/stats'] });
      // The tip is charged to the card: the receipt and the payment history change too.
      void queryClient.invalidateQueries({ queryKey: receiptQueryKey(ride.id) });
      void queryClient.invalidateQueries({ queryKey: paymentHistoryQueryKey });
    },
  });
}

import type { Ride } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentHistoryQueryKey, receiptQueryKey } from '@/api/payments';
import { apiRequest } from '@/lib/api';
import { rideQueryKey } from './get-ride';

/** `amount` in cents; the whole tip goes to the driver. */
export function tipRide(id: string, amount: number): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(id)}/tip`, { method: 'POST', body: { amount } });
}

/** Tips the driver of a completed ride, once. */
export function useTipRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount }: { id: string; amount: number }) => tipRide(id, amount),
    onSuccess: (ride) => {
      queryClient.setQueryData(rideQueryKey(ride.id), ride);
      void queryClient.invalidateQueries({ queryKey: ['/api/rides'], exact: true });
      void queryClient.invalidateQueries({ queryKey: ['/api/users/stats'] });
      // The tip is charged to the card: the receipt and the payment history change too.
      void queryClient.invalidateQueries({ queryKey: receiptQueryKey(ride.id) });
      void queryClient.invalidateQueries({ queryKey: paymentHistoryQueryKey });
    },
  });
}

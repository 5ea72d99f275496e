import type { Location, Ride, RideOptions } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { activeRideQueryKey, type ActiveRideResponse } from './get-active-ride';
import { rideQueryKey } from './get-ride';

export type BookRideInput = Partial<RideOptions> & {
  pickupLocation: Location;
  dropoffLocation: Location;
  /** The quote whose price the rider saw; without one the server prices the trip afresh. */
  quoteId?: string;
  /** One per booking attempt and reused on retry, so a retried request never books twice. */
  idempotencyKey: string;
  /** Book for later (ADR 034): the pickup time, 15 minutes to 30 days ahead. */
  scheduledAt?: string;
};

export function bookRide({ idempotencyKey, ...body }: BookRideInput): Promise<Ride> {
  return apiRequest<Ride>('/api/rides', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Books the ride and makes it the rider's active ride at once (no refetch needed). */
export function useBookRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookRide,
    onSuccess: (ride) => {
      // A ride booked for later is not the active ride: only the rides list changes.
      if (ride.status === 'scheduled') {
        void queryClient.invalidateQueries({ queryKey: ['/api/rides'], exact: true });
        return;
      }
      queryClient.setQueryData<ActiveRideResponse>(activeRideQueryKey, { ride });
      queryClient.setQueryData(rideQueryKey(ride.id), ride);
      void queryClient.invalidateQueries({ queryKey: ['/api/rides'], exact: true });
    },
  });
}

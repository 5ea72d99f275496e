import type { Ride } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { activeRideQueryKey, type ActiveRideResponse } from './get-active-ride';
import { rideQueryKey } from './get-ride';

export function cancelRide(id: string, reason?: string): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: reason ? { reason } : {} });
}

/** The rider cancels while the ride is requested or accepted; it stops being the active ride. */
export function useCancelRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => cancelRide(id, reason),
    onSuccess: (ride) => {
      queryClient.setQueryData(rideQueryKey(ride.id), ride);
      queryClient.setQueryData<ActiveRideResponse>(activeRideQueryKey, { ride: null });
      void queryClient.invalidateQueries({ queryKey: ['/api/rides'], exact: true });
    },
  });
}

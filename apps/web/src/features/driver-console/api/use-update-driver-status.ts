import type { DriverMe, LatLng } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { driverOffersQueryKey } from './use-driver-offers';
import { driverProfileQueryKey } from './use-driver-profile';

export type DriverStatus = DriverMe['status'];
export type UpdateDriverStatusInput = { status: DriverStatus; location?: LatLng };

/**
 * Online needs approval (403), a location (422 'Location Required - …') and a territory covering
 * that location (422); offline always works.
 */
export function updateDriverStatus(body: UpdateDriverStatusInput): Promise<{ status: DriverStatus }> {
  return apiRequest<{ status: DriverStatus }>('/api/drivers/status', { method: 'PATCH', body });
}

export function useUpdateDriverStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDriverStatus,
    onSuccess: ({ status }, { location }) => {
      queryClient.setQueryData<DriverMe>(driverProfileQueryKey, (me) => me && { ...me, status, currentLocation: location ?? me.currentLocation });
      // Going online may place the driver in a territory: re-read the profile and any open requests.
      void queryClient.invalidateQueries({ queryKey: driverProfileQueryKey });
      void queryClient.invalidateQueries({ queryKey: driverOffersQueryKey });
    },
  });
}

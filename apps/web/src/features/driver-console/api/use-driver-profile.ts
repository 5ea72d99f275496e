import type { DriverMe } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const driverProfileQueryKey = ['/api/drivers/me'] as const;

/** The signed-in driver: vehicle, approval, online status, position and today's figures. */
export function getDriverProfile(signal?: AbortSignal): Promise<DriverMe> {
  return apiRequest<DriverMe>('/api/drivers/me', { signal });
}

export const driverProfileQueryOptions = () => queryOptions({ queryKey: driverProfileQueryKey, queryFn: ({ signal }) => getDriverProfile(signal) });

export function useDriverProfile() {
  return useQuery(driverProfileQueryOptions());
}

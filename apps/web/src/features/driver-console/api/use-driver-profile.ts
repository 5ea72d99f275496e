import type { DriverProfile } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const driverProfileQueryKey = ['/api/drivers/me'] as const;

export function getDriverProfile(signal?: AbortSignal): Promise<DriverProfile> {
  return apiRequest<DriverProfile>('/api/drivers/me', { signal });
}

export const driverProfileQueryOptions = () => queryOptions({ queryKey: driverProfileQueryKey, queryFn: ({ signal }) => getDriverProfile(signal) });

/** The signed-in driver's vehicle, approval and application status. */
export function useDriverProfile() {
  return useQuery(driverProfileQueryOptions());
}

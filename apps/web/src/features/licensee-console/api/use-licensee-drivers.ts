import type { LicenseeDriver } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const licenseeDriversQueryKey = ['/api/licensee/drivers'] as const;

/** Drivers of the licensee's territories: active (approved) or inactive (waiting for approval). */
export function getLicenseeDrivers(signal?: AbortSignal): Promise<LicenseeDriver[]> {
  return apiRequest<LicenseeDriver[]>('/api/licensee/drivers', { signal });
}

export const licenseeDriversQueryOptions = () => queryOptions({ queryKey: licenseeDriversQueryKey, queryFn: ({ signal }) => getLicenseeDrivers(signal) });

export function useLicenseeDrivers() {
  return useQuery(licenseeDriversQueryOptions());
}

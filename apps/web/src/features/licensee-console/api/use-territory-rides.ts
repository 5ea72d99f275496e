import type { Ride } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const territoryRidesQueryKey = ['/api/rides'] as const;

/** The rides of the licensee's territories, newest first (the licensee's view of GET /api/rides). */
export function getTerritoryRides(signal?: AbortSignal): Promise<Ride[]> {
  return apiRequest<Ride[]>('/api/rides', { signal });
}

export const territoryRidesQueryOptions = () => queryOptions({ queryKey: territoryRidesQueryKey, queryFn: ({ signal }) => getTerritoryRides(signal) });

export function useTerritoryRides() {
  return useQuery(territoryRidesQueryOptions());
}

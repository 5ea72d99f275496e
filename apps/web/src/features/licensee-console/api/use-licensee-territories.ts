import type { TerritorySummary } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const licenseeTerritoriesQueryKey = ['/api/licensee/territories'] as const;

/** The licensee's territories with their zip codes, drivers online, rides, revenue and commission. */
export function getLicenseeTerritories(signal?: AbortSignal): Promise<TerritorySummary[]> {
  return apiRequest<TerritorySummary[]>('/api/licensee/territories', { signal });
}

export const licenseeTerritoriesQueryOptions = () =>
  queryOptions({ queryKey: licenseeTerritoriesQueryKey, queryFn: ({ signal }) => getLicenseeTerritories(signal) });

export function useLicenseeTerritories() {
  return useQuery(licenseeTerritoriesQueryOptions());
}

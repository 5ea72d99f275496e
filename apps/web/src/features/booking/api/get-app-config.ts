import type { LatLng } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export type AppConfig = { mapTileUrl: string; offerTimeoutSeconds: number; defaultCenter: LatLng };

export const appConfigQueryKey = ['/api/config'] as const;

/** Public settings: the map's tile server and the default centre (New York). */
export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return apiRequest<AppConfig>('/api/config', { signal });
}

export const appConfigQueryOptions = () => queryOptions({ queryKey: appConfigQueryKey, queryFn: ({ signal }) => getAppConfig(signal) });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}

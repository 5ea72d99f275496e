import type { LatLng, SharedTrip } from '@coride/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '@/lib/api';

/** How often the public page re-reads the trip: the driver's position and the status live enough. */
export const SHARED_TRIP_REFRESH_MS = 4000;

/** The shared trip behind a link (no sign-in), re-read every few seconds while it can still change. */
export function useSharedTrip(token: string) {
  return useQuery({
    queryKey: ['/api/shared-trips', token],
    queryFn: ({ signal }) => apiRequest<SharedTrip>(`/api/shared-trips/${encodeURIComponent(token)}`, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (query.state.error instanceof ApiRequestError && query.state.error.status < 500) return false;
      return status === 'completed' || status === 'cancelled' ? false : SHARED_TRIP_REFRESH_MS;
    },
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 3,
  });
}

/** The map's tile server and default centre (public /api/config, the same cache entry the booking page uses). */
export function useMapTiles() {
  return useQuery({
    queryKey: ['/api/config'],
    queryFn: ({ signal }) => apiRequest<{ mapTileUrl: string; defaultCenter: LatLng }>('/api/config', { signal }),
  });
}

import type { LatLng } from '@coride/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** The map's tile server and default centre from the public /api/config (the cache entry the booking page reads too). */
export function useMapConfig() {
  return useQuery({
    queryKey: ['/api/config'],
    queryFn: ({ signal }) => apiRequest<{ mapTileUrl: string; defaultCenter: LatLng }>('/api/config', { signal }),
  });
}

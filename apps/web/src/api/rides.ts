import type { Ride } from '@coride/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** The query key of one ride as its rider or driver reads it (`GET /api/rides/:id`), shared by every feature that updates it. */
export const rideQueryKey = (id: string) => ['/api/rides', id] as const;

export function getRide(id: string, signal?: AbortSignal): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(id)}`, { signal });
}

export const rideQueryOptions = (id: string) => queryOptions({ queryKey: rideQueryKey(id), queryFn: ({ signal }) => getRide(id, signal) });

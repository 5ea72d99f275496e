import type { LowRatedPerson } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const lowRatedQueryKey = ['/api/licensee/low-rated'] as const;

/** Riders and drivers of the licensee's territories whose average rating is low (ADR 029). */
export function getLowRated(signal?: AbortSignal): Promise<LowRatedPerson[]> {
  return apiRequest<LowRatedPerson[]>('/api/licensee/low-rated', { signal });
}

export function useLowRated() {
  return useQuery(queryOptions({ queryKey: lowRatedQueryKey, queryFn: ({ signal }) => getLowRated(signal) }));
}

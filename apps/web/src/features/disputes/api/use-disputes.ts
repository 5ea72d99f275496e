import type { Dispute } from '@coride/domain/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const disputesQueryKey = ['/api/disputes'] as const;

/** A licensee gets the disputes of its territories, an admin every dispute. */
export function getDisputes(signal?: AbortSignal): Promise<Dispute[]> {
  return apiRequest<Dispute[]>('/api/disputes', { signal });
}

export const disputesQueryOptions = () => queryOptions({ queryKey: disputesQueryKey, queryFn: ({ signal }) => getDisputes(signal) });

export function useDisputes() {
  return useQuery(disputesQueryOptions());
}

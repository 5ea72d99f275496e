import type { Mediation } from '@coride/domain/assistant';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const mediationQueryKey = (disputeId: string) => ['/api/disputes', disputeId, 'mediation'] as const;

/**
 * The assistant's mediation of an open dispute: the facts it gathered (quoted vs actual trip, times,
 * money) and the resolution the written rules propose. Looking at it is recorded on the dispute.
 */
export function useMediation(disputeId: string) {
  return useQuery({
    queryKey: mediationQueryKey(disputeId),
    queryFn: ({ signal }) => apiRequest<Mediation>(`/api/disputes/${encodeURIComponent(disputeId)}/mediation`, { signal }),
  });
}

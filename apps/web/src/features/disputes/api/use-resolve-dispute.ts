import type { Dispute, ResolveDisputeRequest } from '@coride/domain/payments';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { disputesQueryKey } from './use-disputes';

export type ResolveDisputeInput = ResolveDisputeRequest & { id: string };

/**
 * Refunds the rider (all or part of the fare) or releases the money to the payees. 409 when the
 * dispute was already resolved; 400 with fields.refundAmount when the refund is more than was paid.
 */
export function resolveDispute({ id, ...body }: ResolveDisputeInput): Promise<Dispute> {
  return apiRequest<Dispute>(`/api/disputes/${encodeURIComponent(id)}/resolve`, { method: 'POST', body });
}

/**
 * Resolves, then refreshes the disputes and whatever figures the console shows from the ledger. Not
 * awaited: the dialog closes on the answer, before the decided dispute moves to the resolved list.
 */
export function useResolveDispute(alsoRefresh: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveDispute,
    onSettled: () => {
      for (const queryKey of [disputesQueryKey, ...alsoRefresh]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

import type { Dispute, OpenDisputeRequest } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { paymentHistoryQueryKey, receiptQueryKey } from '@/api/payments';
import { riderDisputesQueryKey } from './get-disputes';

export function openDispute(rideId: string, request: OpenDisputeRequest): Promise<Dispute> {
  return apiRequest<Dispute>(`/api/rides/${encodeURIComponent(rideId)}/disputes`, { method: 'POST', body: request });
}

/** Reports a problem with a completed ride: its payment stays in escrow until the licensee decides. */
export function useOpenDispute(rideId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: OpenDisputeRequest) => openDispute(rideId, request),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: receiptQueryKey(rideId) }),
        queryClient.invalidateQueries({ queryKey: paymentHistoryQueryKey }),
        queryClient.invalidateQueries({ queryKey: riderDisputesQueryKey }),
      ]);
    },
  });
}

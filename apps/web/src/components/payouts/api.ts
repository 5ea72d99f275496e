import type { CreatePayoutRequest, Payout, PayoutAccountRequest, PayoutOverview, PayoutStatement } from '@coride/domain/payouts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { usePagedList } from '@/components/paged-list/use-paged-list';

/*
 * The payouts API as the driver's and the licensee's consoles use it (contract §8): the account and
 * the available balance, cash out, the paged history, a week's statement.
 */

export const payoutOverviewQueryKey = ['/api/payouts/account'] as const;
export const payoutHistoryQueryKey = ['/api/payouts'] as const;

export const payoutOverviewQueryOptions = () =>
  queryOptions({ queryKey: payoutOverviewQueryKey, queryFn: ({ signal }) => apiRequest<PayoutOverview>('/api/payouts/account', { signal }) });

export function usePayoutOverview() {
  return useQuery(payoutOverviewQueryOptions());
}

export function usePayoutHistory() {
  return usePagedList<Payout>({ queryKey: payoutHistoryQueryKey, path: '/api/payouts', limit: 10 });
}

export function usePayoutStatement(week: string) {
  return useQuery({
    queryKey: ['/api/payouts/statements', week],
    queryFn: ({ signal }) => apiRequest<PayoutStatement>(`/api/payouts/statements/${encodeURIComponent(week)}`, { signal }),
  });
}

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutAccountRequest) => apiRequest<PayoutOverview>('/api/payouts/account', { method: 'PUT', body }),
    onSuccess: (overview) => queryClient.setQueryData(payoutOverviewQueryKey, overview),
  });
}

/** Cash out; one Idempotency-Key per press, so a retried request pays once. */
export function useCashOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreatePayoutRequest; key: string }) =>
      apiRequest<Payout>('/api/payouts', { method: 'POST', body, headers: { 'Idempotency-Key': key } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutOverviewQueryKey }),
        queryClient.invalidateQueries({ queryKey: payoutHistoryQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/payouts/statements'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/drivers/earnings'] }),
      ]),
  });
}

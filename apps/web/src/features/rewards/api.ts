import type { RedeemResponse, RedemptionOptionId } from '@coride/domain/community/rewards';
import type { ChampionsBoard, CreateSubmissionRequest, RewardsOverview, Submission } from '@coride/domain/community/submissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const rewardsQueryKey = ['/api/rewards'] as const;
export const ownSubmissionsQueryKey = ['/api/community/submissions'] as const;
export const reviewSubmissionsQueryKey = ['/api/licensee/submissions'] as const;
export const championsQueryKey = (month?: string) => ['/api/rewards/champions', month ?? 'latest'] as const;

/** Balance, options, recent events, credit, perks and referral code of the signed-in rider. */
export function useRewards() {
  return useQuery({ queryKey: rewardsQueryKey, queryFn: () => apiRequest<RewardsOverview>('/api/rewards') });
}

/** Spends points on one option; the server checks the balance under a lock. */
export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optionId: RedemptionOptionId) => apiRequest<RedeemResponse>('/api/rewards/redeem', { method: 'POST', body: { optionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rewardsQueryKey }),
  });
}

export function useChampions(month?: string) {
  return useQuery({
    queryKey: championsQueryKey(month),
    queryFn: () => apiRequest<ChampionsBoard>(`/api/rewards/champions${month ? `?month=${encodeURIComponent(month)}` : ''}`),
  });
}

export function useOwnSubmissions() {
  return useQuery({
    queryKey: ownSubmissionsQueryKey,
    queryFn: async () => (await apiRequest<{ submissions: Submission[] }>('/api/community/submissions')).submissions,
  });
}

export function useCreateSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateSubmissionRequest) => apiRequest<Submission>('/api/community/submissions', { method: 'POST', body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownSubmissionsQueryKey }),
  });
}

/** A licensee's queue (own territories), or every submission for the admin. */
export function useSubmissionsToReview() {
  return useQuery({
    queryKey: reviewSubmissionsQueryKey,
    queryFn: async () => (await apiRequest<{ submissions: Submission[] }>('/api/licensee/submissions')).submissions,
  });
}

export function useReviewSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'accepted' | 'rejected' }) =>
      apiRequest<Submission>(`/api/licensee/submissions/${encodeURIComponent(id)}/review`, { method: 'POST', body: { decision } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewSubmissionsQueryKey }),
  });
}

/** What the next booking gets from the rider's rewards (for the booking page's one line). */
export function usePendingRewards(enabled: boolean) {
  return useQuery({ queryKey: rewardsQueryKey, queryFn: () => apiRequest<RewardsOverview>('/api/rewards'), enabled, staleTime: 30_000 });
}

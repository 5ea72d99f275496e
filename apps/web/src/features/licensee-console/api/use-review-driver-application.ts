import type { ReviewApplicationRequest } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { licenseeDriversQueryKey } from './use-licensee-drivers';
import { licenseeMetricsQueryKey } from './use-licensee-metrics';
import { territoryDriverApplicationsQueryKey } from './use-territory-driver-applications';

export type ReviewDriverApplicationInput = ReviewApplicationRequest & { id: string };

/** A licensee decides the applications of its own territory's drivers; 409 when already decided. */
export function reviewDriverApplication({ id, ...body }: ReviewDriverApplicationInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/driver-applications/${encodeURIComponent(id)}/review`, { method: 'POST', body });
}

/** Reviews, then refreshes the applications, the drivers (now active) and the pending count. */
export function useReviewDriverApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDriverApplication,
    onSettled: () =>
      Promise.all(
        [territoryDriverApplicationsQueryKey, licenseeDriversQueryKey, licenseeMetricsQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

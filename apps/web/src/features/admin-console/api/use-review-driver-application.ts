import type { ReviewApplicationRequest } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { adminDashboardQueryKey } from './use-admin-dashboard';
import { driverApplicationsQueryKey } from './use-driver-applications';
import { platformStatsQueryKey } from './use-platform-stats';

export type ReviewDriverApplicationInput = ReviewApplicationRequest & { id: string };

/** Approves, rejects or marks under review; 409 when it was already decided. */
export function reviewDriverApplication({ id, ...body }: ReviewDriverApplicationInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/driver-applications/${encodeURIComponent(id)}/review`, { method: 'POST', body });
}

/** Reviews a driver application, then refreshes the list, the pending counts and the platform figures. */
export function useReviewDriverApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDriverApplication,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: driverApplicationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminDashboardQueryKey }),
        queryClient.invalidateQueries({ queryKey: platformStatsQueryKey }),
      ]),
  });
}

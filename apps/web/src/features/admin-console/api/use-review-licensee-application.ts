import type { ReviewApplicationRequest } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { adminDashboardQueryKey } from './use-admin-dashboard';
import { licenseeApplicationsQueryKey } from './use-licensee-applications';
import { platformStatsQueryKey } from './use-platform-stats';

export type ReviewLicenseeApplicationInput = ReviewApplicationRequest & { id: string };

/**
 * Approving creates the territory from the proposed zip codes; 409 when the application was already
 * decided or a zip code already belongs to another territory.
 */
export function reviewLicenseeApplication({ id, ...body }: ReviewLicenseeApplicationInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/licensee-applications/${encodeURIComponent(id)}/review`, { method: 'POST', body });
}

/** Reviews a licensee application, then refreshes the list, the pending counts and the platform figures. */
export function useReviewLicenseeApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewLicenseeApplication,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: licenseeApplicationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminDashboardQueryKey }),
        queryClient.invalidateQueries({ queryKey: platformStatsQueryKey }),
      ]),
  });
}

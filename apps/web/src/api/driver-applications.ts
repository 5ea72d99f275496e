/**
 * Reviewing a driver application: the admin console and the licensee console call the same endpoint,
 * so the fetcher lives outside both features; each passes the query keys it must refresh afterwards.
 */
import type { ReviewApplicationRequest } from '@coride/domain';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export type ReviewDriverApplicationInput = ReviewApplicationRequest & { id: string };

/** Approves, rejects or marks under review; 409 when it was already decided (or, for a licensee, not its territory's). */
export function reviewDriverApplication({ id, ...body }: ReviewDriverApplicationInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/driver-applications/${encodeURIComponent(id)}/review`, { method: 'POST', body });
}

/** Reviews a driver application, then invalidates every query key in `invalidate`, whatever the outcome. */
export function useReviewDriverApplication(invalidate: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDriverApplication,
    onSettled: () => Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/**
 * Suspending and reinstating a driver (ADR 031): the licensee console and the admin console call the
 * same endpoints, so the fetchers live outside both features; each passes the queries to refresh.
 */
import type { DriverSuspensionState } from '@coride/domain';
import { type InvalidateQueryFilters, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export type DriverSuspensionInput = { driverId: string; action: 'suspend' | 'reinstate'; reason: string };

/** Suspends (the reason is required) or reinstates (the note is optional) a driver; 404 outside the caller's territories, 409 when already so. */
export function changeDriverSuspension({ driverId, action, reason }: DriverSuspensionInput): Promise<DriverSuspensionState> {
  const trimmed = reason.trim();
  return apiRequest<DriverSuspensionState>(`/api/licensee/drivers/${encodeURIComponent(driverId)}/${action}`, {
    method: 'POST',
    body: action === 'suspend' || trimmed ? { reason: trimmed } : {},
  });
}

/** Changes a driver's suspension, then refreshes every query in `invalidate`, on a refusal too (a 409 means the list was out of date). */
export function useDriverSuspension(invalidate: readonly InvalidateQueryFilters[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDriverSuspension,
    onSettled: () => Promise.all(invalidate.map((filters) => queryClient.invalidateQueries(filters))),
  });
}

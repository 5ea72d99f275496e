import type { SafetyAlert } from '@coride/domain/safety';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '@/components/paged-list/use-paged-list';
import { apiRequest } from '@/lib/api';

export const safetyAlertsQueryKey = ['/api/safety/alerts'] as const;

/** A licensee's territories' safety alerts, an admin's all: newest first, a page at a time. */
export function useSafetyAlerts() {
  return usePagedList<SafetyAlert>({ queryKey: safetyAlertsQueryKey, path: '/api/safety/alerts', limit: 20 });
}

/** Acknowledge ("someone is on it") or resolve with a note; then the list is read again. */
export function useSafetyAlertAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: string; action: 'acknowledge' | 'resolve'; note?: string }) =>
      apiRequest<SafetyAlert>(`/api/safety/alerts/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: action === 'resolve' ? { note } : {} }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: safetyAlertsQueryKey }),
  });
}

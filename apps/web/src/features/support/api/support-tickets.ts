import type { AnswerTicketRequest, SupportTicket } from '@coride/domain/assistant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '@/components/paged-list/use-paged-list';
import { apiRequest } from '@/lib/api';

export const supportTicketsQueryKey = ['/api/support/tickets'] as const;

/** A licensee gets the tickets of its territories, an admin every ticket: newest first, a page at a time. */
export function useSupportTickets() {
  return usePagedList<SupportTicket>({
    queryKey: supportTicketsQueryKey,
    path: '/api/support/tickets',
    // Re-read whenever the Support tab is shown again; a new ticket also arrives live (use-tickets-realtime).
    refetchOnMount: 'always',
  });
}

export function answerTicket({ id, answer }: AnswerTicketRequest & { id: string }): Promise<SupportTicket> {
  return apiRequest<SupportTicket>(`/api/support/tickets/${encodeURIComponent(id)}/answer`, { method: 'POST', body: { answer } });
}

/** Sends the answer (the user sees it in their chat at once), then re-reads the list. */
export function useAnswerTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerTicket,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: supportTicketsQueryKey }),
  });
}

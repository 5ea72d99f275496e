import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { useOnReconnected, useRealtimeMessages } from '@/lib/realtime-context';
import { supportTicketsQueryKey } from './api/support-tickets';

/**
 * A conversation was handed to this licensee (or admin): re-read the tickets and say who waits. After
 * a reconnect they are re-read anyway, so none is missed. The support texts load when needed.
 */
export function useTicketsRealtime(): void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: supportTicketsQueryKey });

  useRealtimeMessages((message) => {
    if (message.type !== 'ticket_opened') return;
    refresh();
    const { ticket } = message;
    void i18n.loadNamespaces('support').then(() =>
      toast({
        title: i18n.t('support:toasts.openedTitle'),
        description: i18n.t('support:toasts.openedBody', { name: ticket.user.name, reason: i18n.t(`support:reasons.${ticket.reason}`) }),
      }),
    );
  });

  useOnReconnected(refresh);
}

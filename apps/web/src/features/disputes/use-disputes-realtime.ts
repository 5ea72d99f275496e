import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { useOnReconnected, useRealtimeMessages } from '@/lib/realtime-context';
import { disputesQueryKey } from './api/use-disputes';

/**
 * A rider opened a dispute in the licensee's territory: re-read the disputes (and the figures that
 * count them) and say so. After a reconnect they are re-read anyway, so none is missed. The disputes
 * texts are loaded when a message needs them, not with the console's first screen.
 */
export function useDisputesRealtime(alsoRefresh: readonly QueryKey[] = []): void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const queryKey of [disputesQueryKey, ...alsoRefresh]) void queryClient.invalidateQueries({ queryKey });
  };

  useRealtimeMessages((message) => {
    if (message.type !== 'dispute_opened') return;
    refresh();
    const { dispute } = message;
    void i18n.loadNamespaces('disputes').then(() =>
      toast({
        title: i18n.t('disputes:toasts.openedTitle'),
        description: i18n.t('disputes:toasts.openedBody', {
          rider: dispute.rider.name,
          reason: i18n.t(`disputes:reasons.${dispute.reason}`),
          pickup: dispute.ride.pickupAddress,
        }),
      }),
    );
  });

  useOnReconnected(refresh);
}

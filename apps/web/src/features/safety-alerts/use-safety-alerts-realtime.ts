import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { useOnReconnected, useRealtimeMessages } from '@/lib/realtime-context';
import { safetyAlertsQueryKey } from './api/safety-alerts';

const SOS_TOAST_MS = 60_000;

/**
 * An SOS in the licensee's territory (or anywhere, for an admin) arrives over the socket as
 * `safety_alert`: the list is read again and a new alert is announced by a toast. An acknowledged or
 * resolved alert arrives the same way (another console acted) and only refreshes the list. After a
 * reconnection the list is read again, so an alert raised meanwhile shows (the bell has it too).
 */
export function useSafetyAlertsRealtime(): void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: safetyAlertsQueryKey });

  useRealtimeMessages((message) => {
    if (message.type !== 'safety_alert') return;
    refresh();
    const { alert } = message;
    if (alert.status !== 'open') return;
    void i18n.loadNamespaces('safety').then(() =>
      toast({
        variant: 'destructive',
        // Urgent: it stays a minute (or until closed) rather than the usual few seconds.
        duration: SOS_TOAST_MS,
        title: i18n.t('safety:toast.title'),
        description: i18n.t(`safety:toast.${alert.raisedBy.role}`, { name: alert.raisedBy.name, address: alert.pickupAddress }),
      }),
    );
  });

  useOnReconnected(refresh);
}

import type { Dispute } from '@coride/domain/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paymentHistoryQueryKey, receiptQueryKey } from '@/api/payments';
import { toast } from '@/components/ui/use-toast';
import { disputeNotice } from '@/lib/dispute-notice';
import { useFormatters } from '@/lib/format';
import { useRealtimeMessages } from '@/lib/realtime-context';

/**
 * Tells the rider, on whichever data page is open, that the licensee resolved their report, and
 * refreshes what shows it (the ride's receipt, the payment history, the money spent). The texts are
 * the dashboard's: loaded only when such a message arrives, so no page pays for them up front.
 */
export function DisputeNotices() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const format = useFormatters();

  async function announce(dispute: Dispute) {
    const notice = disputeNotice(dispute);
    await i18n.loadNamespaces('customer');
    const values = { amount: format.money(notice.amount), address: notice.address };
    toast({
      title: i18n.t('customer:disputes.resolvedToast.title'),
      description:
        notice.key === 'refund' ? i18n.t('customer:disputes.resolvedToast.refund', values) : i18n.t('customer:disputes.resolvedToast.release', values),
      variant: notice.key === 'refund' ? 'success' : 'default',
    });
  }

  useRealtimeMessages((message) => {
    if (message.type !== 'dispute_resolved') return;
    void queryClient.invalidateQueries({ queryKey: receiptQueryKey(message.dispute.rideId) });
    void queryClient.invalidateQueries({ queryKey: paymentHistoryQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['/api/users/stats'] });
    // The rides list shows each report's outcome.
    void queryClient.invalidateQueries({ queryKey: ['/api/disputes'] });
    void announce(message.dispute).catch(() => undefined);
  });
  return null;
}

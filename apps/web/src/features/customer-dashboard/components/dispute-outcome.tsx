import type { Dispute } from '@coride/domain/payments';
import { FlagIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';

/** A reported ride's state on its card: under review, or the outcome (a refund and its amount, or none). */
export function DisputeOutcome({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation('customer');
  const format = useFormatters();
  const text =
    dispute.status === 'open'
      ? t('disputes.listUnderReview')
      : dispute.refundAmount > 0
        ? t('disputes.listRefunded', { amount: format.money(dispute.refundAmount) })
        : t('disputes.resolutions.release');
  return (
    <p
      className={cn('inline-flex items-center gap-1.5 text-sm', dispute.status === 'open' ? 'text-amber-800' : 'text-muted-foreground')}
      data-testid="ride-item-dispute"
      data-status={dispute.status}
    >
      <FlagIcon className="size-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}

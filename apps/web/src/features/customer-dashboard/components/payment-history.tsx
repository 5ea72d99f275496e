import type { PaymentHistoryItem } from '@coride/domain';
import { useQuery } from '@tanstack/react-query';
import { ReceiptIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentHistoryQueryOptions } from '../api/get-payments';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useFormatters } from '@/lib/format';
import { RouteAddresses } from './route-addresses';
import { PAYMENT_HISTORY_SIZE } from '../payments';
import { CardName, EscrowBadge } from './payment-labels';
import { ReceiptButton } from './receipt-button';

/** What the last completed rides cost, where that money is now, and each ride's receipt. */
export function PaymentHistory() {
  const { t } = useTranslation('customer');
  const history = useQuery(paymentHistoryQueryOptions());
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('payments.historyTitle')}</CardTitle>
        <CardDescription>{t('payments.historyDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <LoadingState />
        ) : history.isError ? (
          <ErrorState title={t('payments.historyLoadFailed')} error={history.error} onRetry={() => void history.refetch()} />
        ) : history.data.length === 0 ? (
          <EmptyState icon={ReceiptIcon} title={t('payments.historyEmptyTitle')} description={t('payments.historyEmptyDescription')} />
        ) : (
          <ul className="grid gap-3" data-testid="payment-history">
            {history.data.slice(0, PAYMENT_HISTORY_SIZE).map((item) => (
              <PaymentHistoryRow key={item.rideId} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PaymentHistoryRow({ item }: { item: PaymentHistoryItem }) {
  const { t } = useTranslation('customer');
  const format = useFormatters();
  const releaseAfter = item.escrow === 'held' ? item.releaseAfter : null;
  return (
    <li className="grid gap-3 rounded-lg border p-4" data-testid="payment-item" data-escrow={item.escrow}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {item.completedAt ? (
          <time dateTime={item.completedAt} className="text-sm text-muted-foreground">
            {format.dateTime(item.completedAt)}
          </time>
        ) : (
          <span />
        )}
        <EscrowBadge escrow={item.escrow} releaseAfter={releaseAfter} />
      </div>
      <RouteAddresses pickup={item.pickupAddress} dropoff={item.dropoffAddress} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <Amount label={t('payments.paid')} value={format.money(item.paid)} strong testId="payment-paid" />
          <Amount label={t('payments.tip')} value={format.money(item.tip)} />
          {item.refunded > 0 ? <Amount label={t('payments.refund')} value={format.money(item.refunded)} testId="payment-refund" /> : null}
          {item.paymentMethod ? (
            <Amount label={t('payments.card')} value={<CardName brand={item.paymentMethod.brand} lastFour={item.paymentMethod.lastFour} />} />
          ) : null}
        </dl>
        <ReceiptButton rideId={item.rideId} accessibleName={t('payments.receiptLabel', { to: item.dropoffAddress })}>
          {t('payments.receipt')}
        </ReceiptButton>
      </div>
    </li>
  );
}

function Amount({ label, value, strong, testId }: { label: string; value: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={strong ? 'text-base font-semibold tabular-nums' : 'tabular-nums'} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

import { payees, splitFare, splitTotal } from '@coride/domain/money';
import { PRICING, type FareBreakdown as Fare } from '@coride/domain/pricing';
import { ChevronDownIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * The server's price, line by line: base, distance, time, subtotal, the two 3% fees and the total
 * (plus the tip once there is one). The parts are the server's cents, so they add up exactly.
 */
export function FareBreakdown({ fare, tip = 0, totalTestId, className }: { fare: Fare; tip?: number; totalTestId?: string; className?: string }) {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  const distance = format.number(fare.distance, { maximumFractionDigits: 1 });
  const rows = [
    { key: 'base', label: t('pricing.baseFare'), amount: fare.baseFare },
    { key: 'distance', label: t('pricing.distanceFare', { value: distance }), amount: fare.distanceFare },
    { key: 'time', label: t('pricing.timeFare', { value: format.number(fare.duration) }), amount: fare.timeFare },
  ];
  const fees = [
    { key: 'platform', label: t('pricing.platformFeePercent', { percent: format.percent(PRICING.platformFeeRate) }), amount: fare.platformFee },
    { key: 'admin', label: t('pricing.adminFeePercent', { percent: format.percent(PRICING.adminFeeRate) }), amount: fare.adminFee },
  ];
  return (
    <div className={cn('space-y-3', className)}>
      <dl className="space-y-2 text-sm" data-testid="fare-breakdown">
        {rows.map((row) => (
          <Row key={row.key} label={row.label} value={format.money(row.amount)} />
        ))}
        <Row label={t('pricing.subtotal')} value={format.money(fare.subtotal)} className="border-t pt-2 font-medium" />
        {fees.map((row) => (
          <Row key={row.key} label={row.label} value={format.money(row.amount)} muted />
        ))}
        {tip > 0 ? <Row label={t('pricing.tip')} value={format.money(tip)} /> : null}
        <Row
          label={tip > 0 ? t('pricing.paid') : t('pricing.total')}
          value={format.money(fare.totalFare + tip)}
          className="border-t pt-2 text-base font-bold"
          valueTestId={totalTestId}
        />
      </dl>
      <RevenueDistribution fare={fare} tip={tip} />
    </div>
  );
}

/**
 * Who gets what of this ride: the same split the ledger posts when the money leaves escrow
 * (packages/domain/src/money.ts), behind a toggle, with why we show it.
 */
function RevenueDistribution({ fare, tip }: { fare: Fare; tip: number }) {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const split = splitFare(fare, tip);
  const total = splitTotal(split);
  return (
    <div className="rounded-md border text-sm">
      <button
        type="button"
        className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        data-testid="revenue-distribution-toggle"
      >
        {t('split.title')}
        <ChevronDownIcon className={cn('size-4 transition-transform', isOpen && 'rotate-180')} aria-hidden />
      </button>
      {isOpen ? (
        <div id={panelId} className="space-y-3 border-t px-3 py-2" data-testid="revenue-distribution">
          <dl className="space-y-1.5">
            {payees.map((payee) => (
              <div key={payee} className="flex items-baseline justify-between gap-4">
                <dt>{t(`split.${payee}`)}</dt>
                <dd className="tabular-nums" data-testid={`distribution-${payee}`}>
                  {format.money(split[payee])} <span className="text-muted-foreground">({format.percent(total ? split[payee] / total : 0)})</span>
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-muted-foreground">{t('split.why')}</p>
        </div>
      ) : null}
    </div>
  );
}

function Row({ label, value, muted, className, valueTestId }: { label: string; value: string; muted?: boolean; className?: string; valueTestId?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4', muted && 'text-muted-foreground', className)}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={valueTestId}>
        {value}
      </dd>
    </div>
  );
}

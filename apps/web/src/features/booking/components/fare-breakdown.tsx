import { PRICING, type FareBreakdown as Fare } from '@coride/domain/pricing';
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
    <dl className={cn('space-y-2 text-sm', className)} data-testid="fare-breakdown">
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

import { CalculatorIcon, HandCoinsIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { ADMIN_SPLIT_BPS, FARE_RATES, FEE_BPS, type FareExample, type FareSplit } from './fare-example';
import { LazyPieChart } from './lazy-charts';
import { TripFields } from './trip-fields';
import type { TripInput } from './trip-input';
import { useMoney } from './use-money';

/** Each part with its published rate, in basis points of the fare subtotal. */
const splitParts: { key: keyof FareSplit; bps: number; colour: string }[] = [
  { key: 'driver', bps: 10_000, colour: 'bg-primary' },
  { key: 'platformSoftware', bps: FEE_BPS.platformFee, colour: 'bg-teal-900' },
  { key: 'corporateAdmin', bps: ADMIN_SPLIT_BPS.corporateAdmin, colour: 'bg-teal-500' },
  { key: 'globalCsr', bps: ADMIN_SPLIT_BPS.globalCsr, colour: 'bg-amber-500' },
  { key: 'licensee', bps: ADMIN_SPLIT_BPS.licensee, colour: 'bg-sky-600' },
  { key: 'localCsr', bps: ADMIN_SPLIT_BPS.localCsr, colour: 'bg-amber-300' },
];

function Row({ label, value, isStrong = false, hasRule = false }: { label: string; value: string; isStrong?: boolean; hasRule?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-1.5', isStrong && 'font-semibold', hasRule && 'mt-1 border-t pt-2.5')}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function FareBreakdown({ fare, miles, minutes }: { fare: FareExample; miles: number; minutes: number }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  return (
    <section aria-labelledby="fare-breakdown-title">
      <h3 id="fare-breakdown-title" className="font-semibold">
        {t('rider.breakdownTitle')}
      </h3>
      <dl className="mt-2 text-sm">
        <Row label={t('rider.base')} value={money.cents(fare.baseFare)} />
        <Row label={t('rider.distance', { miles: money.number(miles), rate: money.cents(FARE_RATES.perMileCents) })} value={money.cents(fare.distanceFare)} />
        <Row label={t('rider.time', { minutes: money.number(minutes), rate: money.cents(FARE_RATES.perMinuteCents) })} value={money.cents(fare.timeFare)} />
        <Row label={t('rider.subtotal')} value={money.cents(fare.subtotal)} isStrong hasRule />
        <Row label={t('rider.platformFee', { percent: money.bps(FEE_BPS.platformFee) })} value={money.cents(fare.platformFee)} />
        <Row label={t('rider.adminFee', { percent: money.bps(FEE_BPS.adminFee) })} value={money.cents(fare.adminFee)} />
      </dl>
      <div className="mt-3 flex items-baseline justify-between rounded-lg bg-accent px-4 py-3 text-accent-foreground">
        <span className="font-semibold">{t('rider.total')}</span>
        <output className="text-2xl font-bold tabular-nums" data-testid="fare-total">
          {money.cents(fare.totalFare)}
        </output>
      </div>
      {fare.tip > 0 ? (
        <dl className="mt-2 text-sm">
          <Row label={t('rider.tipRow')} value={money.cents(fare.tip)} />
          <Row label={t('rider.paidWithTip')} value={money.cents(fare.paid)} isStrong hasRule />
        </dl>
      ) : null}
    </section>
  );
}

function FareSplitView({ fare }: { fare: FareExample }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  const total = fare.paid;
  return (
    <section aria-labelledby="fare-split-title">
      <h3 id="fare-split-title" className="font-semibold">
        {t('rider.splitTitle')}
      </h3>
      <div className="mt-3 flex h-4 overflow-hidden rounded-full bg-muted" aria-hidden>
        {splitParts.map(({ key, colour }) => (
          <span key={key} className={colour} style={{ width: `${total > 0 ? (fare.split[key] / total) * 100 : 0}%` }} />
        ))}
      </div>
      <dl aria-label={t('rider.splitLabel')} className="mt-3 divide-y text-sm">
        {splitParts.map(({ key, bps, colour }) => (
          <div key={key} className="flex items-center gap-3 py-2">
            <span className={cn('size-3 shrink-0 rounded-full', colour)} aria-hidden />
            <dt className={cn('flex-1', key === 'driver' && 'font-semibold')}>{t(`rider.parts.${key}`)}</dt>
            <dd className="w-16 text-end text-muted-foreground tabular-nums">{money.bps(bps)}</dd>
            <dd className={cn('w-20 text-end tabular-nums', key === 'driver' && 'font-semibold')} data-testid={`split-${key}`}>
              {money.cents(fare.split[key])}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-xs text-muted-foreground">{t('rider.ratesOfSubtotal')}</p>
      <figure className="mt-3">
        <figcaption className="sr-only">{t('rider.chartCaption')}</figcaption>
        <LazyPieChart
          data={[
            { label: t('rider.parts.driver'), value: fare.split.driver },
            { label: t('flows.nodes.platform'), value: fare.split.platformSoftware + fare.split.corporateAdmin },
            { label: t('rider.parts.licensee'), value: fare.split.licensee },
            { label: t('flows.nodes.csr'), value: fare.split.globalCsr + fare.split.localCsr },
          ]}
          format={money.cents}
          height={180}
        />
      </figure>
      <p className="mt-3 text-sm font-medium text-primary" data-testid="driver-share">
        {t('rider.driverShare', { percent: money.ratio(total > 0 ? fare.split.driver / total : 1) })}
      </p>
      <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
        <HandCoinsIcon className="size-4 shrink-0" aria-hidden />
        {t('rider.tips')}
      </p>
    </section>
  );
}

/** The rider view: a working fare calculator with the breakdown and the split of every cent. */
export function FareCalculator({ trip }: { trip: TripInput }) {
  const { t } = useTranslation('demo');
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <CalculatorIcon className="size-6" aria-hidden />
        </span>
        <div className="space-y-1">
          <h2 className="text-2xl font-bold">{t('rider.title')}</h2>
          <CardDescription className="text-base">{t('rider.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <TripFields trip={trip} />
        {trip.fare && trip.miles !== null && trip.minutes !== null ? (
          <div className="grid gap-8 lg:grid-cols-2">
            <FareBreakdown fare={trip.fare} miles={trip.miles} minutes={trip.minutes} />
            <FareSplitView fare={trip.fare} />
          </div>
        ) : (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{t('rider.enterTrip')}</p>
        )}
        <p className="text-xs text-muted-foreground">{t('rider.note')}</p>
      </CardContent>
    </Card>
  );
}

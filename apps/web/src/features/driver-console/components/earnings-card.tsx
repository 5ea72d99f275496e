import type { DriverEarnings } from '@coride/domain/payments';
import { ArrowRightIcon, RotateCwIcon, WalletIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useFormatters } from '@/lib/format';
import { useDriverEarnings } from '../api/use-driver-earnings';
import { escrowBadgeOf } from '../earnings';

/**
 * The driver's money from the payment ledger: what is still held in escrow (and when the next part
 * is released), what has been released to the driver's account, tips, the lifetime total and the
 * latest rides with where their money stands. Today's total is on the console's first screen and the
 * week in the earnings tracker: each figure is shown once.
 */
export function EarningsCard() {
  const { t } = useTranslation('driver');
  const earnings = useDriverEarnings();
  return (
    <Card data-testid="driver-earnings" aria-labelledby="driver-earnings-heading" role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 sm:flex-nowrap">
        <div className="space-y-1.5">
          <CardTitle as="h2" id="driver-earnings-heading">
            {t('earnings.title')}
          </CardTitle>
          <CardDescription>{t('earnings.description')}</CardDescription>
        </div>
        <Button variant="ghost" size="sm" onClick={() => void earnings.refetch()} disabled={earnings.isFetching}>
          <RotateCwIcon aria-hidden className={earnings.isFetching ? 'animate-spin' : undefined} />
          {t('earnings.refresh')}
        </Button>
      </CardHeader>
      <CardContent>
        {earnings.isPending ? (
          <LoadingState />
        ) : earnings.isError ? (
          <ErrorState title={t('errors.fetchEarnings')} error={earnings.error} onRetry={() => void earnings.refetch()} />
        ) : earnings.data.lifetime === 0 && earnings.data.recent.length === 0 ? (
          <EmptyState icon={WalletIcon} title={t('earnings.emptyTitle')} description={t('earnings.emptyDescription')} />
        ) : (
          <EarningsDetails earnings={earnings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function EarningsDetails({ earnings }: { earnings: DriverEarnings }) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat
          name="pending"
          label={t('earnings.pending')}
          cents={earnings.pending}
          hint={
            earnings.nextReleaseAt ? (
              <>
                {t('earnings.nextRelease')} <time dateTime={earnings.nextReleaseAt}>{format.dateTime(earnings.nextReleaseAt)}</time>
              </>
            ) : (
              t('earnings.nothingPending')
            )
          }
        />
        <Stat name="released" label={t('earnings.released')} cents={earnings.released} hint={t('earnings.releasedHint')} />
        <Stat name="tips" label={t('earnings.tips')} cents={earnings.tips} hint={t('earnings.tipsHint')} />
        <Stat name="lifetime" label={t('earnings.lifetime')} cents={earnings.lifetime} hint={t('earnings.lifetimeHint')} />
      </div>

      {earnings.recent.length > 0 ? (
        <section aria-labelledby="driver-earnings-recent-heading" className="space-y-2">
          <h3 id="driver-earnings-recent-heading" className="font-semibold">
            {t('earnings.recentTitle')}
          </h3>
          <ul className="divide-y" data-testid="earnings-recent">
            {earnings.recent.map((ride) => (
              <RecentEarning key={ride.rideId} ride={ride} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** One labelled figure: a group named by its label, so tests and screen readers find "Released" by name. */
function Stat({ name, label, cents, hint }: { name: string; label: string; cents: number; hint: ReactNode }) {
  const format = useFormatters();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="rounded-lg border p-3" data-testid={`earnings-${name}`}>
      <p id={labelId} className="text-sm font-medium text-muted-foreground">
        {label}
      </p>
      <p className="mt-1 text-xl font-bold tabular-nums" data-testid={`earnings-${name}-amount`} data-cents={cents}>
        {format.money(cents)}
      </p>
      <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}

function RecentEarning({ ride }: { ride: DriverEarnings['recent'][number] }) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  const badge = escrowBadgeOf(ride.escrow, ride.releaseAfter);
  return (
    <li
      className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
      data-testid="earnings-ride"
      data-escrow={ride.escrow}
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm font-medium">
          <span className="break-words">{ride.pickupAddress}</span>
          <ArrowRightIcon className="size-3.5 shrink-0 text-muted-foreground rtl:rotate-180" aria-hidden />
          <span className="sr-only">{t('recentRides.to')}</span>
          <span className="break-words">{ride.dropoffAddress}</span>
        </p>
        {ride.completedAt ? (
          <p className="text-xs text-muted-foreground">
            <time dateTime={ride.completedAt}>{format.dateTime(ride.completedAt)}</time>
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <span className="text-sm font-semibold tabular-nums" data-testid="earnings-ride-amount" data-cents={ride.fare + ride.tip}>
          {format.money(ride.fare + ride.tip)}
        </span>
        {ride.tip > 0 ? <span className="text-xs text-muted-foreground">{t('earnings.includesTip', { tip: format.money(ride.tip) })}</span> : null}
        <Badge variant={badge.variant} data-testid="earnings-ride-escrow">
          {badge.until ? t('earnings.escrow.held', { date: format.date(badge.until) }) : t(`earnings.escrow.${badge.key}`)}
        </Badge>
      </div>
    </li>
  );
}

import type { PlatformStats } from '@coride/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  ArrowRightIcon,
  BanknoteIcon,
  BuildingIcon,
  CarIcon,
  CheckCircle2Icon,
  HeartHandshakeIcon,
  HourglassIcon,
  PercentIcon,
  RotateCwIcon,
  ScaleIcon,
  Undo2Icon,
} from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { dailyRevenueRows, dayStartUtc, revenueGroups, revenueTotals, type RevenueGroup } from '../revenue';
import { FigureGrid, type Figure } from './figure-grid';
import { LabelledCell as Cell } from '@/components/ui/labelled-cell';
import { StackedRow, StackedRowHeader, StackedTable } from '@/components/ui/stacked-table';

/** The colour of each payee group's bar and legend swatch. */
const groupColors: Record<RevenueGroup, string> = {
  drivers: 'bg-primary',
  platform: 'bg-indigo-500',
  licensees: 'bg-amber-500',
  csr: 'bg-rose-500',
};

/**
 * The money on the platform, from the payment ledger: what riders paid, what escrow holds, what was
 * released or refunded, who it went to, the open disputes, and the last 14 days of releases.
 */
export function RevenueTab({ platformStats, onReviewDisputes }: { platformStats: UseQueryResult<PlatformStats>; onReviewDisputes: () => void }) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const ledger = platformStats.data?.ledger;
  const money = (cents: number | undefined) => (cents === undefined ? null : format.money(cents));
  const flow: Figure[] = [
    { key: 'captured', label: t('revenue.captured'), value: money(ledger?.captured), hint: t('revenue.capturedHint'), icon: BanknoteIcon },
    { key: 'inEscrow', label: t('revenue.inEscrow'), value: money(ledger?.inEscrow), hint: t('revenue.inEscrowHint'), icon: HourglassIcon },
    { key: 'released', label: t('revenue.released'), value: money(ledger?.released), hint: t('revenue.releasedHint'), icon: CheckCircle2Icon },
    { key: 'refunded', label: t('revenue.refunded'), value: money(ledger?.refunded), hint: t('revenue.refundedHint'), icon: Undo2Icon },
  ];
  const payees: Figure[] = [
    {
      key: 'platformRevenue',
      label: t('revenue.platformRevenue'),
      value: money(ledger?.platformRevenue),
      hint: t('revenue.platformRevenueHint'),
      icon: BuildingIcon,
    },
    { key: 'driverEarnings', label: t('revenue.driverEarnings'), value: money(ledger?.driverEarnings), hint: t('revenue.driverEarningsHint'), icon: CarIcon },
    {
      key: 'licenseeCommission',
      label: t('revenue.licenseeCommission'),
      value: money(ledger?.licenseeCommission),
      hint: t('revenue.licenseeCommissionHint'),
      icon: PercentIcon,
    },
    { key: 'csrFunds', label: t('revenue.csrFunds'), value: money(ledger?.csrFunds), hint: t('revenue.csrFundsHint'), icon: HeartHandshakeIcon },
  ];
  const openDisputes = ledger?.openDisputes;

  return (
    <div className="space-y-6" data-testid="admin-revenue">
      <section aria-labelledby="revenue-flow-heading" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h2 id="revenue-flow-heading" className="text-lg font-semibold">
              {t('revenue.flowTitle')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('revenue.flowDescription')}</p>
          </div>
          <Button variant="ghost" size="sm" onClick={() => void platformStats.refetch()} disabled={platformStats.isFetching}>
            <RotateCwIcon aria-hidden className={platformStats.isFetching ? 'animate-spin' : undefined} />
            {t('stats.refresh')}
          </Button>
        </div>
        <FigureGrid query={platformStats} errorTitle={t('errors.platformStats')} figures={flow} />
      </section>

      <section aria-labelledby="revenue-payees-heading" className="space-y-3">
        <div>
          <h2 id="revenue-payees-heading" className="text-lg font-semibold">
            {t('revenue.payeesTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('revenue.payeesDescription')}</p>
        </div>
        {platformStats.isError ? null : <FigureGrid query={platformStats} errorTitle={t('errors.platformStats')} figures={payees} />}
      </section>

      {openDisputes !== undefined ? (
        <section
          aria-labelledby="revenue-disputes-heading"
          className={cn(
            'flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between',
            openDisputes > 0 ? 'border-destructive/30 bg-destructive/5' : 'bg-card',
          )}
          data-testid="stat-openDisputes"
          data-count={openDisputes}
        >
          <div className="flex gap-3">
            <ScaleIcon className={cn('mt-0.5 size-5 shrink-0', openDisputes > 0 ? 'text-destructive' : 'text-muted-foreground')} aria-hidden />
            <div className="space-y-1">
              <h2 id="revenue-disputes-heading" className="font-semibold">
                {t('revenue.openDisputes', { count: openDisputes, formatted: format.number(openDisputes) })}
              </h2>
              <p className="text-sm text-muted-foreground">{t('revenue.openDisputesHint')}</p>
            </div>
          </div>
          <Button variant="outline" size="sm" className="shrink-0 bg-background" onClick={onReviewDisputes}>
            {t('revenue.reviewDisputes')}
            <ArrowRightIcon aria-hidden className="rtl:rotate-180" />
          </Button>
        </section>
      ) : null}

      <DailyRevenueCard platformStats={platformStats} />
    </div>
  );
}

function DailyRevenueCard({ platformStats }: { platformStats: UseQueryResult<PlatformStats> }) {
  const { t, i18n } = useTranslation('admin');
  const format = useFormatters();
  const locale = i18n.language;
  const dayFormat = useMemo(() => new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }), [locale]);
  const days = platformStats.data?.dailyRevenue;
  const rows = useMemo(() => (days ? dailyRevenueRows(days) : []), [days]);
  const totals = useMemo(() => revenueTotals(days ?? []), [days]);
  const captionId = 'daily-revenue-caption';

  return (
    <Card data-testid="daily-revenue">
      <CardHeader>
        <CardTitle as="h2">{t('revenue.dailyTitle')}</CardTitle>
        <CardDescription>{t('revenue.dailyDescription', { count: rows.length || 14 })}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {platformStats.isPending ? (
          <LoadingState />
        ) : platformStats.isError ? (
          <ErrorState title={t('errors.platformStats')} error={platformStats.error} onRetry={() => void platformStats.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState icon={BanknoteIcon} title={t('revenue.dailyEmpty')} />
        ) : (
          <>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label={t('revenue.legend')}>
              {revenueGroups.map((group) => (
                <li key={group} className="flex items-center gap-1.5">
                  <span className={cn('size-2.5 rounded-sm', groupColors[group])} aria-hidden />
                  {t(`revenue.groups.${group}`)}
                </li>
              ))}
            </ul>
            {/* A card per day on a phone; from md up a table, focusable so a keyboard can scroll it sideways. */}
            <div
              className="md:overflow-x-auto md:rounded-md md:border md:focus-visible:outline-2 md:focus-visible:outline-ring"
              tabIndex={0}
              role="region"
              aria-labelledby={captionId}
            >
              <StackedTable
                className="md:min-w-xl md:[&_td]:px-3 md:[&_th]:px-3"
                data-testid="daily-revenue-table"
                caption={t('revenue.dailyCaption', { count: rows.length })}
                captionId={captionId}
                headings={[
                  t('revenue.day'),
                  ...revenueGroups.map((group) => ({ label: t(`revenue.groups.${group}`), className: 'text-end' })),
                  { label: t('revenue.total'), className: 'text-end' },
                ]}
                footer={
                  <StackedRow className="first:pt-3">
                    <StackedRowHeader>{t('revenue.periodTotal')}</StackedRowHeader>
                    {revenueGroups.map((group) => (
                      <Cell key={group} label={t(`revenue.groups.${group}`)} className="tabular-nums md:text-end">
                        {format.money(totals[group])}
                      </Cell>
                    ))}
                    <Cell label={t('revenue.total')} className="tabular-nums md:text-end" data-testid="daily-revenue-total" data-cents={totals.total}>
                      {format.money(totals.total)}
                    </Cell>
                  </StackedRow>
                }
              >
                {rows.map((row) => (
                  <StackedRow key={row.day} data-testid="daily-revenue-row" data-day={row.day}>
                    <StackedRowHeader className="whitespace-nowrap">
                      <time dateTime={row.day}>{dayFormat.format(dayStartUtc(row.day))}</time>
                    </StackedRowHeader>
                    {revenueGroups.map((group) => (
                      <Cell key={group} label={t(`revenue.groups.${group}`)} className="tabular-nums md:text-end">
                        {format.money(row[group])}
                      </Cell>
                    ))}
                    <Cell label={t('revenue.total')}>
                      <span className="flex items-center gap-3 md:justify-end">
                        <span className="flex h-2.5 w-28 overflow-hidden rounded-full bg-muted" aria-hidden>
                          {revenueGroups.map((group) => (
                            <span key={group} className={groupColors[group]} style={{ width: `${row.bars[group] * 100}%` }} />
                          ))}
                        </span>
                        <span className="font-semibold tabular-nums">{format.money(row.total)}</span>
                      </span>
                    </Cell>
                  </StackedRow>
                ))}
              </StackedTable>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

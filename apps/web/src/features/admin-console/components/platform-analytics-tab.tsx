import type { PlatformAnalytics } from '@coride/domain/community/analytics';
import { RotateCwIcon } from 'lucide-react';
import { useId, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { growthLabel, healthColourClasses, tierShares } from '@/lib/analytics-view';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { usePlatformAnalytics } from '../api/use-platform-analytics';
import { LabelledCell as Cell } from '@/components/ui/labelled-cell';
import { StackedRow, StackedRowHeader, StackedTable } from '@/components/ui/stacked-table';

const territoryColumns = ['name', 'drivers', 'rides', 'revenue', 'health', 'retention'] as const;

/** Any territory's full analytics, passed in by the route (it belongs to the licensee-analytics feature). */
export type TerritoryAnalyticsSlot = ComponentType<{ territories: { id: string; name: string }[]; headingId: string }>;

/**
 * The admin's platform statistics: rides and revenue this month against last, the ledger totals,
 * drivers by tier and every territory's community health; below, any territory's full analytics.
 */
export function PlatformAnalyticsTab({ TerritoryAnalytics }: { TerritoryAnalytics: TerritoryAnalyticsSlot }) {
  const { t } = useTranslation('analytics');
  const analytics = usePlatformAnalytics();
  return (
    <div className="space-y-6">
      <Card role="region" aria-labelledby="platform-analytics-heading" data-testid="platform-analytics">
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle as="h2" id="platform-analytics-heading">
              {t('platform.title')}
            </CardTitle>
            <CardDescription>{t('platform.description')}</CardDescription>
          </div>
          <Button variant="ghost" size="sm" onClick={() => void analytics.refetch()} disabled={analytics.isFetching}>
            <RotateCwIcon aria-hidden className={analytics.isFetching ? 'animate-spin' : undefined} />
            {t('refresh')}
          </Button>
        </CardHeader>
        <CardContent>
          {analytics.isPending ? (
            <LoadingState />
          ) : analytics.isError ? (
            <ErrorState title={t('errors.platform')} error={analytics.error} onRetry={() => void analytics.refetch()} />
          ) : (
            <PlatformFigures data={analytics.data} />
          )}
        </CardContent>
      </Card>
      {analytics.data && analytics.data.territories.length > 0 ? (
        <TerritoryAnalytics
          territories={analytics.data.territories.map((row) => ({ id: row.territoryId, name: row.name }))}
          headingId="admin-territory-analytics-heading"
        />
      ) : null}
    </div>
  );
}

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="rounded-lg border p-3">
      <p id={labelId} className="text-sm font-medium text-muted-foreground">
        {label}
      </p>
      <p className="mt-1 text-xl font-bold tabular-nums">{value}</p>
      {hint ? <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

function PlatformFigures({ data }: { data: PlatformAnalytics }) {
  const { t } = useTranslation('analytics');
  const format = useFormatters();
  const growth = growthLabel(data.rides.growthPercent, format);
  return (
    <div className="space-y-5">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label={t('platform.ridesMonth')}
          value={format.number(data.rides.month)}
          hint={growth === null ? t('overview.noPrevious') : t('overview.growth', { growth })}
        />
        <Figure
          label={t('platform.ridesTotal')}
          value={format.number(data.rides.total)}
          hint={t('platform.ridesPrevious', { count: data.rides.previousMonth })}
        />
        <Figure
          label={t('platform.revenueMonth')}
          value={format.money(data.revenue.month)}
          hint={t('platform.revenuePrevious', { amount: format.money(data.revenue.previousMonth) })}
        />
        <Figure label={t('platform.revenueTotal')} value={format.money(data.revenue.total)} />
        <Figure label={t('platform.captured')} value={format.money(data.ledger.captured)} />
        <Figure label={t('platform.inEscrow')} value={format.money(data.ledger.inEscrow)} />
        <Figure label={t('platform.driverEarnings')} value={format.money(data.ledger.driverEarnings)} />
        <Figure label={t('platform.licenseeCommission')} value={format.money(data.ledger.licenseeCommission)} />
      </div>
      <section aria-labelledby="platform-tiers-heading" className="space-y-2">
        <h3 id="platform-tiers-heading" className="font-semibold">
          {t('platform.tiersTitle')}
        </h3>
        <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" data-testid="platform-tiers">
          {tierShares(data.tiers).map((row) => (
            <li key={row.tier} className="rounded-lg border p-2">
              <span className="block text-muted-foreground">{t(`tiers.${row.tier}`)}</span>
              <span className="text-lg font-semibold tabular-nums">{row.count}</span>
            </li>
          ))}
        </ul>
      </section>
      <StackedTable
        data-testid="platform-territories"
        caption={t('platform.territoriesTitle')}
        captionClassName="font-semibold"
        headings={territoryColumns.map((column) => ({ label: t(`platform.columns.${column}`), className: column === 'name' ? 'text-start' : 'text-end' }))}
      >
        {data.territories.map((row) => (
          <StackedRow key={row.territoryId}>
            <StackedRowHeader>{row.name}</StackedRowHeader>
            <Cell label={t('platform.columns.drivers')} className="tabular-nums md:text-end">
              {format.number(row.drivers)}
            </Cell>
            <Cell label={t('platform.columns.rides')} className="tabular-nums md:text-end">
              {format.number(row.monthRides)}
            </Cell>
            <Cell label={t('platform.columns.revenue')} className="tabular-nums md:text-end">
              {format.money(row.monthRevenue)}
            </Cell>
            <Cell label={t('platform.columns.health')} className="tabular-nums md:text-end">
              <span className="inline-flex items-center gap-1.5">
                <span className={cn('inline-block size-2.5 rounded-full', healthColourClasses[row.health.colour].swatch)} aria-hidden />
                {format.number(row.health.score, { maximumFractionDigits: 1 })}
                <span className="sr-only">{t(`health.colours.${row.health.colour}`)}</span>
              </span>
            </Cell>
            <Cell label={t('platform.columns.retention')} className="tabular-nums md:text-end">
              {row.retentionPercent === null ? '—' : `${format.number(row.retentionPercent, { maximumFractionDigits: 1 })}%`}
            </Cell>
          </StackedRow>
        ))}
      </StackedTable>
    </div>
  );
}

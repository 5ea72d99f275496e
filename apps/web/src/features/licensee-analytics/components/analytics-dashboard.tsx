import { countActiveInWindow, type LicenseeAnalytics } from '@coride/domain/community/analytics';
import { HeartPulseIcon, LightbulbIcon, RotateCwIcon, TrendingDownIcon, TrendingUpIcon, InfoIcon } from 'lucide-react';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { LabelledCell as Cell } from '@/components/ui/labelled-cell';
import { StackedRow, StackedRowHeader, StackedTable } from '@/components/ui/stacked-table';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { growthLabel, healthColourClasses, insightMessage, statusVariant, tierShares } from '@/lib/analytics-view';
import { useLicenseeAnalytics } from '../api/use-licensee-analytics';

const RevenueChart = lazy(() => import('./revenue-chart'));

export type TerritoryOption = { id: string; name: string };

/**
 * The licensee analytics dashboard (spec §2: Overview, Drivers, Revenue, Community, Insights) for
 * one territory at a time, from GET /api/licensee/analytics. The admin sees the same for any territory.
 */
export function AnalyticsDashboard({ territories, headingId = 'analytics-heading' }: { territories: TerritoryOption[]; headingId?: string }) {
  const { t } = useTranslation('analytics');
  const [selected, setSelected] = useState<string | null>(null);
  const territoryId = selected ?? territories[0]?.id ?? null;
  const analytics = useLicenseeAnalytics(territoryId);
  const [tab, setTab] = useState('overview');
  const selectId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="licensee-analytics">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle as="h2" id={headingId}>
            {t('title')}
          </CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {territories.length > 1 ? (
            <div className="space-y-1">
              <label htmlFor={selectId} className="text-xs font-medium text-muted-foreground">
                {t('territory')}
              </label>
              <select
                id={selectId}
                className="block h-9 rounded-md border bg-background px-2 text-sm"
                value={territoryId ?? ''}
                onChange={(e) => setSelected(e.target.value)}
              >
                {territories.map((territory) => (
                  <option key={territory.id} value={territory.id}>
                    {territory.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => void analytics.refetch()} disabled={analytics.isFetching || territoryId === null}>
            <RotateCwIcon aria-hidden className={analytics.isFetching ? 'animate-spin' : undefined} />
            {t('refresh')}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {territoryId === null ? (
          <p className="text-sm text-muted-foreground">{t('noTerritory')}</p>
        ) : analytics.isPending ? (
          <LoadingState />
        ) : analytics.isError ? (
          <ErrorState title={t('errors.load')} error={analytics.error} onRetry={() => void analytics.refetch()} />
        ) : (
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label={t('tabs.label')} className="w-full justify-start sm:w-auto">
              {(['overview', 'drivers', 'revenue', 'community', 'insights'] as const).map((value) => (
                <TabsTrigger key={value} value={value}>
                  {t(`tabs.${value}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="overview">
              <OverviewPanel data={analytics.data} />
            </TabsContent>
            <TabsContent value="drivers">
              <DriversPanel data={analytics.data} />
            </TabsContent>
            <TabsContent value="revenue">
              <RevenuePanel data={analytics.data} />
            </TabsContent>
            <TabsContent value="community">
              <CommunityPanel data={analytics.data} />
            </TabsContent>
            <TabsContent value="insights">
              <InsightsPanel data={analytics.data} />
            </TabsContent>
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ name, label, value, hint }: { name: string; label: string; value: ReactNode; hint?: ReactNode }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="rounded-lg border p-3" data-testid={`analytics-${name}`}>
      <p id={labelId} className="text-sm font-medium text-muted-foreground">
        {label}
      </p>
      <p className="mt-1 text-xl font-bold tabular-nums">{value}</p>
      {hint ? <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

function Growth({ percent }: { percent: number | null }) {
  const { t } = useTranslation('analytics');
  const format = useFormatters();
  const label = growthLabel(percent, format);
  if (label === null) return <>{t('overview.noPrevious')}</>;
  const Icon = (percent ?? 0) < 0 ? TrendingDownIcon : TrendingUpIcon;
  return (
    <span className="inline-flex items-center gap-1">
      <Icon className="size-3.5" aria-hidden />
      {t('overview.growth', { growth: label })}
    </span>
  );
}

function HealthScore({ data }: { data: LicenseeAnalytics }) {
  const { t } = useTranslation('analytics');
  const format = useFormatters();
  const classes = healthColourClasses[data.health.colour];
  return (
    <span className="inline-flex items-center gap-2" data-testid="health-score" data-colour={data.health.colour}>
      <span className={cn('inline-block size-3 rounded-full', classes.swatch)} aria-hidden />
      {format.number(data.health.communityHealthScore, { maximumFractionDigits: 1 })}
      <span className={cn('text-sm font-medium', classes.text)}>{t(`health.colours.${data.health.colour}`)}</span>
    </span>
  );
}

function OverviewPanel({ data }: { data: LicenseeAnalytics }) {
  const { t } = useTranslation('analytics');
  const format = useFormatters();
  const active = countActiveInWindow(data.drivers);
  return (
    <div className="grid grid-cols-2 gap-3 pt-2 lg:grid-cols-4" data-testid="analytics-overview">
      <Figure
        name="commission-month"
        label={t('overview.commissionMonth')}
        value={format.money(data.commission.month)}
        hint={t('overview.commissionTotal', { amount: format.money(data.commission.total) })}
      />
      <Figure
        name="commission-pending"
        label={t('overview.commissionPending')}
        value={format.money(data.commission.pending)}
        hint={t('overview.commissionPendingHint')}
      />
      <Figure
        name="revenue-month"
        label={t('overview.revenueMonth')}
        value={format.money(data.revenue.month)}
        hint={t('overview.revenueTotal', { amount: format.money(data.revenue.total) })}
      />
      <Figure
        name="rides-month"
        label={t('overview.ridesMonth')}
        value={format.number(data.rides.month)}
        hint={<Growth percent={data.rides.growthPercent} />}
      />
      <Figure name="health" label={t('overview.health')} value={<HealthScore data={data} />} hint={t('overview.healthHint')} />
      <Figure
        name="retention"
        label={t('overview.retention')}
        value={data.retention.percent === null ? '—' : `${format.number(data.retention.percent, { maximumFractionDigits: 1 })}%`}
        hint={
          data.retention.percent === null
            ? t('community.retentionNone')
            : data.retention.performingWell
              ? t('community.performingWell')
              : t('community.belowTarget')
        }
      />
      <Figure name="drivers" label={t('overview.drivers')} value={format.number(data.drivers.length)} hint={t('overview.activeDrivers', { count: active })} />
      <Figure
        name="acceptance"
        label={t('overview.acceptance')}
        value={data.acceptance.month === null ? '—' : `${format.number(data.acceptance.month, { maximumFractionDigits: 1 })}%`}
        hint={
          data.acceptance.previousMonth === null
            ? t('overview.noPrevious')
            : t('overview.previousAcceptance', { value: format.number(data.acceptance.previousMonth, { maximumFractionDigits: 1 }) })
        }
      />
    </div>
  );
}

function DriversPanel({ data }: { data: LicenseeAnalytics }) {
  const { t } = useTranslation('analytics');
  const format = useFormatters();
  if (data.drivers.length === 0) return <p className="pt-2 text-sm text-muted-foreground">{t('drivers.empty')}</p>;
  const columns = ['name', 'tier', 'rating', 'rides', 'earnings', 'status', 'next'] as const;
  const label = (column: (typeof columns)[number]) => t(`drivers.columns.${column}`);
  return (
    <div className="pt-2">
      <StackedTable
        data-testid="analytics-drivers"
        caption={t('drivers.caption')}
        captionClassName="text-muted-foreground"
        headings={columns.map((column) => ({ label: label(column), className: column === 'name' || column === 'next' ? 'text-start' : 'text-end' }))}
      >
        {data.drivers.map((driver) => (
          <StackedRow key={driver.driverId} data-testid="analytics-driver">
            <StackedRowHeader>{driver.name}</StackedRowHeader>
            <Cell label={label('tier')} className="md:text-end">
              {t(`tiers.${driver.tier}`)}
            </Cell>
            <Cell label={label('rating')} className="tabular-nums md:text-end">
              {driver.rating === null ? '—' : format.number(driver.rating, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
            </Cell>
            <Cell label={label('rides')} className="tabular-nums md:text-end">
              {t('drivers.rides', { month: format.number(driver.monthRides), total: format.number(driver.totalRides) })}
            </Cell>
            <Cell label={label('earnings')} className="tabular-nums md:text-end">
              {format.money(driver.monthEarnings)}
            </Cell>
            <Cell label={label('status')} className="md:text-end">
              <Badge variant={statusVariant(driver.status)}>{t(`drivers.status.${driver.status}`)}</Badge>
            </Cell>
            <Cell label={label('next')} className="text-muted-foreground">
              {driver.nextTier === null
                ? t('drivers.top')
                : driver.ridesNeeded > 0
                  ? t('drivers.ridesNeeded', { count: driver.ridesNeeded })
                  : driver.missing.length === 0
                    ? t('drivers.ready', { tier: t(`tiers.${driver.nextTier}`) })
                    : t('drivers.missing', { tier: t(`tiers.${driver.nextTier}`), metrics: driver.missing.map((m) => t(`metrics.${m}`)).join(', ') })}
            </Cell>
          </StackedRow>
        ))}
      </StackedTable>
    </div>
  );
}

function RevenuePanel({ data }: { data: LicenseeAnalytics }) {
  const { t } = useTranslation('analytics');
  const format = useFormatters();
  return (
    <div className="space-y-4 pt-2" data-testid="analytics-revenue">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure name="revenue-this-month" label={t('revenue.month')} value={format.money(data.revenue.month)} />
        <Figure name="revenue-previous" label={t('revenue.previousMonth')} value={format.money(data.revenue.previousMonth)} />
        <Figure name="revenue-total" label={t('revenue.total')} value={format.money(data.revenue.total)} />
        <Figure name="commission-total" label={t('revenue.commissionTotal')} value={format.money(data.commission.total)} hint={t('revenue.commissionHint')} />
      </div>
      <section aria-labelledby="revenue-chart-heading" className="space-y-2">
        <h3 id="revenue-chart-heading" className="font-semibold">
          {t('revenue.chartTitle', { days: data.revenue.byDay.length })}
        </h3>
        <Suspense fallback={<div className="h-64" />}>
          <RevenueChart byDay={data.revenue.byDay} />
        </Suspense>
        <Table className="sr-only">
          <TableCaption>{t('revenue.tableCaption')}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{t('revenue.day')}</TableHead>
              <TableHead scope="col">{t('revenue.revenue')}</TableHead>
              <TableHead scope="col">{t('revenue.rides')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.revenue.byDay.map((d) => (
              <TableRow key={d.day}>
                <TableHead scope="row">{d.day}</TableHead>
                <TableCell>{format.money(d.revenue)}</TableCell>
                <TableCell>{d.rides}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </div>
  );
}

function CommunityPanel({ data }: { data: LicenseeAnalytics }) {
  const { t } = useTranslation('analytics');
  const format = useFormatters();
  const inputs = (['customerRating', 'driverRating', 'safetyScore'] as const).map((input) => ({
    input,
    value: data.health[input],
    measured: !data.unmeasured.includes(input),
  }));
  return (
    <div className="space-y-5 pt-2" data-testid="analytics-community">
      <section aria-labelledby="health-heading" className="space-y-2">
        <h3 id="health-heading" className="flex items-center gap-2 font-semibold">
          <HeartPulseIcon className="size-4" aria-hidden />
          {t('community.healthTitle')}
        </h3>
        <p className="text-3xl font-bold tabular-nums">
          <HealthScore data={data} />
        </p>
        <p className="text-sm text-muted-foreground">
          {t('community.healthFormula', { average: format.number(data.health.average, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })}
        </p>
        <dl className="grid gap-2 sm:grid-cols-3">
          {inputs.map(({ input, value, measured }) => (
            <div key={input} className="rounded-lg border p-3" data-testid={`health-${input}`}>
              <dt className="text-sm text-muted-foreground">{t(`health.inputs.${input}`)}</dt>
              <dd className="text-lg font-semibold tabular-nums">{format.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</dd>
              {measured ? null : <dd className="text-xs text-muted-foreground">{t('community.unmeasured')}</dd>}
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="retention-heading" className="space-y-1">
        <h3 id="retention-heading" className="font-semibold">
          {t('community.retentionTitle')}
        </h3>
        <p className="text-sm" data-testid="retention">
          {data.retention.percent === null ? (
            t('community.retentionNone')
          ) : (
            <>
              {t('community.retention', {
                percent: format.number(data.retention.percent, { maximumFractionDigits: 1 }),
                still: data.retention.stillActive,
                start: data.retention.activeAtStart,
              })}{' '}
              <Badge variant={data.retention.performingWell ? 'success' : 'outline'}>
                {data.retention.performingWell ? t('community.performingWell') : t('community.belowTarget')}
              </Badge>
            </>
          )}
        </p>
      </section>
      <section aria-labelledby="tiers-heading" className="space-y-2">
        <h3 id="tiers-heading" className="font-semibold">
          {t('community.tiersTitle')}
        </h3>
        <ul className="space-y-1.5 text-sm">
          {tierShares(data.tiers).map((row) => (
            <li key={row.tier} className="grid grid-cols-[7rem_1fr_4rem] items-center gap-2">
              <span>{t(`tiers.${row.tier}`)}</span>
              <span className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                <span className="block h-full rounded-full bg-primary" style={{ width: `${row.percent}%` }} />
              </span>
              <span className="text-end tabular-nums">{row.count}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function InsightsPanel({ data }: { data: LicenseeAnalytics }) {
  const { t } = useTranslation('analytics');
  const format = useFormatters();
  return (
    <ul className="space-y-2 pt-2" data-testid="analytics-insights">
      {data.insights.map((insight, i) => {
        const message = insightMessage(insight, format);
        const names = Object.fromEntries(Object.entries(message.nameKeys).map(([name, key]) => [name, t(key)]));
        const Icon =
          insight.tone === 'negative' ? TrendingDownIcon : insight.tone === 'positive' ? TrendingUpIcon : insight.kind === 'steady' ? InfoIcon : LightbulbIcon;
        return (
          <li key={i} className="flex items-start gap-2 rounded-lg border p-3 text-sm" data-testid="insight" data-kind={insight.kind}>
            <Icon
              className={cn(
                'mt-0.5 size-4 shrink-0',
                insight.tone === 'negative' ? 'text-destructive' : insight.tone === 'positive' ? 'text-success' : 'text-primary',
              )}
              aria-hidden
            />
            {t(`insights.${message.key}`, { ...message.params, ...names })}
          </li>
        );
      })}
    </ul>
  );
}

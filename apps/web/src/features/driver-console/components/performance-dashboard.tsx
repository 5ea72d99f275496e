import type { DriverPerformance, DriverTier } from '@coride/domain/community/performance';
import { AwardIcon, CheckCircle2Icon, CircleIcon, PartyPopperIcon, RotateCwIcon, TrophyIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDriverPerformance } from '../api/use-driver-performance';
import { goalLines, isNewcomer, metricRows, rankPercent, streakOf, type GoalLine, type MetricRow } from '../performance-view';

const tierStyles: Record<DriverTier, string> = {
  Platinum: 'bg-slate-700 text-white',
  Gold: 'bg-amber-400 text-amber-950',
  Silver: 'bg-slate-300 text-slate-900',
  Bronze: 'bg-orange-700 text-white',
  Probationary: 'bg-muted text-foreground',
};

export function TierBadge({ tier, testId }: { tier: DriverTier; testId?: string }) {
  const { t } = useTranslation('performance');
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ${tierStyles[tier]}`}
      data-testid={testId}
      data-tier={tier}
    >
      <AwardIcon className="size-3.5" aria-hidden />
      {t(`tiers.${tier}`)}
    </span>
  );
}

/** "4.85 ★", "96.5%", "4.20 / 5": a metric in its unit. */
export function useMetricFormat() {
  const { t } = useTranslation('performance');
  const format = useFormatters();
  return (unit: MetricRow['unit'], value: number) =>
    unit === 'percent'
      ? t('units.percent', { value: format.number(value, { maximumFractionDigits: 1 }) })
      : t(unit === 'stars' ? 'units.stars' : 'units.score', { value: format.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });
}

/**
 * The driver performance dashboard (spec §2): Overview (tier, score, rank, perks, streak), Metrics
 * (each metric against the next tier's minimum) and Goals (what is missing to advance). The earnings
 * history (the last 14 days) is the console's Earnings tab (earnings-history.tsx), shown once.
 * A driver without a completed ride in the period has no score yet: nothing is shown as if measured.
 */
export function PerformanceDashboard() {
  const { t } = useTranslation('performance');
  const performance = useDriverPerformance();
  const [tab, setTab] = useState('overview');
  return (
    <Card role="region" aria-labelledby="performance-dashboard-heading" data-testid="performance-dashboard">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 sm:flex-nowrap">
        <div className="space-y-1.5">
          <CardTitle as="h2" id="performance-dashboard-heading">
            {t('title')}
          </CardTitle>
          <CardDescription>{performance.data ? t('description', { days: performance.data.periodDays }) : t('descriptionLoading')}</CardDescription>
        </div>
        <Button variant="ghost" size="sm" onClick={() => void performance.refetch()} disabled={performance.isFetching}>
          <RotateCwIcon aria-hidden className={performance.isFetching ? 'animate-spin' : undefined} />
          {t('refresh')}
        </Button>
      </CardHeader>
      <CardContent>
        {performance.isPending ? (
          <LoadingState />
        ) : performance.isError ? (
          <ErrorState title={t('errors.performance')} error={performance.error} onRetry={() => void performance.refetch()} />
        ) : (
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label={t('tabs.label')} className="w-full justify-start sm:w-auto">
              {(['overview', 'metrics', 'goals'] as const).map((value) => (
                <TabsTrigger key={value} value={value}>
                  {t(`tabs.${value}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="overview">
              <OverviewPanel performance={performance.data} />
            </TabsContent>
            <TabsContent value="metrics">
              <MetricsPanel performance={performance.data} />
            </TabsContent>
            <TabsContent value="goals">
              <GoalsPanel performance={performance.data} />
            </TabsContent>
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}

function OverviewPanel({ performance }: { performance: DriverPerformance }) {
  const { t } = useTranslation('performance');
  const format = useFormatters();
  const rank = rankPercent(performance.topFraction);
  const streak = streakOf(performance.metrics);
  return (
    <div className="space-y-5 pt-2" data-testid="performance-overview">
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-lg border p-3">
          <p className="text-sm font-medium text-muted-foreground">{t('overview.tier')}</p>
          <div className="mt-2">
            <TierBadge tier={performance.tier} testId="performance-tier" />
          </div>
          {performance.storedTier && performance.storedTier.tier !== performance.tier ? (
            <p className="mt-1 text-xs text-muted-foreground">
              {t('overview.storedTier', { tier: t(`tiers.${performance.storedTier.tier}`), date: format.date(performance.storedTier.computedAt) })}
            </p>
          ) : null}
        </div>
        <div className="rounded-lg border p-3">
          <p className="text-sm font-medium text-muted-foreground">{t('overview.score')}</p>
          {isNewcomer(performance.metrics) ? (
            <>
              <p className="mt-1 text-lg font-semibold" data-testid="performance-score" data-score="none">
                {t('overview.noScore')}
              </p>
              <p className="mt-0.5 text-xs text-muted-foreground">{t('overview.noScoreHint')}</p>
            </>
          ) : (
            <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="performance-score">
              {t('units.score', { value: format.number(performance.metrics.overallScore, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })}
            </p>
          )}
        </div>
        <div className="rounded-lg border p-3">
          <p className="text-sm font-medium text-muted-foreground">{t('overview.rank')}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="performance-rank">
            {rank === null ? <span aria-hidden>—</span> : t('overview.top', { percent: rank })}
          </p>
          <p className="mt-0.5 text-xs text-muted-foreground">
            {rank === null ? t('overview.unranked', { count: performance.goals.ridesNeeded }) : t('overview.cohort', { count: performance.cohortSize })}
          </p>
        </div>
      </div>
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-2">
          <h3 className="font-semibold" id="streak-heading">
            {t('overview.streak')}
          </h3>
          <span className="text-sm tabular-nums" data-testid="streak-progress">
            {t('overview.streakProgress', { progress: streak.progress, length: streak.length })}
          </span>
        </div>
        <Progress value={streak.progress} max={streak.length} aria-labelledby="streak-heading" />
        <p className="text-xs text-muted-foreground">
          {performance.rules.streakBonusCents > 0
            ? t('overview.streakBonus', { amount: format.money(performance.rules.streakBonusCents), length: streak.length, count: streak.completed })
            : t('overview.noStreakBonus')}
        </p>
      </div>
      <div className="space-y-2">
        <h3 className="font-semibold">{t('overview.perks', { tier: t(`tiers.${performance.tier}`) })}</h3>
        <ul className="grid gap-1.5 sm:grid-cols-3" data-testid="tier-perks">
          {performance.rules.perks.map((perk) => (
            <li key={perk} className="flex items-center gap-2 text-sm">
              <CheckCircle2Icon className="size-4 text-success" aria-hidden />
              {t(`perks.${perk}`)}
            </li>
          ))}
        </ul>
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">{t('overview.peakMinimum')}</dt>
            <dd className="font-medium tabular-nums">{t('overview.perHour', { amount: format.money(performance.rules.peakHourMinimumCentsPerHour) })}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('overview.bonusCap')}</dt>
            <dd className="font-medium tabular-nums">{format.money(performance.rules.monthlyBonusCapCents)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('overview.lastBonus')}</dt>
            <dd className="font-medium tabular-nums">
              {performance.lastBonus
                ? t('overview.lastBonusValue', { amount: format.money(performance.lastBonus.total), month: performance.lastBonus.month })
                : t('overview.noBonusYet')}
            </dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

function MetricsPanel({ performance }: { performance: DriverPerformance }) {
  const { t } = useTranslation('performance');
  const formatMetric = useMetricFormat();
  const rows = metricRows(performance);
  const next = performance.goals.nextTier;
  return (
    <div className="overflow-x-auto pt-2">
      <Table className="w-full text-sm" data-testid="performance-metrics">
        <TableCaption className="pb-2 text-start text-muted-foreground">
          {next ? t('metrics.caption', { tier: t(`tiers.${next}`) }) : t('metrics.captionTop')}
        </TableCaption>
        <TableHeader>
          <TableRow className="border-b text-start">
            <TableHead scope="col" className="py-2 text-start font-medium">
              {t('metrics.metric')}
            </TableHead>
            <TableHead scope="col" className="py-2 text-end font-medium">
              {t('metrics.value')}
            </TableHead>
            <TableHead scope="col" className="py-2 text-end font-medium">
              {t('metrics.nextMinimum')}
            </TableHead>
            <TableHead scope="col" className="py-2 text-end font-medium">
              {t('metrics.data')}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.metric}
              className="border-b last:border-0"
              data-testid={`metric-${row.metric}`}
              data-met={row.met === null ? 'none' : String(row.met)}
            >
              <TableHead scope="row" className="py-2 text-start font-normal">
                {t(`metrics.names.${row.metric}`)}
              </TableHead>
              <TableCell className="py-2 text-end font-semibold tabular-nums">
                {row.measured ? (
                  formatMetric(row.unit, row.value)
                ) : (
                  <>
                    <span aria-hidden>—</span>
                    <span className="sr-only">{t('metrics.unmeasured')}</span>
                  </>
                )}
              </TableCell>
              <TableCell className="py-2 text-end tabular-nums">
                {row.nextMinimum === null ? (
                  <span className="text-muted-foreground">{t('metrics.noMinimum')}</span>
                ) : (
                  <span className={row.met ? 'text-success' : 'text-destructive'}>
                    {formatMetric(row.unit, row.nextMinimum)}
                    <span className="sr-only"> {row.met ? t('metrics.met') : t('metrics.notMet')}</span>
                  </span>
                )}
              </TableCell>
              <TableCell className="py-2 text-end">
                <Badge variant={row.measured ? 'secondary' : 'outline'}>{row.measured ? t('metrics.measured') : t('metrics.unmeasured')}</Badge>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.some((row) => !row.measured) ? <p className="mt-2 text-xs text-muted-foreground">{t('metrics.unmeasuredNote')}</p> : null}
    </div>
  );
}

/** One missing (or met) condition in words. */
export function useGoalText() {
  const { t } = useTranslation('performance');
  const formatMetric = useMetricFormat();
  return (line: GoalLine) => {
    switch (line.kind) {
      case 'rides':
        return t('goals.rides', { count: line.count });
      case 'rank':
        return t('goals.rank', { percent: line.topPercent });
      case 'metric':
        // Without data the figure is a default: the goal says so instead of showing it.
        return line.measured
          ? t('goals.metric', {
              metric: t(`metrics.names.${line.metric}`),
              target: formatMetric(line.unit, line.target),
              current: formatMetric(line.unit, line.current),
            })
          : t('goals.metricUnmeasured', { metric: t(`metrics.names.${line.metric}`), target: formatMetric(line.unit, line.target) });
    }
  };
}

/** A list of goal lines: still missing (an open circle) or already met (a check). */
function GoalList({ kind, heading, lines }: { kind: 'missing' | 'met'; heading: string; lines: string[] }) {
  const Icon = kind === 'met' ? CheckCircle2Icon : CircleIcon;
  return (
    <section aria-labelledby={`goals-${kind}-heading`}>
      <h3 id={`goals-${kind}-heading`} className="text-sm font-medium text-muted-foreground">
        {heading}
      </h3>
      <ul className="mt-1 space-y-1.5" data-testid={`goals-${kind}`}>
        {lines.map((line, i) => (
          <li key={i} className="flex items-start gap-2 text-sm">
            <Icon className={cn('mt-0.5 size-4 shrink-0', kind === 'met' ? 'text-success' : 'text-destructive')} aria-hidden />
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}

function GoalsPanel({ performance }: { performance: DriverPerformance }) {
  const { t } = useTranslation('performance');
  const goals = goalLines(performance.goals);
  const text = useGoalText();
  if (goals.isTop) {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-success/40 bg-success/10 p-4 pt-4" data-testid="goals-platinum">
        <PartyPopperIcon className="size-6 shrink-0 text-success" aria-hidden />
        <div>
          <p className="font-semibold">{t('goals.platinumTitle')}</p>
          <p className="text-sm text-muted-foreground">{t('goals.platinumDescription')}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4 pt-2" data-testid="performance-goals">
      <p className="flex items-center gap-2 font-semibold">
        <TrophyIcon className="size-4" aria-hidden />
        {t('goals.toNext', { tier: t(`tiers.${goals.nextTier!}`) })}
      </p>
      {goals.missing.length ? (
        <GoalList kind="missing" heading={t('goals.missing')} lines={goals.missing.map(text)} />
      ) : (
        <p className="text-sm">{t('goals.allMet')}</p>
      )}
      {goals.met.length ? <GoalList kind="met" heading={t('goals.met')} lines={goals.met.map(text)} /> : null}
    </div>
  );
}

import { useId } from 'react';
import { CarFrontIcon, CheckCircle2Icon, CircleIcon, TrophyIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  GUARANTEE_MIN_ACCEPTANCE_PERCENT,
  GUARANTEED_MONTHLY_MINIMUM_CENTS,
  PERFORMANCE_BONUS_BP,
  QUINTILES,
  type Quintile,
} from '@coride/domain/community/bonus-pool';
import { WEEKS_PER_MONTH } from '@coride/domain/community/estimates';
import { STREAK_LENGTH, TIER_RULES, type DriverMetrics, type TierGoals } from '@coride/domain/community/performance';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { DemoNumberField, FixInputs, Stat } from './demo-field';
import { DRIVER_LIMITS, type DriverField } from './driver-sample';
import { LazyBarChart } from './lazy-charts';
import { SampleNote } from './sample-note';
import type { DemoModel } from './use-demo-model';
import { useMoney } from './use-money';

const performanceFields: DriverField[] = [
  'rating',
  'acceptance',
  'completedRides',
  'cancelledRides',
  'onTime',
  'safetyRating',
  'incidents',
  'communityActions',
  'consecutiveAccepts',
];

/** A metric as the driver sees it: stars and scores with 2 decimals, rates as percentages. */
export function useMetricFormat() {
  const money = useMoney();
  return (unit: 'stars' | 'percent' | 'score', value: number) => (unit === 'percent' ? money.ratio(value / 100) : money.number(value));
}

function MetricsView({ metrics, tier, topFraction, ranked }: { metrics: DriverMetrics; tier: string; topFraction: number | null; ranked: number }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  const format = useMetricFormat();
  const rows = [
    ['customerRating', format('stars', metrics.customerRating)],
    ['acceptanceRate', format('percent', metrics.acceptanceRate)],
    ['completionRate', format('percent', metrics.completionRate)],
    ['punctualityScore', format('score', metrics.punctualityScore)],
    ['safetyScore', format('score', metrics.safetyScore)],
    ['communityEngagement', format('score', metrics.communityEngagement)],
  ] as const;
  return (
    <section aria-labelledby="driver-metrics-title" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="driver-metrics-title" className="text-lg font-semibold">
          {t('driver.metricsTitle')}
        </h3>
        <Badge variant="success" data-testid="driver-tier">
          {t(`guarantees.tierNames.${tier}`)}
        </Badge>
        <span className="text-sm text-muted-foreground" data-testid="driver-rank">
          {topFraction === null ? t('driver.notRanked') : t('driver.rank', { percent: money.ratio(topFraction), count: ranked })}
        </span>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {rows.map(([metric, value]) => (
          <Stat key={metric} label={t(`guarantees.metrics.${metric}`)} value={value} testId={`metric-${metric}`} />
        ))}
        <Stat label={t('driver.overallScore')} value={money.number(metrics.overallScore)} detail={t('driver.overallDetail')} testId="metric-overallScore" />
        <Stat
          label={t('driver.streak')}
          value={t('driver.streakValue', { count: metrics.streakCount, progress: metrics.streakProgress, length: STREAK_LENGTH })}
          detail={t('driver.streakDetail', { length: STREAK_LENGTH })}
        />
      </dl>
    </section>
  );
}

function GoalsView({ goals }: { goals: TierGoals }) {
  const { t } = useTranslation('demo');
  const format = useMetricFormat();
  if (!goals.nextTier) {
    return (
      <p className="flex items-center gap-2 rounded-lg bg-accent p-4 font-medium text-accent-foreground" data-testid="tier-goals">
        <TrophyIcon className="size-5" aria-hidden />
        {t('driver.goals.top')}
      </p>
    );
  }
  return (
    <section aria-labelledby="driver-goals-title" className="rounded-lg border p-4" data-testid="tier-goals">
      <h3 id="driver-goals-title" className="font-semibold">
        {t('driver.goals.title', { tier: t(`guarantees.tierNames.${goals.nextTier}`) })}
      </h3>
      <ul className="mt-3 space-y-1.5 text-sm">
        {goals.ridesNeeded > 0 ? (
          <li className="flex items-center gap-2">
            <CircleIcon className="size-4 text-amber-700" aria-hidden />
            {t('driver.goals.rides', { count: goals.ridesNeeded })}
          </li>
        ) : null}
        {goals.requirements.map((goal) => (
          <li key={goal.metric} className="flex items-center gap-2" data-met={goal.met}>
            {goal.met ? <CheckCircle2Icon className="size-4 text-primary" aria-hidden /> : <CircleIcon className="size-4 text-amber-700" aria-hidden />}
            <span>
              {t('driver.goals.requirement', {
                metric: t(`guarantees.metrics.${goal.metric}`),
                target: format(goal.unit, goal.target),
                current: format(goal.unit, goal.current),
              })}
            </span>
            <span className="sr-only">{goal.met ? t('driver.goals.met') : t('driver.goals.missing')}</span>
          </li>
        ))}
        {goals.rank ? (
          <li className="flex items-center gap-2">
            {goals.rank.met ? <CheckCircle2Icon className="size-4 text-primary" aria-hidden /> : <CircleIcon className="size-4 text-amber-700" aria-hidden />}
            {t('driver.goals.rank', { percent: goals.rank.topPercent })}
            <span className="sr-only">{goals.rank.met ? t('driver.goals.met') : t('driver.goals.missing')}</span>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function QuintileSelect({ value, onChange }: { value: Quintile; onChange: (q: Quintile) => void }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{t('driver.quintile')}</Label>
      <NativeSelect id={id} value={String(value)} onChange={(event) => onChange(Number(event.target.value) as Quintile)}>
        {QUINTILES.map((q) => (
          <option key={q.quintile} value={q.quintile}>
            {t('driver.quintileOption', { name: t(`guarantees.quintiles.${q.key}`), multiplier: money.number(q.multiplierBp / 10_000) })}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function TrackerView({ model }: { model: DemoModel }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  const { driverFields } = model;
  const tracker = model.driver?.tracker ?? null;
  const tier = model.driver?.you.tier;
  return (
    <section aria-labelledby="earnings-title" className="space-y-4">
      <h3 id="earnings-title" className="text-lg font-semibold">
        {t('driver.earningsTitle')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('driver.earningsDescription')}</p>
      <div className="grid gap-4 sm:grid-cols-3">
        {(['ridesPerWeek', 'hoursPerWeek'] as const).map((field) => (
          <DemoNumberField
            key={field}
            label={t(`driver.fields.${field}`)}
            value={driverFields.texts[field]}
            onChange={(text) => driverFields.set(field, text)}
            isValid={driverFields.isValid(field)}
            limit={DRIVER_LIMITS[field]}
          />
        ))}
        <QuintileSelect value={model.quintile} onChange={model.setQuintile} />
      </div>
      {tracker && tier ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Stat label={t('driver.weeklyFares', { count: tracker.weekly.rides })} value={money.cents(tracker.weekly.fares)} testId="weekly-fares" />
            <Stat label={t('driver.weeklyTips')} value={money.cents(tracker.weekly.tips)} />
            <Stat
              label={t('driver.monthlyFares', { count: tracker.monthly.rides })}
              value={money.cents(tracker.monthly.fares + tracker.monthly.tips)}
              detail={t('driver.projection', { weeks: money.number(WEEKS_PER_MONTH) })}
            />
            <Stat
              label={t('driver.guarantee')}
              value={money.cents(tracker.bonus.guarantee)}
              detail={t('driver.guaranteeDetail', { minimum: money.cents(GUARANTEED_MONTHLY_MINIMUM_CENTS), acceptance: GUARANTEE_MIN_ACCEPTANCE_PERCENT })}
            />
            <Stat
              label={t('driver.streakBonus')}
              value={money.cents(tracker.bonus.streak)}
              detail={t('driver.streakBonusDetail', { amount: money.cents(TIER_RULES[tier].streakBonusCents), length: STREAK_LENGTH })}
            />
            <Stat
              label={t('driver.performanceBonus')}
              value={money.cents(tracker.bonus.performance)}
              detail={t('driver.performanceDetail', { percent: money.bps(PERFORMANCE_BONUS_BP), cap: money.cents(TIER_RULES[tier].monthlyBonusCapCents) })}
              testId="driver-bonus"
            />
            <Stat label={t('driver.monthTotal')} value={money.cents(tracker.monthTotal)} className="bg-accent sm:col-span-2" testId="driver-month-total" />
          </dl>
          <figure>
            <figcaption className="text-sm font-medium">{t('driver.chartCaption')}</figcaption>
            <LazyBarChart
              data={tracker.byQuintile.map((q) => ({
                label: t(`guarantees.quintiles.${QUINTILES[q.quintile - 1]!.key}`),
                value: q.performance,
                highlight: q.quintile === model.quintile,
              }))}
              format={money.cents}
            />
            <p className="mt-2 text-xs text-muted-foreground">{t('driver.poolNote')}</p>
          </figure>
        </div>
      ) : (
        <FixInputs />
      )}
    </section>
  );
}

/** The driver view: a sample driver's metrics, tier, goals and earnings, computed by the product's rules. */
export function DriverTab({ model }: { model: DemoModel }) {
  const { t } = useTranslation('demo');
  const { driverFields, driver } = model;
  const ranked = driver ? driver.cohort.filter((member) => member.topFraction !== null).length : 0;
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <CarFrontIcon className="size-6" aria-hidden />
        </span>
        <div className="space-y-1">
          <h2 className="text-2xl font-bold">{t('driver.title')}</h2>
          <CardDescription className="text-base">{t('driver.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-8">
        <SampleNote />
        <fieldset className="rounded-lg border p-4">
          <legend className="px-1 font-semibold">{t('driver.inputsTitle')}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            {performanceFields.map((field) => (
              <DemoNumberField
                key={field}
                label={t(`driver.fields.${field}`)}
                value={driverFields.texts[field]}
                onChange={(text) => driverFields.set(field, text)}
                isValid={driverFields.isValid(field)}
                limit={DRIVER_LIMITS[field]}
              />
            ))}
          </div>
        </fieldset>
        {driver && model.metrics ? (
          <>
            <MetricsView metrics={model.metrics} tier={driver.you.tier} topFraction={driver.you.topFraction} ranked={ranked} />
            <GoalsView goals={driver.goals} />
          </>
        ) : (
          <FixInputs />
        )}
        <TrackerView model={model} />
      </CardContent>
    </Card>
  );
}

import { ActivityIcon, FlameIcon, TargetIcon, TrophyIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useFormatters } from '@/lib/format';
import { useDriverEarningsDaily } from '../api/use-driver-earnings-daily';
import { useDriverPerformance } from '../api/use-driver-performance';
import { goalLines, goalProgress, parseGoalDollars, streakOf, trackerTotals, type EarningsTotals } from '../performance-view';
import { TierBadge } from './performance-dashboard';

/** The weekly goal until the driver sets one (our default), kept in this browser. */
export const DEFAULT_WEEKLY_GOAL_CENTS = 100_000;
const GOAL_STORAGE_KEY = 'coride.driver.weeklyGoal';
/** Eight days cover Monday to today in every week. */
const TRACKER_DAYS = 8;
/** Tips and bonuses arrive without an event to the driver: the tracker re-reads them every minute. */
const TRACKER_REFRESH_MS = 60_000;

function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function useWeeklyGoal(): [number, (cents: number) => void] {
  const [goal, setGoal] = useState(() => {
    const stored = typeof localStorage === 'undefined' ? null : Number(localStorage.getItem(GOAL_STORAGE_KEY));
    return stored && Number.isSafeInteger(stored) && stored > 0 ? stored : DEFAULT_WEEKLY_GOAL_CENTS;
  });
  return [
    goal,
    (cents) => {
      setGoal(cents);
      try {
        localStorage.setItem(GOAL_STORAGE_KEY, String(cents));
      } catch {
        // Private mode: the goal lasts for this visit.
      }
    },
  ];
}

/**
 * The real-time earnings tracker (spec §2): a clock ticking every second, the week toward the
 * driver's goal, the tier, fares vs tips vs bonuses and the active goals. Today's total is on the
 * console's first screen and the latest rides with their money in the earnings card, so each figure
 * is shown once. A completed ride refreshes the earnings queries, so the figures move as the driver works.
 */
export function EarningsTracker() {
  const { t, i18n } = useTranslation('performance');
  const now = useNow();
  const daily = useDriverEarningsDaily(TRACKER_DAYS, TRACKER_REFRESH_MS);
  const performance = useDriverPerformance();
  const timeFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }), [i18n.language]);
  return (
    <Card role="region" aria-labelledby="earnings-tracker-heading" data-testid="earnings-tracker">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle as="h2" id="earnings-tracker-heading" className="flex items-center gap-2">
            <ActivityIcon className="size-5 text-primary" aria-hidden />
            {t('tracker.title')}
          </CardTitle>
          <CardDescription>{t('tracker.description')}</CardDescription>
        </div>
        <div className="text-end">
          <time dateTime={now.toISOString()} className="block text-2xl font-bold tabular-nums" data-testid="tracker-clock" aria-label={t('tracker.clockLabel')}>
            {timeFormat.format(now)}
          </time>
          {performance.data ? <TierBadge tier={performance.data.tier} testId="tracker-tier" /> : null}
        </div>
      </CardHeader>
      <CardContent>
        {daily.isPending ? (
          <LoadingState />
        ) : daily.isError ? (
          <ErrorState title={t('errors.earnings')} error={daily.error} onRetry={() => void daily.refetch()} />
        ) : (
          <TrackerBody totals={trackerTotals(daily.data.days)} />
        )}
      </CardContent>
    </Card>
  );
}

function TrackerBody({ totals }: { totals: ReturnType<typeof trackerTotals> }) {
  const { t } = useTranslation('performance');
  const format = useFormatters();
  const [goal, setGoal] = useWeeklyGoal();
  const progress = goalProgress(totals.week.total, goal);
  return (
    <div className="space-y-5">
      <div className="grid gap-3">
        <div className="rounded-lg border p-3" data-testid="tracker-week">
          <p className="text-sm font-medium text-muted-foreground" id="tracker-week-label">
            {t('tracker.week')}
          </p>
          <p className="mt-1 text-2xl font-bold tabular-nums" data-cents={totals.week.total}>
            {format.money(totals.week.total)}{' '}
            <span className="text-sm font-normal text-muted-foreground">{t('tracker.ofGoal', { goal: format.money(goal) })}</span>
          </p>
          <Progress value={Math.round(progress.fraction * 100)} aria-labelledby="tracker-week-label" className="mt-2" />
          <p className="mt-1 text-xs text-muted-foreground">
            {progress.reached ? t('tracker.goalReached') : t('tracker.goalLeft', { amount: format.money(progress.remaining) })}
          </p>
          <GoalForm goal={goal} onChange={setGoal} />
        </div>
      </div>
      <Breakdown week={totals.week} />
      <ActiveGoals />
    </div>
  );
}

function GoalForm({ goal, onChange }: { goal: number; onChange: (cents: number) => void }) {
  const { t } = useTranslation('performance');
  const id = useId();
  const [value, setValue] = useState(String(goal / 100));
  const [error, setError] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    const cents = parseGoalDollars(value);
    setError(cents === null);
    if (cents !== null) onChange(cents);
  }
  return (
    <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
      <div className="space-y-1">
        <Label htmlFor={id} className="text-xs">
          {t('tracker.goalLabel')}
        </Label>
        <Input
          id={id}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="h-8 w-28"
          aria-invalid={error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <Button type="submit" size="sm" variant="outline">
        {t('tracker.setGoal')}
      </Button>
      {error ? (
        <p id={`${id}-error`} className="w-full text-xs text-destructive">
          {t('tracker.goalInvalid')}
        </p>
      ) : null}
    </form>
  );
}

function Breakdown({ week }: { week: EarningsTotals }) {
  const { t } = useTranslation('performance');
  const format = useFormatters();
  const parts = [
    { key: 'fares', cents: week.fares, colour: 'bg-primary' },
    { key: 'tips', cents: week.tips, colour: 'bg-amber-500' },
    { key: 'bonuses', cents: week.bonuses, colour: 'bg-indigo-500' },
  ] as const;
  return (
    <section aria-labelledby="tracker-breakdown-heading" className="space-y-2">
      <h3 id="tracker-breakdown-heading" className="font-semibold">
        {t('tracker.breakdown')}
      </h3>
      <div className="flex h-3 w-full overflow-hidden rounded-full bg-muted" aria-hidden>
        {week.total > 0 ? parts.map((p) => <div key={p.key} className={p.colour} style={{ width: `${(100 * p.cents) / week.total}%` }} />) : null}
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="tracker-breakdown">
        {parts.map((p) => (
          <div key={p.key}>
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <span className={`inline-block size-2.5 rounded-full ${p.colour}`} aria-hidden />
              {t(`earnings.${p.key}`)}
            </dt>
            <dd className="font-semibold tabular-nums" data-testid={`tracker-${p.key}`} data-cents={p.cents}>
              {format.money(p.cents)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ActiveGoals() {
  const { t } = useTranslation('performance');
  const format = useFormatters();
  const performance = useDriverPerformance();
  if (!performance.data) return null;
  const streak = streakOf(performance.data.metrics);
  const goals = goalLines(performance.data.goals);
  return (
    <section aria-labelledby="tracker-goals-heading" className="space-y-2">
      <h3 id="tracker-goals-heading" className="font-semibold">
        {t('tracker.activeGoals')}
      </h3>
      <ul className="space-y-2 text-sm" data-testid="tracker-goals">
        <li className="flex items-start gap-2">
          <FlameIcon className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden />
          <span>
            {t('tracker.streakGoal', { progress: streak.progress, length: streak.length })}
            {performance.data.rules.streakBonusCents > 0
              ? ` ${t('tracker.streakReward', { amount: format.money(performance.data.rules.streakBonusCents) })}`
              : ''}
          </span>
        </li>
        <li className="flex items-start gap-2">
          {goals.isTop ? (
            <TrophyIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          ) : (
            <TargetIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          )}
          <span>{goals.isTop ? t('tracker.tierTop') : t('tracker.tierGoal', { tier: t(`tiers.${goals.nextTier!}`), count: goals.missing.length })}</span>
        </li>
      </ul>
    </section>
  );
}

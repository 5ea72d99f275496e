import { parseDollarsToCents } from '@coride/domain/money';
import type { DriverEarningsDay } from '@coride/domain/community/analytics';
import {
  judgedMetrics,
  metricUnit,
  STREAK_LENGTH,
  TIER_REQUIREMENTS,
  driverTiers,
  type DriverPerformance,
  type DriverTier,
  type JudgedMetric,
  type RankedTier,
} from '@coride/domain/community/performance';

/**
 * Pure view helpers of the driver performance dashboard and the earnings tracker: what the screens
 * show is computed here from the API answers, so it can be tested without a browser.
 */

/** "Top N%": the driver is within the best N% of their territory's ranked drivers (null: not ranked yet). */
export function rankPercent(topFraction: number | null): number | null {
  if (topFraction === null) return null;
  return Math.min(100, Math.floor(topFraction * 100) + 1);
}

export function streakOf(metrics: Pick<DriverPerformance['metrics'], 'streakProgress' | 'streakCount'>) {
  return { progress: metrics.streakProgress, length: STREAK_LENGTH, completed: metrics.streakCount };
}

/** No completed ride in the judged period: no score, no rating, nothing measured yet. */
export function isNewcomer(metrics: Pick<DriverPerformance['metrics'], 'completedRides'>): boolean {
  return metrics.completedRides === 0;
}

export type MetricRow = {
  metric: JudgedMetric;
  unit: 'stars' | 'percent' | 'score';
  value: number;
  /** The next tier's minimum (null at Platinum, or when the next tier does not ask for this metric). */
  nextMinimum: number | null;
  met: boolean | null;
  measured: boolean;
};

const nextTierOf = (tier: DriverTier): RankedTier | null => (driverTiers[driverTiers.indexOf(tier) + 1] as RankedTier | undefined) ?? null;

/**
 * Every judged metric with its value, the next tier's minimum, and whether the product measured it.
 * A driver without a completed ride in the period has measured nothing yet: the defaults the tiers
 * assume are not shown as their figures.
 */
export function metricRows(performance: Pick<DriverPerformance, 'tier' | 'metrics' | 'unmeasured'>): MetricRow[] {
  const next = nextTierOf(performance.tier);
  return judgedMetrics.map((metric) => {
    const minimum = next ? TIER_REQUIREMENTS[next][metric] : null;
    const nextMinimum = minimum === null || minimum === 0 ? null : minimum;
    const value = performance.metrics[metric];
    return {
      metric,
      unit: metricUnit[metric],
      value,
      nextMinimum,
      met: nextMinimum === null ? null : value >= nextMinimum,
      measured: !isNewcomer(performance.metrics) && !performance.unmeasured.includes(metric),
    };
  });
}

export type GoalLine =
  | { kind: 'metric'; metric: JudgedMetric; unit: 'stars' | 'percent' | 'score'; current: number; target: number; measured: boolean }
  | { kind: 'rides'; count: number }
  | { kind: 'rank'; topPercent: number };

/** What is still missing to reach the next tier (spec §2 Goals tab); empty with `isTop` at Platinum. */
export function goalLines(goals: DriverPerformance['goals']): { isTop: boolean; nextTier: DriverTier | null; missing: GoalLine[]; met: GoalLine[] } {
  if (!goals.nextTier) return { isTop: true, nextTier: null, missing: [], met: [] };
  const missing: GoalLine[] = [];
  const met: GoalLine[] = [];
  if (goals.ridesNeeded > 0) missing.push({ kind: 'rides', count: goals.ridesNeeded });
  for (const r of goals.requirements)
    (r.met ? met : missing).push({ kind: 'metric', metric: r.metric, unit: r.unit, current: r.current, target: r.target, measured: r.measured });
  if (goals.rank) (goals.rank.met === false ? missing : met).push({ kind: 'rank', topPercent: goals.rank.topPercent });
  return { isTop: false, nextTier: goals.nextTier, missing, met };
}

/** 'YYYY-MM-DD' of the Monday (UTC) of the week holding `day`. */
export function weekStartKey(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

export type EarningsTotals = { fares: number; tips: number; bonuses: number; total: number; rides: number };

export function totalsOf(days: readonly DriverEarningsDay[]): EarningsTotals {
  const sum = (pick: (d: DriverEarningsDay) => number) => days.reduce((acc, d) => acc + pick(d), 0);
  const fares = sum((d) => d.fares);
  const tips = sum((d) => d.tips);
  const bonuses = sum((d) => d.bonuses);
  return { fares, tips, bonuses, total: fares + tips + bonuses, rides: sum((d) => d.rides) };
}

/** Today's totals (the last day) and this week's (Monday to today, UTC) from the daily series. */
export function trackerTotals(days: readonly DriverEarningsDay[]): { today: EarningsTotals; week: EarningsTotals } {
  const last = days.at(-1);
  if (!last) return { today: totalsOf([]), week: totalsOf([]) };
  const monday = weekStartKey(last.day);
  return { today: totalsOf([last]), week: totalsOf(days.filter((d) => d.day >= monday)) };
}

/** The weekly goal as a share (0-1, capped) and what is left, in cents. */
export function goalProgress(earned: number, goal: number): { fraction: number; remaining: number; reached: boolean } {
  if (goal <= 0) return { fraction: 1, remaining: 0, reached: true };
  return { fraction: Math.min(1, earned / goal), remaining: Math.max(0, goal - earned), reached: earned >= goal };
}

/** A weekly goal typed in dollars ("1,250" or "1250.50") as cents; null when it is not a positive amount. */
export function parseGoalDollars(input: string): number | null {
  // The domain's one rule, with a comma grouping thousands: a goal is hundreds or thousands of dollars.
  const cents = parseDollarsToCents(input, { thousandsComma: true });
  return cents !== null && cents > 0 && cents <= 10_000_000 ? cents : null;
}

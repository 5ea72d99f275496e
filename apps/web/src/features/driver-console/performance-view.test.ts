import type { DriverPerformance } from '@coride/domain/community/performance';
import { describe, expect, it } from 'vitest';
import { goalLines, goalProgress, metricRows, parseGoalDollars, rankPercent, trackerTotals, weekStartKey } from './performance-view';

const metrics: DriverPerformance['metrics'] = {
  customerRating: 4.6,
  acceptanceRate: 83.3,
  completionRate: 100,
  punctualityScore: 5,
  safetyScore: 5,
  communityEngagement: 0,
  streakCount: 0,
  streakProgress: 7,
  completedRides: 25,
  overallScore: 4.5,
};

describe('rankPercent', () => {
  it('says "top N%" from the share of drivers above, and nothing while unranked', () => {
    expect(rankPercent(0)).toBe(1);
    expect(rankPercent(0.25)).toBe(26);
    expect(rankPercent(0.999)).toBe(100);
    expect(rankPercent(null)).toBeNull();
  });
});

describe('metricRows', () => {
  it("sets each metric against the next tier's minimum and marks what was not measured", () => {
    const rows = metricRows({ tier: 'Silver', metrics, unmeasured: ['punctualityScore'] });
    expect(rows.find((r) => r.metric === 'customerRating')).toEqual({
      metric: 'customerRating',
      unit: 'stars',
      value: 4.6,
      nextMinimum: 4.7,
      met: false,
      measured: true,
    });
    expect(rows.find((r) => r.metric === 'acceptanceRate')).toMatchObject({ unit: 'percent', nextMinimum: 90, met: false });
    expect(rows.find((r) => r.metric === 'punctualityScore')).toMatchObject({ met: true, measured: false });
    // Gold asks nothing of community engagement.
    expect(rows.find((r) => r.metric === 'communityEngagement')).toMatchObject({ nextMinimum: null, met: null });
  });

  it('has no minimum at Platinum', () => {
    expect(metricRows({ tier: 'Platinum', metrics, unmeasured: [] }).every((r) => r.nextMinimum === null)).toBe(true);
  });
});

describe('goalLines', () => {
  it('lists the trial rides first, then the unmet metrics, then the rank', () => {
    const lines = goalLines({
      currentTier: 'Probationary',
      nextTier: 'Bronze',
      ridesNeeded: 4,
      rank: { topPercent: 70, met: false },
      requirements: [
        { metric: 'customerRating', unit: 'stars', current: 4.8, target: 4, met: true, measured: true },
        { metric: 'acceptanceRate', unit: 'percent', current: 60, target: 70, met: false, measured: true },
        { metric: 'punctualityScore', unit: 'score', current: 5, target: 3.5, met: false, measured: false },
      ],
    });
    expect(lines.isTop).toBe(false);
    expect(lines.missing).toEqual([
      { kind: 'rides', count: 4 },
      { kind: 'metric', metric: 'acceptanceRate', unit: 'percent', current: 60, target: 70, measured: true },
      // A default figure is missing too, and says it has no data (the text reads "not measured yet").
      { kind: 'metric', metric: 'punctualityScore', unit: 'score', current: 5, target: 3.5, measured: false },
      { kind: 'rank', topPercent: 70 },
    ]);
    expect(lines.met).toEqual([{ kind: 'metric', metric: 'customerRating', unit: 'stars', current: 4.8, target: 4, measured: true }]);
  });

  it('congratulates at Platinum', () => {
    expect(goalLines({ currentTier: 'Platinum', nextTier: null, ridesNeeded: 0, rank: null, requirements: [] })).toEqual({
      isTop: true,
      nextTier: null,
      missing: [],
      met: [],
    });
  });
});

describe('tracker totals', () => {
  const day = (d: string, fares: number, tips = 0, bonuses = 0, rides = 1) => ({ day: d, fares, tips, bonuses, rides });

  it('counts the week from Monday (UTC) and today from the last day', () => {
    expect(weekStartKey('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(weekStartKey('2026-11-16')).toBe('2026-11-16');
    const days = [day('2026-11-15', 900), day('2026-11-16', 1000, 200), day('2026-11-20', 1500, 0, 300), day('2026-11-22', 700, 100)];
    const totals = trackerTotals(days);
    expect(totals.today).toEqual({ fares: 700, tips: 100, bonuses: 0, total: 800, rides: 1 });
    expect(totals.week).toEqual({ fares: 3200, tips: 300, bonuses: 300, total: 3800, rides: 3 });
    expect(trackerTotals([]).week.total).toBe(0);
  });

  it('measures progress toward the weekly goal', () => {
    expect(goalProgress(25_000, 100_000)).toEqual({ fraction: 0.25, remaining: 75_000, reached: false });
    expect(goalProgress(120_000, 100_000)).toEqual({ fraction: 1, remaining: 0, reached: true });
  });

  it('reads a goal typed in dollars', () => {
    expect(parseGoalDollars('1,250')).toBe(125_000);
    expect(parseGoalDollars('$800.5')).toBe(80_050);
    expect(parseGoalDollars('0')).toBeNull();
    expect(parseGoalDollars('abc')).toBeNull();
    expect(parseGoalDollars('12.345')).toBeNull();
  });
});

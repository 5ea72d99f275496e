import { describe, expect, it } from 'vitest';
import { tierGoals } from '@coride/domain/community/performance';
import { DEFAULT_DRIVER_INPUTS, driverMetricsFromInputs, earningsTracker, historyFromInputs, parseDriverField } from './driver-sample';
import { quoteFareExample } from './fare-example';
import { sampleCohort, YOU } from './territory-sample';

const fare = quoteFareExample({ miles: 5, minutes: 12.5 });

describe('parseDriverField', () => {
  it('accepts values in range and refuses the rest', () => {
    expect(parseDriverField('rating', '4.85')).toBe(4.85);
    expect(parseDriverField('rating', '0.5')).toBeNull();
    expect(parseDriverField('acceptance', '100.1')).toBeNull();
    expect(parseDriverField('completedRides', '12.5')).toBeNull();
    expect(parseDriverField('completedRides', '')).toBeNull();
    expect(parseDriverField('incidents', 'abc')).toBeNull();
  });
});

describe('driverMetricsFromInputs (computeMetrics of the equivalent history)', () => {
  it('turns rates into exact history facts', () => {
    expect(historyFromInputs(DEFAULT_DRIVER_INPUTS)).toMatchObject({
      ratingsCount: 100,
      ratingsSum: 480,
      offersMade: 1000,
      offersAccepted: 920,
      pickupsOnTime: 920,
      pickupsLate: 80,
      safetyRatingsSum: 490,
    });
  });

  it('computes the metrics and overall score by hand', () => {
    const metrics = driverMetricsFromInputs(DEFAULT_DRIVER_INPUTS);
    // completion 240 / 244 = 98.36 → 98.4; punctuality 5 × 0.92 = 4.6; engagement 4 × 0.5 = 2; streak 27 = 2 × 10 + 7.
    expect(metrics).toMatchObject({
      customerRating: 4.8,
      acceptanceRate: 92,
      completionRate: 98.4,
      punctualityScore: 4.6,
      safetyScore: 4.9,
      communityEngagement: 2,
      streakCount: 2,
      streakProgress: 7,
    });
    // 0.3 × 4.8 + 0.2 × 4.9 + 0.15 × 4.6 + 0.15 × 4.92 + 0.1 × 4.6 + 0.1 × 2 = 4.508
    expect(metrics.overallScore).toBe(4.51);
    // Two incidents take a point off safety.
    expect(driverMetricsFromInputs({ ...DEFAULT_DRIVER_INPUTS, incidents: 2 }).safetyScore).toBe(3.9);
  });

  it('gives the tier and goals of the sample driver in the sample territory, and lower acceptance or rating lowers the tier', () => {
    const tierOf = (inputs: typeof DEFAULT_DRIVER_INPUTS) => {
      const metrics = driverMetricsFromInputs(inputs);
      const you = sampleCohort({ metrics, monthlyRides: 195 }).find((d) => d.id === YOU)!;
      return { you, goals: tierGoals(metrics, you.topFraction) };
    };
    const base = tierOf(DEFAULT_DRIVER_INPUTS);
    expect(base.you.tier).toBe('Gold');
    expect(base.you.topFraction).toBe(1 / 8);
    expect(base.goals.nextTier).toBe('Platinum');
    expect(base.goals.requirements.filter((g) => !g.met).map((g) => g.metric)).toEqual(['acceptanceRate', 'communityEngagement']);
    expect(base.goals.rank).toEqual({ topPercent: 10, met: false });

    const lowAcceptance = tierOf({ ...DEFAULT_DRIVER_INPUTS, acceptance: 85 });
    expect(lowAcceptance.you.tier).toBe('Silver');
    expect(lowAcceptance.goals.requirements.find((g) => g.metric === 'acceptanceRate')).toMatchObject({ target: 90, current: 85, met: false });
    expect(tierOf({ ...DEFAULT_DRIVER_INPUTS, rating: 4.6 }).you.tier).toBe('Silver');
    expect(tierOf({ ...DEFAULT_DRIVER_INPUTS, completedRides: 19 }).you).toMatchObject({ tier: 'Probationary', topFraction: null });
  });
});

describe('earningsTracker', () => {
  const metrics = driverMetricsFromInputs(DEFAULT_DRIVER_INPUTS);
  const track = (quintile: 1 | 2 | 3 | 4 | 5, overrides: Partial<Parameters<typeof earningsTracker>[0]> = {}) =>
    earningsTracker({ fare, ridesPerWeek: 45, hoursPerWeek: 32, tier: 'Gold', metrics, quintile, ...overrides });

  it('projects the week to a month and adds the pool targets, by hand', () => {
    const tracker = track(3);
    expect(tracker.weekly).toEqual({ rides: 45, fares: 45 * 1250, tips: 0, total: 56_250 });
    // 56,250 × 4.33 = 243,562.5 → 243,563; 45 × 4.33 = 194.85 → 195 rides; 32 × 4.33 = 138.56 → 138.6 h
    expect(tracker.monthly).toEqual({ rides: 195, fares: 243_563, tips: 0, onlineHours: 138.6 });
    // performance ⌊243,563 × 2%⌋ = 4,871; streak 2 × $2 (Gold); guarantee ⌊$2,200 × 138.6/160⌋ = $1,905.75 < fares → 0
    expect(tracker.bonus).toEqual({ guarantee: 0, streak: 400, performance: 4871 });
    expect(tracker.monthTotal).toBe(243_563 + 400 + 4871);
  });

  it('shapes the bonus by the spec quintile multipliers 1.08 / 1.04 / 1.00 / 0.98 / 0.92', () => {
    const tracker = track(1);
    expect(tracker.byQuintile.map((q) => q.multiplier)).toEqual([1.08, 1.04, 1, 0.98, 0.92]);
    // 243,563 × 2% = 4,871.26 × each multiplier, rounded down
    expect(tracker.byQuintile.map((q) => q.performance)).toEqual([5260, 5066, 4871, 4773, 4481]);
    expect(tracker.bonus.performance).toBe(5260);
    expect(track(5).bonus.performance).toBe(4481);
  });

  it('counts tips for the driver, tops up a part-timer below the guarantee, and pays nothing without rides', () => {
    const tipped = track(3, { fare: quoteFareExample({ miles: 5, minutes: 12.5, tipCents: 200 }) });
    expect(tipped.weekly.tips).toBe(9000);
    expect(tipped.monthly.tips).toBe(Math.round(9000 * 4.33));
    // 5 rides a week at 40 h: fares 5 × 1,250 × 4.33 = 27,062.5 → 27,063; floor 220,000 × 160/160 − 27,063
    const partTime = track(3, { ridesPerWeek: 5, hoursPerWeek: 40 });
    expect(partTime.bonus.guarantee).toBe(220_000 - 27_063);
    expect(track(3, { ridesPerWeek: 0 }).bonusTotal).toBe(0);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignTier,
  assignTiers,
  computeMetrics,
  driverPerformanceResponseSchema,
  driverTiers,
  isPickupOnTime,
  judgedMetrics,
  MIN_RIDES_FOR_TIER,
  overallScore,
  peakHourShortfallCents,
  streakBonusCents,
  TIER_REQUIREMENTS,
  TIER_RULES,
  tierByRank,
  tierByThresholds,
  tierGoals,
  tierIndex,
  unjudgedMetrics,
  type DriverHistory,
  type DriverMetrics,
} from '../../src';

const history = (overrides: Partial<DriverHistory> = {}): DriverHistory => ({
  ratingsCount: 100,
  ratingsSum: 480,
  offersMade: 200,
  offersAccepted: 190,
  ridesCompleted: 180,
  ridesCancelledByDriver: 2,
  pickupsOnTime: 170,
  pickupsLate: 10,
  safetyIncidents: 0,
  communityActions: 8,
  consecutiveAccepts: 27,
  ...overrides,
});

/** Metrics that exactly meet a tier's minimums. */
const atTier = (tier: keyof typeof TIER_REQUIREMENTS, overrides: Partial<DriverMetrics> = {}): DriverMetrics => {
  const judged = TIER_REQUIREMENTS[tier];
  return { ...judged, streakCount: 0, streakProgress: 0, completedRides: 100, overallScore: overallScore(judged), ...overrides };
};

describe('computeMetrics', () => {
  it('turns history facts into the spec metrics: rating, rates in percent, 0-5 scores, streaks of 10', () => {
    expect(computeMetrics(history())).toEqual({
      customerRating: 4.8, // 480 / 100
      acceptanceRate: 95, // 190 / 200
      completionRate: 98.9, // 180 / (180 + 2)
      punctualityScore: 4.72, // 5 × 170 / 180
      safetyScore: 5,
      communityEngagement: 4, // 8 actions × 0.5
      streakCount: 2, // 27 accepts in a row
      streakProgress: 7, // spec §4: progress is count modulo 10
      completedRides: 180,
      // 0.3 × 4.8 + 0.2 × 5 + 0.15 × 4.75 + 0.15 × 4.945 + 0.1 × 4.72 + 0.1 × 4 = 4.766
      overallScore: 4.77,
    });
  });

  it('gives a driver without data 5.0 and 100%, like a rider without ratings (spec §3)', () => {
    const metrics = computeMetrics({
      ratingsCount: 0,
      ratingsSum: 0,
      offersMade: 0,
      offersAccepted: 0,
      ridesCompleted: 0,
      ridesCancelledByDriver: 0,
      pickupsOnTime: 0,
      pickupsLate: 0,
      safetyIncidents: 0,
      communityActions: 0,
      consecutiveAccepts: 0,
    });
    expect(metrics).toMatchObject({ customerRating: 5, acceptanceRate: 100, completionRate: 100, punctualityScore: 5, safetyScore: 5, communityEngagement: 0 });
    expect(tierByThresholds(metrics)).toBe('Probationary');
  });

  it('takes half a point of safety per confirmed incident, from the safety ratings when there are some, never below 0', () => {
    expect(computeMetrics(history({ safetyIncidents: 1 })).safetyScore).toBe(4.5);
    expect(computeMetrics(history({ safetyRatingsCount: 10, safetyRatingsSum: 47, safetyIncidents: 1 })).safetyScore).toBe(4.2);
    expect(computeMetrics(history({ safetyIncidents: 12 })).safetyScore).toBe(0);
  });

  it('caps community engagement at 5', () => {
    expect(computeMetrics(history({ communityActions: 40 })).communityEngagement).toBe(5);
  });

  it.each([
    [{ ratingsSum: 99 }, 'below 1 star'],
    [{ ratingsSum: 501 }, 'above 5 stars'],
    [{ offersAccepted: 201 }, 'more accepts than offers'],
    [{ pickupsLate: -1 }, 'a negative count'],
    [{ communityActions: 1.5 }, 'a fraction'],
  ])('refuses %o (%s)', (overrides, _reason) => {
    expect(() => computeMetrics(history(overrides))).toThrow(RangeError);
  });

  it('counts a pickup as on time up to 2 minutes after the quoted ETA', () => {
    expect(isPickupOnTime(5, 7)).toBe(true);
    expect(isPickupOnTime(5, 7.5)).toBe(false);
  });

  const anyHistory = fc
    .record({
      ratingsCount: fc.nat(500),
      offersMade: fc.nat(500),
      ridesCompleted: fc.nat(500),
      ridesCancelledByDriver: fc.nat(50),
      pickupsOnTime: fc.nat(500),
      pickupsLate: fc.nat(500),
      safetyIncidents: fc.nat(20),
      communityActions: fc.nat(30),
      consecutiveAccepts: fc.nat(100),
      stars: fc.double({ min: 1, max: 5, noNaN: true }),
      acceptShare: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ stars, acceptShare, ...rest }) => ({
      ...rest,
      ratingsSum: Math.round(stars * rest.ratingsCount),
      offersAccepted: Math.floor(acceptShare * rest.offersMade),
    }));

  it('always keeps scores within 0-5, rates within 0-100 and the streak progress within 0-9', () => {
    fc.assert(
      fc.property(anyHistory, (facts) => {
        const metrics = computeMetrics(facts);
        for (const score of [metrics.customerRating, metrics.punctualityScore, metrics.safetyScore, metrics.communityEngagement, metrics.overallScore]) {
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(5);
        }
        for (const rate of [metrics.acceptanceRate, metrics.completionRate]) {
          expect(rate).toBeGreaterThanOrEqual(0);
          expect(rate).toBeLessThanOrEqual(100);
        }
        expect(metrics.streakCount * 10 + metrics.streakProgress).toBe(facts.consecutiveAccepts);
      }),
    );
  });
});

describe('tiers', () => {
  it('uses the spec metric targets as the Platinum standard (§9: 4.7, 95%, 98%, 4.5, 4.8, 3.5)', () => {
    expect(TIER_REQUIREMENTS.Platinum).toEqual({
      customerRating: 4.7,
      acceptanceRate: 95,
      completionRate: 98,
      punctualityScore: 4.5,
      safetyScore: 4.8,
      communityEngagement: 3.5,
    });
    expect(TIER_REQUIREMENTS.Gold).toMatchObject({ customerRating: 4.7, acceptanceRate: 90 }); // demo gold thresholds
  });

  it('never asks less of a higher tier', () => {
    const ranked = ['Bronze', 'Silver', 'Gold', 'Platinum'] as const;
    for (let i = 1; i < ranked.length; i += 1) {
      for (const metric of judgedMetrics) {
        expect(TIER_REQUIREMENTS[ranked[i]!][metric]).toBeGreaterThanOrEqual(TIER_REQUIREMENTS[ranked[i - 1]!][metric]);
      }
    }
  });

  it.each(['Bronze', 'Silver', 'Gold', 'Platinum'] as const)('gives %s to metrics exactly at its minimums', (tier) => {
    expect(tierByThresholds(atTier(tier))).toBe(tier);
  });

  it('drops a tier when one metric is short: Platinum with 94.9% acceptance is Gold', () => {
    expect(tierByThresholds(atTier('Platinum', { acceptanceRate: 94.9 }))).toBe('Gold');
    expect(tierByThresholds(atTier('Bronze', { customerRating: 3.99 }))).toBe('Probationary');
  });

  it('reaches no tier on a default: a metric without data meets no minimum above 0', () => {
    // 25 rides, every offer accepted and on time, but no rider rated the driver: the 5.0 is a default.
    const unrated = history({ ratingsCount: 0, ratingsSum: 0, ridesCompleted: 25, ridesCancelledByDriver: 0, communityActions: 8 });
    const metrics = computeMetrics(unrated);
    expect(metrics.customerRating).toBe(5);
    expect(unjudgedMetrics(unrated)).toEqual(['customerRating']);
    expect(tierByThresholds(metrics)).toBe('Platinum');
    expect(tierByThresholds(metrics, unjudgedMetrics(unrated))).toBe('Probationary');
    // No pickup timed: punctuality is a default too; once rated, that alone still keeps every tier away.
    const untimed = history({ ridesCompleted: 25, pickupsOnTime: 0, pickupsLate: 0 });
    expect(unjudgedMetrics(untimed)).toEqual(['punctualityScore']);
    expect(assignTier(computeMetrics(untimed), 0, unjudgedMetrics(untimed))).toBe('Probationary');
    // Engagement's Bronze minimum is 0: no action is data (0.0), not a missing figure.
    expect(unjudgedMetrics(history({ communityActions: 0 }))).toEqual([]);
    // With everything measured, the judgement is the same as without the list.
    expect(unjudgedMetrics(history())).toEqual([]);
    expect(assignTier(computeMetrics(history()), 0, [])).toBe(assignTier(computeMetrics(history()), 0));
  });

  it('says which goal has no data yet, and never calls it met', () => {
    const unrated = history({ ratingsCount: 0, ratingsSum: 0, ridesCompleted: 25, ridesCancelledByDriver: 0 });
    const goals = tierGoals(computeMetrics(unrated), 0, unjudgedMetrics(unrated));
    expect(goals.currentTier).toBe('Probationary');
    expect(goals.requirements.find((goal) => goal.metric === 'customerRating')).toMatchObject({ current: 5, target: 4, met: false, measured: false });
    expect(goals.requirements.filter((goal) => goal.metric !== 'customerRating').every((goal) => goal.met && goal.measured)).toBe(true);
  });

  it('leaves a cohort member without data for a minimum out of the tiers it would reach on defaults', () => {
    const rated = { driverId: 'rated', metrics: computeMetrics(history({ ridesCompleted: 25 })) };
    const unrated = history({ ratingsCount: 0, ratingsSum: 0, ridesCompleted: 25 });
    const tiers = assignTiers([rated, { driverId: 'unrated', metrics: computeMetrics(unrated), unjudged: unjudgedMetrics(unrated) }]);
    expect(tiers.find((t) => t.driverId === 'unrated')?.tier).toBe('Probationary');
    expect(tiers.find((t) => t.driverId === 'rated')?.tier).not.toBe('Probationary');
  });

  it(`keeps a driver Probationary for the first ${MIN_RIDES_FOR_TIER} rides whatever the metrics`, () => {
    expect(tierByThresholds(atTier('Platinum', { completedRides: MIN_RIDES_FOR_TIER - 1 }))).toBe('Probationary');
    expect(tierByThresholds(atTier('Platinum', { completedRides: MIN_RIDES_FOR_TIER }))).toBe('Platinum');
  });

  it('places the percentile bands: top 10% Platinum, next 20% Gold, next 40% Silver, the rest Bronze', () => {
    expect([0, 0.09, 0.1, 0.29, 0.3, 0.69, 0.7, 0.99].map(tierByRank)).toEqual([
      'Platinum',
      'Platinum',
      'Gold',
      'Gold',
      'Silver',
      'Silver',
      'Bronze',
      'Bronze',
    ]);
  });

  it('caps the thresholds by the rank: ten drivers at Platinum standard become 1 / 2 / 4 / 3', () => {
    const cohort = Array.from({ length: 10 }, (_, i) => ({
      driverId: `d${i}`,
      metrics: atTier('Platinum', { customerRating: 4.7 + i * 0.03, overallScore: 4 + i * 0.05 }),
    }));
    const tiers = assignTiers(cohort).map((assignment) => assignment.tier);
    expect(tiers).toEqual(['Bronze', 'Bronze', 'Bronze', 'Silver', 'Silver', 'Silver', 'Silver', 'Gold', 'Gold', 'Platinum']);
  });

  it('gives equal scores the same place, and leaves newcomers out of the ranking', () => {
    const cohort = [
      { driverId: 'a', metrics: atTier('Platinum', { overallScore: 4.9 }) },
      { driverId: 'b', metrics: atTier('Platinum', { overallScore: 4.9 }) },
      { driverId: 'new', metrics: atTier('Platinum', { overallScore: 5, completedRides: 3 }) },
    ];
    expect(assignTiers(cohort)).toEqual([
      { driverId: 'a', tier: 'Platinum', topFraction: 0 },
      { driverId: 'b', tier: 'Platinum', topFraction: 0 },
      { driverId: 'new', tier: 'Probationary', topFraction: null },
    ]);
  });

  const metricsArb = fc.record({
    customerRating: fc.double({ min: 0, max: 5, noNaN: true }),
    acceptanceRate: fc.double({ min: 0, max: 100, noNaN: true }),
    completionRate: fc.double({ min: 0, max: 100, noNaN: true }),
    punctualityScore: fc.double({ min: 0, max: 5, noNaN: true }),
    safetyScore: fc.double({ min: 0, max: 5, noNaN: true }),
    communityEngagement: fc.double({ min: 0, max: 5, noNaN: true }),
    completedRides: fc.nat(400),
  });

  it('is monotonic in each metric: raising one never lowers the tier or the overall score', () => {
    fc.assert(
      fc.property(
        metricsArb,
        fc.constantFrom(...judgedMetrics),
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.option(fc.double({ min: 0, max: 0.99, noNaN: true }), { nil: undefined }),
        (metrics, metric, raise, topFraction) => {
          const better = { ...metrics, [metric]: Math.min(metric.endsWith('Rate') ? 100 : 5, metrics[metric] + raise) };
          expect(tierIndex(assignTier(better, topFraction))).toBeGreaterThanOrEqual(tierIndex(assignTier(metrics, topFraction)));
          expect(overallScore(better)).toBeGreaterThanOrEqual(overallScore(metrics));
        },
      ),
    );
  });

  it('is monotonic in the rank and in the number of rides', () => {
    fc.assert(
      fc.property(
        metricsArb,
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.nat(50),
        (metrics, a, b, moreRides) => {
          const [better, worse] = a <= b ? [a, b] : [b, a];
          expect(tierIndex(assignTier(metrics, better))).toBeGreaterThanOrEqual(tierIndex(assignTier(metrics, worse)));
          expect(tierIndex(assignTier({ ...metrics, completedRides: metrics.completedRides + moreRides }))).toBeGreaterThanOrEqual(
            tierIndex(assignTier(metrics)),
          );
        },
      ),
    );
  });

  it('never lowers a driver in a cohort when that driver improves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.nat(29),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (scores, pick, raise) => {
          const index = pick % scores.length;
          const cohort = scores.map((score, i) => ({ driverId: `d${i}`, metrics: atTier('Platinum', { overallScore: score }) }));
          const improved = cohort.map((member, i) =>
            i === index ? { ...member, metrics: { ...member.metrics, overallScore: member.metrics.overallScore + raise } } : member,
          );
          expect(tierIndex(assignTiers(improved)[index]!.tier)).toBeGreaterThanOrEqual(tierIndex(assignTiers(cohort)[index]!.tier));
        },
      ),
    );
  });
});

describe('tierGoals', () => {
  it('lists what a Gold driver misses for Platinum: acceptance 95%+, safety 4.8+ (spec Goals tab), engagement 3.5', () => {
    const goals = tierGoals(atTier('Platinum', { acceptanceRate: 92, safetyScore: 4.7, communityEngagement: 1 }), 0.05);
    expect(goals.currentTier).toBe('Gold');
    expect(goals.nextTier).toBe('Platinum');
    expect(goals.requirements.filter((goal) => !goal.met)).toEqual([
      { metric: 'acceptanceRate', unit: 'percent', current: 92, target: 95, met: false, measured: true },
      { metric: 'safetyScore', unit: 'score', current: 4.7, target: 4.8, met: false, measured: true },
      { metric: 'communityEngagement', unit: 'score', current: 1, target: 3.5, met: false, measured: true },
    ]);
    expect(goals.rank).toEqual({ topPercent: 10, met: true });
  });

  it('says when only the rank is missing', () => {
    const goals = tierGoals(atTier('Platinum'), 0.2);
    expect(goals.currentTier).toBe('Gold');
    expect(goals.requirements.every((goal) => goal.met)).toBe(true);
    expect(goals.rank).toEqual({ topPercent: 10, met: false });
  });

  it('counts the rides a newcomer still needs, and has no next tier at Platinum', () => {
    expect(tierGoals(atTier('Silver', { completedRides: 12 }))).toMatchObject({ currentTier: 'Probationary', nextTier: 'Bronze', ridesNeeded: 8, rank: null });
    expect(tierGoals(atTier('Platinum'), 0)).toEqual({ currentTier: 'Platinum', nextTier: null, requirements: [], ridesNeeded: 0, rank: null });
  });
});

describe('tier rules', () => {
  it('holds the spec §9 table: base rate / streak bonus / peak-hour minimum / monthly bonus', () => {
    const table = driverTiers.map((tier) => {
      const rules = TIER_RULES[tier];
      return [tier, rules.specBaseRatePercent, rules.streakBonusCents, rules.peakHourMinimumCentsPerHour, rules.monthlyBonusCapCents];
    });
    expect(table).toEqual([
      ['Probationary', 92, 0, 1600, 0],
      ['Bronze', 93, 100, 1800, 0],
      ['Silver', 94, 150, 2000, 15_000],
      ['Gold', 95, 200, 2200, 30_000],
      ['Platinum', 96, 300, 2500, 50_000],
    ]);
    expect(TIER_RULES.Platinum.perks).toEqual(['airport_queue_priority', 'free_car_washes_2', 'premium_customer_requests']);
  });

  it('pays streak bonuses per completed streak and tops peak hours up to the tier minimum', () => {
    expect(streakBonusCents('Platinum', 3)).toBe(900);
    expect(streakBonusCents('Probationary', 3)).toBe(0);
    expect(peakHourShortfallCents('Gold', 10, 15_000)).toBe(7_000); // 10 h × $22 - $150
    expect(peakHourShortfallCents('Gold', 10, 30_000)).toBe(0);
  });

  it('describes a performance response', () => {
    const metrics = computeMetrics(history());
    const response = {
      tier: 'Platinum',
      metrics,
      topPercent: 5,
      rules: { ...TIER_RULES.Platinum, perks: [...TIER_RULES.Platinum.perks] },
      goals: tierGoals(metrics, 0.05),
      monthlyBonus: 2_160,
      periodStart: '2026-08-01T00:00:00.000Z',
      periodEnd: '2026-10-30T00:00:00.000Z',
    };
    expect(driverPerformanceResponseSchema.parse(response)).toMatchObject({ tier: 'Platinum', monthlyBonus: 2_160 });
  });
});

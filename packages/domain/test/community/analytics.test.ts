import { describe, expect, it } from 'vitest';
import { analyticsInsights, countActiveInWindow, growthPercent, territoryDriverStatus, type InsightInputs } from '../../src/community/analytics';

const calm: InsightInputs = {
  ridesGrowthPercent: 2,
  acceptance: { month: 90, previousMonth: 92 },
  drivers: [],
  health: { colour: 'green', customerRating: 5, driverRating: 4.8, safetyScore: 4.9 },
  retention: { activeAtStart: 0, percent: null, performingWell: false },
  pendingCommission: 0,
};

describe('growthPercent', () => {
  it('is the change on the previous month, and null without one', () => {
    expect(growthPercent(5, 4)).toBe(25);
    expect(growthPercent(3, 4)).toBe(-25);
    expect(growthPercent(2, 3)).toBe(-33.3);
    expect(growthPercent(4, 0)).toBeNull();
  });
});

describe('countActiveInWindow', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const driver = (tier: 'Probationary' | 'Gold', lastCompletedAt: Date | null, isApproved = true) => ({
    status: territoryDriverStatus({ isApproved, tier, lastCompletedAt }, now),
  });

  it('counts every driver with a completed ride in the last 30 days, newcomers on probation too', () => {
    // The demo's licensee: 8 drivers who all drove this month, still Probationary, were "0 active".
    const demo = Array.from({ length: 8 }, (_, i) => driver('Probationary', daysAgo(i + 1)));
    expect(countActiveInWindow(demo)).toBe(8);
    expect(countActiveInWindow([driver('Gold', daysAgo(3)), driver('Probationary', daysAgo(29))])).toBe(2);
  });

  it('leaves out drivers idle for longer than the window, never on the road, or not approved', () => {
    expect(countActiveInWindow([driver('Gold', daysAgo(31)), driver('Probationary', null), driver('Gold', daysAgo(1), false)])).toBe(0);
    expect(countActiveInWindow([])).toBe(0);
  });
});

describe('territoryDriverStatus', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  it('is inactive without approval or a ride in 30 days, probation while Probationary', () => {
    expect(territoryDriverStatus({ isApproved: false, tier: 'Gold', lastCompletedAt: now }, now)).toBe('inactive');
    expect(territoryDriverStatus({ isApproved: true, tier: 'Gold', lastCompletedAt: new Date('2026-10-20T11:00:00Z') }, now)).toBe('inactive');
    expect(territoryDriverStatus({ isApproved: true, tier: 'Gold', lastCompletedAt: null }, now)).toBe('inactive');
    expect(territoryDriverStatus({ isApproved: true, tier: 'Probationary', lastCompletedAt: now }, now)).toBe('probation');
    expect(territoryDriverStatus({ isApproved: true, tier: 'Silver', lastCompletedAt: new Date('2026-10-21T12:00:00Z') }, now)).toBe('active');
  });
});

describe('analyticsInsights', () => {
  it('says nothing stands out when nothing does', () => {
    expect(analyticsInsights(calm)).toEqual([{ kind: 'steady', tone: 'neutral', values: {} }]);
  });

  it('reports a fall in acceptance of 5 points or more, and ride growth of 10% or more', () => {
    const insights = analyticsInsights({ ...calm, ridesGrowthPercent: -12.5, acceptance: { month: 82, previousMonth: 90 } });
    expect(insights).toEqual([
      { kind: 'ridesFell', tone: 'negative', values: { percent: 12.5 } },
      { kind: 'acceptanceFell', tone: 'negative', values: { points: 8, month: 82, previousMonth: 90 } },
    ]);
    expect(analyticsInsights({ ...calm, ridesGrowthPercent: 9.9, acceptance: { month: 86, previousMonth: 90.9 } })).toEqual([
      { kind: 'steady', tone: 'neutral', values: {} },
    ]);
  });

  it('counts the drivers one metric from their next tier, by tier, naming the most common metric', () => {
    const insights = analyticsInsights({
      ...calm,
      drivers: [
        { nextTier: 'Gold', missing: ['acceptanceRate'], ridesNeeded: 0 },
        { nextTier: 'Gold', missing: ['acceptanceRate'], ridesNeeded: 0 },
        { nextTier: 'Gold', missing: ['customerRating'], ridesNeeded: 0 },
        { nextTier: 'Gold', missing: ['customerRating', 'acceptanceRate'], ridesNeeded: 0 },
        { nextTier: 'Platinum', missing: ['communityEngagement'], ridesNeeded: 0 },
        { nextTier: 'Bronze', missing: ['acceptanceRate'], ridesNeeded: 3 },
        { nextTier: null, missing: [], ridesNeeded: 0 },
      ],
    });
    expect(insights).toEqual([
      { kind: 'oneMetricFromTier', tone: 'neutral', values: { count: 3, tier: 'Gold', metric: 'acceptanceRate' } },
      { kind: 'oneMetricFromTier', tone: 'neutral', values: { count: 1, tier: 'Platinum', metric: 'communityEngagement' } },
      { kind: 'driversInTrial', tone: 'neutral', values: { count: 1 } },
    ]);
  });

  it('names the weakest health input below green, retention either way, and commission in escrow', () => {
    const insights = analyticsInsights({
      ...calm,
      health: { colour: 'orange', customerRating: 5, driverRating: 3.1, safetyScore: 3.4 },
      retention: { activeAtStart: 10, percent: 80, performingWell: false },
      pendingCommission: 512,
    });
    expect(insights).toEqual([
      { kind: 'healthBelowGreen', tone: 'negative', values: { colour: 'orange', input: 'driverRating', value: 3.1 } },
      { kind: 'retentionLow', tone: 'negative', values: { percent: 80 } },
      { kind: 'commissionInEscrow', tone: 'neutral', values: { cents: 512 } },
    ]);
    expect(analyticsInsights({ ...calm, retention: { activeAtStart: 4, percent: 100, performingWell: true } })).toEqual([
      { kind: 'retentionGood', tone: 'positive', values: { percent: 100 } },
    ]);
  });
});

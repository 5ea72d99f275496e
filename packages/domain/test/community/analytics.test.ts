import { describe, expect, it } from 'vitest';
import { analyticsInsights, growthPercent, territoryDriverStatus, type InsightInputs } from '../../src/community/analytics';

const calm: InsightInputs = {
  ridesGrowthPercent: 2,
  acceptance: { month: 90, previousMonth: 92 },
  drivers: [],
  health: { colour: 'green', customerRating: 5, driverRating: 4.8, safetyScore: 4.9 },
  retention: { activeAtStart: 0, percent: 100, performingWell: true },
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

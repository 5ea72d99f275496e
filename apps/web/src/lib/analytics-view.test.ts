import { describe, expect, it } from 'vitest';
import { growthLabel, insightMessage, statusVariant, tierShares } from './analytics-view';

const format = { money: (cents: number) => `$${(cents / 100).toFixed(2)}`, number: (value: number) => String(value) };

describe('insightMessage', () => {
  it('words money, metric names and colours through keys the caller translates', () => {
    expect(insightMessage({ kind: 'commissionInEscrow', tone: 'neutral', values: { cents: 1234 } }, format)).toEqual({
      key: 'commissionInEscrow',
      params: { amount: '$12.34' },
      nameKeys: {},
    });
    expect(insightMessage({ kind: 'oneMetricFromTier', tone: 'neutral', values: { count: 3, tier: 'Gold', metric: 'acceptanceRate' } }, format)).toEqual({
      key: 'oneMetricFromTier',
      params: { count: 3 },
      nameKeys: { tier: 'tiers.Gold', metric: 'metrics.acceptanceRate' },
    });
    expect(
      insightMessage({ kind: 'healthBelowGreen', tone: 'negative', values: { colour: 'yellow', input: 'driverRating', value: 3.3 } }, format).nameKeys,
    ).toEqual({
      colour: 'health.colours.yellow',
      input: 'health.inputs.driverRating',
    });
    expect(insightMessage({ kind: 'acceptanceFell', tone: 'negative', values: { points: 8, month: 82, previousMonth: 90 } }, format).params).toEqual({
      points: '8',
      month: '82',
      previousMonth: '90',
    });
  });
});

describe('tierShares', () => {
  it('gives each tier its share, highest tier first', () => {
    const rows = tierShares([
      { tier: 'Probationary', count: 1 },
      { tier: 'Bronze', count: 1 },
      { tier: 'Silver', count: 2 },
      { tier: 'Gold', count: 0 },
      { tier: 'Platinum', count: 0 },
    ]);
    expect(rows.map((r) => [r.tier, r.percent])).toEqual([
      ['Platinum', 0],
      ['Gold', 0],
      ['Silver', 50],
      ['Bronze', 25],
      ['Probationary', 25],
    ]);
    expect(tierShares([{ tier: 'Gold', count: 0 }])[0]!.percent).toBe(0);
  });
});

describe('growthLabel and statusVariant', () => {
  it('signs growth and has none without a previous month', () => {
    expect(growthLabel(12.5, format)).toBe('+12.5%');
    expect(growthLabel(-4, format)).toBe('−4%');
    expect(growthLabel(0, format)).toBe('0%');
    expect(growthLabel(null, format)).toBeNull();
  });

  it('shows active drivers as success', () => {
    expect(statusVariant('active')).toBe('success');
    expect(statusVariant('probation')).toBe('secondary');
    expect(statusVariant('inactive')).toBe('outline');
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_INPUTS, parsePricingField, pricingSample } from './pricing-sample';

const now = new Date('2026-03-10T12:00:00Z');
const run = (overrides: Partial<typeof DEFAULT_PRICING_INPUTS> = {}) =>
  pricingSample({ miles: 5, minutes: 12.5, inputs: { ...DEFAULT_PRICING_INPUTS, ...overrides }, now });

describe('pricingSample', () => {
  it('applies an adjustment only once its 7 days of notice are over', () => {
    const inForce = run({ adjustment: -5, daysSinceAnnounced: 7 });
    expect(inForce.adjustmentInForce).toBe(-5);
    expect(inForce.isPending).toBe(false);
    expect(inForce.effectiveAt.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    const pending = run({ adjustment: -5, daysSinceAnnounced: 6 });
    expect(pending.adjustmentInForce).toBe(0);
    expect(pending.isPending).toBe(true);
    expect(pending.effectiveAt.toISOString()).toBe('2026-03-11T12:00:00.000Z');
  });

  it('posts each zone tier at 110 / 100 / 90 / 80% of the contract rates, with the adjustment', () => {
    const plain = run({ adjustment: 0 });
    expect(plain.zones.map((z) => z.rates)).toEqual([
      { baseFare: 275, perMile: 165, perMinute: 22 },
      { baseFare: 250, perMile: 150, perMinute: 20 },
      { baseFare: 225, perMile: 135, perMinute: 18 },
      { baseFare: 200, perMile: 120, perMinute: 16 },
    ]);
    // Residential with −5%: 237.5 → 238, 142.5 → 143, 19
    expect(run({ adjustment: -5, daysSinceAnnounced: 10 }).zones[1]!.rates).toEqual({ baseFare: 238, perMile: 143, perMinute: 19 });
    // The sample trip downtown without adjustment: 275 + 825 + 275 = 1,375 + 41 + 41
    expect(plain.zones[0]!.fare).toMatchObject({ subtotal: 1375, totalFare: 1457 });
  });

  it('discounts to fill idle drivers and never surges', () => {
    // 3 requests / 12 idle = 0.25 → 0.90 + 0.10 × 0.5 = 0.95, Low demand
    const live = run({ tier: 2, openRequests: 3, idleDrivers: 12, adjustment: -5, daysSinceAnnounced: 10 }).live;
    expect(live).toMatchObject({ demand: 'Low', multiplier: 0.95, quoteMultiplier: 0.95 });
    // factor 0.95 × 0.95 = 0.9025: 225.6 → 226, 676.9 → 677, 225.6 → 226 = 1,129; fees ⌊33.87⌋ = 33 each
    expect(live.fare).toMatchObject({ baseFare: 226, distanceFare: 677, timeFare: 226, subtotal: 1129, totalFare: 1195 });
    expect(run({ openRequests: 50, idleDrivers: 2 }).live).toMatchObject({ demand: 'Very High', multiplier: 1 });
    expect(run({ openRequests: 5, idleDrivers: 0 }).live).toMatchObject({ demand: 'Very High', multiplier: 1 });
    expect(run({ openRequests: 0, idleDrivers: 10 }).live).toMatchObject({ demand: 'Low', multiplier: 0.9 });
    expect(run({ tier: 1, openRequests: 10, idleDrivers: 10 }).live).toMatchObject({ demand: 'High', multiplier: 1, quoteMultiplier: 1.1 });
  });

  it('validates the adjustment range and steps', () => {
    expect(parsePricingField('adjustment', '-10')).toBe(-10);
    expect(parsePricingField('adjustment', '2.5')).toBe(2.5);
    expect(parsePricingField('adjustment', '2.3')).toBeNull();
    expect(parsePricingField('adjustment', '10.5')).toBeNull();
    expect(parsePricingField('openRequests', '1.5')).toBeNull();
  });
});

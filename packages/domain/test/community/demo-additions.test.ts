import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { poolTargets, runBonusPool, type PoolDriverInput } from '../../src/community/bonus-pool';
import { licenseFeeCents } from '../../src/community/license';

const driver = (overrides: Partial<PoolDriverInput> = {}): PoolDriverInput => ({
  driverId: 'd1',
  tier: 'Gold',
  overallScore: 4.6,
  acceptanceRate: 92,
  completedRides: 200,
  baseEarnings: 400_000,
  streaksCompleted: 3,
  onlineHours: 160,
  ...overrides,
});

describe('poolTargets', () => {
  it('shapes the performance bonus by the quintile multipliers 1.08 / 1.04 / 1.00 / 0.98 / 0.92', () => {
    // $4,000 of subtotals × 2% = $80 at the middle quintile.
    const performance = [1, 2, 3, 4, 5].map((q) => poolTargets(driver(), q as 1 | 2 | 3 | 4 | 5).performance);
    expect(performance).toEqual([8640, 8320, 8000, 7840, 7360]);
    expect(poolTargets(driver(), 3).streak).toBe(3 * 200);
    // $2,200 × 160/160 − $4,000 is negative: no guarantee.
    expect(poolTargets(driver(), 3).guarantee).toBe(0);
    expect(poolTargets(driver({ baseEarnings: 150_000 }), 5).guarantee).toBe(70_000);
  });

  it('caps the performance bonus at the tier cap and gives nothing outside the pool', () => {
    expect(poolTargets(driver({ baseEarnings: 5_000_000 }), 1).performance).toBe(30_000);
    expect(poolTargets(driver({ tier: 'Bronze' }), 1).performance).toBe(0);
    expect(poolTargets(driver(), null)).toEqual({ guarantee: 0, streak: 0, performance: 0 });
    expect(poolTargets(driver({ acceptanceRate: 79.9, baseEarnings: 0 }), 3).guarantee).toBe(0);
  });

  it('is what runBonusPool promises the same driver in its quintile', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 20 }),
        fc.constantFrom('Probationary', 'Bronze', 'Silver', 'Gold', 'Platinum' as const),
        (base, streaks, tier) => {
          const me = driver({ baseEarnings: base, streaksCompleted: streaks, tier });
          const run = runBonusPool({ income: { rideSubtotals: 0, platformSoftware: 0, corporateAdmin: 0, licensee: 0 }, drivers: [me] });
          expect(poolTargets(me, run.drivers[0]!.quintile)).toEqual(run.drivers[0]!.target);
        },
      ),
    );
  });

  it('refuses invalid drivers', () => {
    expect(() => poolTargets(driver({ baseEarnings: -1 }), 3)).toThrow(RangeError);
  });
});

describe('licenseFeeCents', () => {
  it('charges $1,000 per 10 zip codes or part', () => {
    expect(licenseFeeCents(0)).toBe(0);
    expect(licenseFeeCents(1)).toBe(100_000);
    expect(licenseFeeCents(10)).toBe(100_000);
    expect(licenseFeeCents(11)).toBe(200_000);
    expect(() => licenseFeeCents(-1)).toThrow(RangeError);
    expect(() => licenseFeeCents(1.5)).toThrow(RangeError);
  });
});

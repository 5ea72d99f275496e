import { poolFunding, quintileSummaries, runBonusPool } from '@coride/domain/community/bonus-pool';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POOL_SAMPLE, groupSizes, monthlyIncomeOf, parseSampleNumber, payoutByQuintile, poolInputFromSample } from './pool-sample';

describe('parseSampleNumber', () => {
  it('reads numbers in range and rejects the rest', () => {
    expect(parseSampleNumber('12.5', 100)).toBe(12.5);
    expect(parseSampleNumber('', 100)).toBeNull();
    expect(parseSampleNumber('-1', 100)).toBeNull();
    expect(parseSampleNumber('101', 100)).toBeNull();
    expect(parseSampleNumber('abc', 100)).toBeNull();
    expect(parseSampleNumber('2.5', 100, true)).toBeNull();
    expect(parseSampleNumber('3', 100, true)).toBe(3);
  });
});

describe('groupSizes', () => {
  it('splits drivers into five groups, larger first, adding up to the total', () => {
    expect(groupSizes(100)).toEqual([20, 20, 20, 20, 20]);
    expect(groupSizes(7)).toEqual([2, 2, 1, 1, 1]);
    expect(groupSizes(0)).toEqual([0, 0, 0, 0, 0]);
  });

  it('puts group g in quintile g for any total of 5 or more', () => {
    for (const total of [5, 6, 7, 8, 9, 11, 13, 23, 99]) {
      const run = runBonusPool(poolInputFromSample({ ...DEFAULT_POOL_SAMPLE, drivers: total }));
      for (const driver of run.drivers) expect(driver.quintile, `${total} ${driver.driverId}`).toBe(Number(driver.driverId[1]));
    }
  });
});

describe('poolInputFromSample', () => {
  it('derives the subtotals from the drivers and the fee income from the published rates', () => {
    const input = poolInputFromSample(DEFAULT_POOL_SAMPLE);
    expect(input.drivers).toHaveLength(100);
    const subtotals = 20 * (5200 + 4600 + 3800 + 2900 + 1500) * 100;
    expect(input.income).toEqual({
      rideSubtotals: subtotals,
      platformSoftware: subtotals * 0.03,
      corporateAdmin: subtotals * 0.0125,
      licensee: subtotals * 0.0125,
    });
    expect(input.reserve).toBe(0);
    const funding = poolFunding(input.income);
    expect(funding.rideContribution).toBe(subtotals * 0.02);
    expect(funding.licenseeContribution).toBe(Math.floor(input.income.licensee * 0.05));
  });

  it('gives the drivers of a group the same earnings, tier, hours and streaks, in cents', () => {
    const input = poolInputFromSample({ ...DEFAULT_POOL_SAMPLE, drivers: 5, acceptanceRate: 85, reserveDollars: 12.34 });
    expect(input.reserve).toBe(1234);
    expect(input.drivers[4]).toMatchObject({
      tier: 'Bronze',
      baseEarnings: 150_000,
      onlineHours: 110,
      streaksCompleted: 0,
      acceptanceRate: 85,
      completedRides: 1,
    });
  });

  it('leaves drivers who earned nothing out of the quintiles', () => {
    const groups = DEFAULT_POOL_SAMPLE.groups.map((group, i) => (i === 4 ? { ...group, earningsDollars: 0 } : group));
    const run = runBonusPool(poolInputFromSample({ ...DEFAULT_POOL_SAMPLE, groups }));
    expect(run.drivers.filter((driver) => driver.quintile === null)).toHaveLength(20);
  });

  it('starts from a funded month: coverage of at least break-even', () => {
    const run = runBonusPool(poolInputFromSample(DEFAULT_POOL_SAMPLE));
    expect(run.coverageRatio).toBeGreaterThanOrEqual(1);
    expect(run.scaledDown).toBe(false);
  });

  it('gives a run whose per-quintile payouts add up to what was paid', () => {
    const run = runBonusPool(poolInputFromSample(DEFAULT_POOL_SAMPLE));
    const byQuintile = payoutByQuintile(run);
    expect(byQuintile.reduce((sum, q) => sum + q.paid, 0)).toBe(run.paidOut);
    expect(byQuintile.reduce((sum, q) => sum + q.target, 0)).toBe(run.targetPayout);
    expect(byQuintile.map((q) => q.paid)).toEqual(quintileSummaries(run).map((q) => q.totalPayout));
  });

  it('tops up part-time drivers below the pro-rated minimum when they accept enough offers', () => {
    const groups = DEFAULT_POOL_SAMPLE.groups.map((group, i) => (i === 4 ? { ...group, earningsDollars: 1000, onlineHours: 160 } : group));
    const eligible = payoutByQuintile(runBonusPool(poolInputFromSample({ ...DEFAULT_POOL_SAMPLE, groups })));
    expect(eligible[4]!.guaranteed).toBe(20);
    const declining = payoutByQuintile(runBonusPool(poolInputFromSample({ ...DEFAULT_POOL_SAMPLE, groups, acceptanceRate: 50 })));
    expect(declining[4]!.guaranteed).toBe(0);
  });

  it('scores a 1.1x coverage 90 (spec), computed from a one-driver month by hand', () => {
    // $51 of subtotals: ride 2% = 102 (77 + 25), platform 5% × (76 + 39) = 5, licensee 5% × 64 = 3 → 110 cents.
    // One Bronze streak (100 cents), no performance bonus (Bronze cap $0), no guarantee (50% acceptance).
    const groups = DEFAULT_POOL_SAMPLE.groups.map((group, i) =>
      i === 0 ? { tier: 'Bronze' as const, earningsDollars: 51, onlineHours: 10, streaks: 1 } : group,
    );
    const run = runBonusPool(poolInputFromSample({ drivers: 1, acceptanceRate: 50, reserveDollars: 0, groups }));
    expect(run.funding.total).toBe(110);
    expect(run.targetPayout).toBe(100);
    expect(run.coverageRatio).toBeCloseTo(1.1, 10);
    expect(run.sustainabilityScore).toBe(90);
    expect(run.coverage).toBe('break-even');
  });

  it('takes the fee income from splitFare of the month: the admin fee split to the cent', () => {
    // 3% of $51 = 153 cents of admin fee: 63.75 / 12.75 / 63.75 / 12.75 → 64 / 13 / 64 / 12 by largest remainder.
    expect(monthlyIncomeOf(5100)).toEqual({ rideSubtotals: 5100, platformSoftware: 153, corporateAdmin: 64, licensee: 64 });
  });
});

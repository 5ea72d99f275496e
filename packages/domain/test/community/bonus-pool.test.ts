import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addSplits,
  bonusPoolSummarySchema,
  coverageLabel,
  coverageRatio,
  driverTiers,
  emptySplit,
  feeAccounts,
  GUARANTEED_MONTHLY_MINIMUM_CENTS,
  nextPayoutDate,
  POOL_PROTECTIONS,
  poolFunding,
  QUINTILES,
  quintileSummaries,
  runBonusPool,
  splitFare,
  sustainabilityScore,
  type MonthlyIncome,
  type PoolDriverInput,
} from '../../src';

/** A month of rides whose subtotals add up to `subtotals`, with the fee accounts at their exact rates. */
const income = (subtotals: number): MonthlyIncome => ({
  rideSubtotals: subtotals,
  platformSoftware: subtotals * 0.03,
  corporateAdmin: subtotals * 0.0125,
  licensee: subtotals * 0.0125,
});

const driver = (driverId: string, overrides: Partial<PoolDriverInput> = {}): PoolDriverInput => ({
  driverId,
  tier: 'Gold',
  overallScore: 4,
  acceptanceRate: 95,
  completedRides: 100,
  baseEarnings: 100_000,
  streaksCompleted: 0,
  onlineHours: 40,
  ...overrides,
});

/** Five Gold drivers earning $1,000 each, one per quintile. */
const fiveQuintiles = [5, 4, 3, 2, 1].map((score, i) => driver(`d${i + 1}`, { overallScore: score }));

describe('poolFunding', () => {
  it('takes 2% of the rides, 5% of the licensee income and 5% of the platform income, out of the fees only', () => {
    // $100,000 of subtotals: platform software $3,000, corporate admin $1,250, licensee $1,250.
    expect(poolFunding(income(10_000_000))).toEqual({
      rideContribution: 200_000, // 2%: 150,000 from platform software, 50,000 from corporate admin
      platformContribution: 11_250, // 5% of (150,000 + 75,000) left to the platform
      licenseeContribution: 6_250, // 5% of 125,000
      total: 217_500,
      debits: { platformSoftware: 157_500, corporateAdmin: 53_750, globalCsr: 0, licensee: 6_250, localCsr: 0 },
    });
  });

  it('never takes more from an account than it received', () => {
    const funding = poolFunding({ rideSubtotals: 1_000_000, platformSoftware: 1_000, corporateAdmin: 0, licensee: 0 });
    expect(funding.debits.platformSoftware).toBeLessThanOrEqual(1_000);
    expect(funding.debits.corporateAdmin).toBe(0);
    expect(funding.rideContribution).toBe(1_000);
  });

  it('funds from real ride splits: each fee account keeps a non-negative share, the CSR funds and the driver give nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50_000 }), { maxLength: 60 }), (subtotals) => {
        const month = subtotals
          .map((subtotal) => splitFare({ subtotal, platformFee: Math.floor((subtotal * 3) / 100), adminFee: Math.floor((subtotal * 3) / 100) }))
          .reduce(addSplits, emptySplit());
        const rideSubtotals = subtotals.reduce((a, b) => a + b, 0);
        const funding = poolFunding({
          rideSubtotals,
          platformSoftware: month.platformSoftware,
          corporateAdmin: month.corporateAdmin,
          licensee: month.licensee,
        });
        expect(feeAccounts.reduce((sum, account) => sum + funding.debits[account], 0)).toBe(funding.total);
        for (const account of feeAccounts) {
          expect(funding.debits[account]).toBeGreaterThanOrEqual(0);
          expect(funding.debits[account]).toBeLessThanOrEqual(month[account]);
        }
        expect(funding.debits.globalCsr + funding.debits.localCsr).toBe(0);
        expect(funding.rideContribution).toBeLessThanOrEqual(Math.floor(rideSubtotals * 0.02));
        if (subtotals.every((subtotal) => subtotal >= 250)) expect(funding.rideContribution).toBe(Math.floor((rideSubtotals * 200) / 10_000));
        // The driver's money is not an input at all: every ride's driver part stays its subtotal.
        expect(month.driver).toBe(rideSubtotals);
      }),
    );
  });
});

describe('coverage and sustainability', () => {
  it.each([
    [1, 80],
    [1.1, 90],
    [1.2, 100],
    [1.5, 100],
    [2, 100],
    [0.9, 70],
    [0.5, 30],
    [0.1, 0], // the spec formula would give -10: floored at 0
  ])('scores a coverage ratio of %sx as %s (spec: min(100, (ratio-1)*100+80))', (ratio, score) => {
    expect(sustainabilityScore(ratio)).toBe(score);
  });

  it('scores 100 when nothing is owed', () => {
    expect(coverageRatio(5_000, 0)).toBeNull();
    expect(sustainabilityScore(null)).toBe(100);
  });

  it.each([
    [99, 100, 'underfunded'],
    [100, 100, 'break-even'],
    [119, 100, 'break-even'],
    [120, 100, 'healthy'],
    [149, 100, 'healthy'],
    [150, 100, 'excellent'],
    [1, 0, 'excellent'],
  ])('labels %s cents of funding for %s cents of payout %s (break-even 1.0x, healthy 1.2x+, excellent 1.5x+)', (funding, payout, label) => {
    expect(coverageLabel(funding, payout)).toBe(label);
  });
});

describe('runBonusPool', () => {
  it('pays the quintile multipliers on a 2% performance bonus: +8%, +4%, 0, -2%, -8%', () => {
    const run = runBonusPool({ income: income(1_000_000), drivers: fiveQuintiles });
    expect(run.drivers.map((payout) => [payout.driverId, payout.quintile, payout.paid.performance])).toEqual([
      ['d1', 1, 2_160],
      ['d2', 2, 2_080],
      ['d3', 3, 2_000],
      ['d4', 4, 1_960],
      ['d5', 5, 1_840],
    ]);
    expect(QUINTILES.map((quintile) => quintile.multiplierBp)).toEqual([10_800, 10_400, 10_000, 9_800, 9_200]);
    expect(run).toMatchObject({
      available: 21_750,
      targetPayout: 10_040,
      paidOut: 10_040,
      surplus: 11_710,
      scaledDown: false,
      coverage: 'excellent',
      sustainabilityScore: 100,
    });
    expect(run.coverageRatio).toBeCloseTo(2.166, 3);
  });

  it('scales the bonuses down proportionally, largest remainder, to exactly the funding when it is short', () => {
    const run = runBonusPool({ income: income(400_000), drivers: fiveQuintiles });
    expect(run.funding.total).toBe(8_700);
    // 8,700 / 10,040 of 2,160 … 1,840 = 1871.71, 1802.39, 1733.07, 1698.41, 1594.42: the two cents left go to .71 and .42
    expect(run.drivers.map((payout) => payout.total)).toEqual([1_872, 1_802, 1_733, 1_698, 1_595]);
    expect(run).toMatchObject({ paidOut: 8_700, surplus: 0, scaledDown: true, coverage: 'underfunded', sustainabilityScore: 67 });
  });

  it('caps the performance bonus at the tier monthly bonus: none for Bronze and Probationary', () => {
    const run = runBonusPool({
      income: income(100_000_000),
      drivers: [
        driver('big', { tier: 'Silver', baseEarnings: 1_000_000, overallScore: 5 }), // 2% × 1.08 = 21,600 > $150
        driver('bronze', { tier: 'Bronze', streaksCompleted: 4 }),
        driver('new', { tier: 'Probationary', streaksCompleted: 4 }),
      ],
    });
    expect(run.drivers.map((payout) => [payout.driverId, payout.paid])).toEqual([
      ['big', { guarantee: 0, streak: 0, performance: 15_000 }],
      ['bronze', { guarantee: 0, streak: 400, performance: 0 }],
      ['new', { guarantee: 0, streak: 0, performance: 0 }],
    ]);
  });

  it('guarantees $2,200 a month pro rata to online hours, before any bonus', () => {
    expect(GUARANTEED_MONTHLY_MINIMUM_CENTS).toBe(220_000);
    const drivers = [driver('full', { onlineHours: 160, baseEarnings: 150_000 }), driver('half', { onlineHours: 80, baseEarnings: 100_000 }), driver('rich')];
    const ample = runBonusPool({ income: income(10_000_000), drivers });
    expect(ample.drivers.map((payout) => payout.target.guarantee)).toEqual([70_000, 10_000, 0]); // 220,000 - 150,000; 110,000 - 100,000
    expect(ample.drivers.every((payout) => payout.paid.guarantee === payout.target.guarantee)).toBe(true);

    const short = runBonusPool({ income: income(1_000_000), drivers });
    expect(short.drivers.map((payout) => payout.paid)).toEqual([
      { guarantee: 19_031, streak: 0, performance: 0 }, // 21,750 × 70/80 = 19,031.25: the guarantees share it all
      { guarantee: 2_719, streak: 0, performance: 0 },
      { guarantee: 0, streak: 0, performance: 0 },
    ]);
    expect(short.surplus + short.paidOut).toBe(short.available);
  });

  it('estimates online hours as rides × 0.5 and refuses guarantees below 80% acceptance', () => {
    const run = runBonusPool({
      income: income(10_000_000),
      drivers: [
        driver('estimated', { onlineHours: undefined, completedRides: 100, baseEarnings: 50_000 }),
        driver('picky', { acceptanceRate: 79, onlineHours: 160, baseEarnings: 0 }),
      ],
    });
    expect(run.drivers.map((payout) => payout.target.guarantee)).toEqual([18_750, 0]); // 50 h -> 68,750 - 50,000
  });

  it('tops peak hours up to the tier minimum', () => {
    const run = runBonusPool({ income: income(10_000_000), drivers: [driver('peak', { peakHours: 10, peakEarnings: 15_000 })] });
    expect(run.drivers[0]!.target.guarantee).toBe(7_000);
  });

  it('carries the surplus and uses the reserve; gives nothing to drivers without rides', () => {
    const run = runBonusPool({
      income: income(0),
      reserve: 5_000,
      drivers: [driver('idle', { completedRides: 0, baseEarnings: 0, onlineHours: 160 }), driver('a')],
    });
    expect(run.drivers.map((payout) => [payout.driverId, payout.quintile, payout.total])).toEqual([
      ['a', 1, 2_160],
      ['idle', null, 0],
    ]);
    expect(run).toMatchObject({ available: 5_000, paidOut: 2_160, surplus: 2_840, coverageRatio: 0, sustainabilityScore: 0 });
  });

  it('posts two balanced transactions: fee accounts to the pool, the pool to the drivers', () => {
    const run = runBonusPool({ income: income(1_000_000), drivers: fiveQuintiles });
    expect(run.postings.funding).toEqual([
      { account: 'platformSoftware', cents: -15_750 },
      { account: 'corporateAdmin', cents: -5_375 },
      { account: 'licensee', cents: -625 },
      { account: 'bonusPool', cents: 21_750 },
    ]);
    expect(run.postings.payout[0]).toEqual({ account: 'bonusPool', cents: -10_040 });
    expect(run.postings.payout.slice(1).map((entry) => entry.account)).toEqual(['driver:d1', 'driver:d2', 'driver:d3', 'driver:d4', 'driver:d5']);
  });

  it('refuses duplicate drivers and bad amounts', () => {
    expect(() => runBonusPool({ income: income(0), drivers: [driver('a'), driver('a')] })).toThrow(RangeError);
    expect(() => runBonusPool({ income: income(0), drivers: [driver('a', { baseEarnings: 1.5 })] })).toThrow(RangeError);
    expect(() => runBonusPool({ income: { ...income(0), licensee: -1 }, drivers: [] })).toThrow(RangeError);
  });

  const driversArb = fc
    .array(
      fc.record({
        tier: fc.constantFrom(...driverTiers),
        overallScore: fc.double({ min: 0, max: 5, noNaN: true }),
        acceptanceRate: fc.double({ min: 0, max: 100, noNaN: true }),
        completedRides: fc.nat(400),
        baseEarnings: fc.nat(1_500_000),
        streaksCompleted: fc.nat(40),
        onlineHours: fc.option(fc.double({ min: 0, max: 300, noNaN: true }), { nil: undefined }),
        peakHours: fc.option(fc.double({ min: 0, max: 80, noNaN: true }), { nil: undefined }),
        peakEarnings: fc.option(fc.nat(300_000), { nil: undefined }),
      }),
      { maxLength: 40 },
    )
    .map((drivers) => drivers.map((input, i) => ({ driverId: `driver-${String(i).padStart(3, '0')}`, ...input })));

  const incomeArb = fc.record({
    rideSubtotals: fc.nat(20_000_000),
    platformSoftware: fc.nat(600_000),
    corporateAdmin: fc.nat(250_000),
    licensee: fc.nat(250_000),
  });

  it('never pays more than funding + reserve, and every part adds up exactly', () => {
    fc.assert(
      fc.property(incomeArb, fc.nat(100_000), driversArb, (monthIncome, reserve, drivers) => {
        const run = runBonusPool({ income: monthIncome, reserve, drivers });
        expect(run.paidOut).toBeLessThanOrEqual(run.funding.total + reserve);
        expect(run.paidOut + run.surplus).toBe(run.available);
        expect(run.drivers.reduce((sum, payout) => sum + payout.total, 0)).toBe(run.paidOut);
        for (const payout of run.drivers) {
          expect(payout.total).toBe(payout.paid.guarantee + payout.paid.streak + payout.paid.performance);
          for (const part of ['guarantee', 'streak', 'performance'] as const) {
            expect(payout.paid[part]).toBeGreaterThanOrEqual(0);
            expect(payout.paid[part]).toBeLessThanOrEqual(payout.target[part]);
            expect(Number.isInteger(payout.paid[part])).toBe(true);
          }
        }
        for (const transaction of [run.postings.funding, run.postings.payout]) {
          expect(transaction.reduce((sum, entry) => sum + entry.cents, 0)).toBe(0);
        }
        expect(run.postings.funding.some((entry) => entry.account.startsWith('driver:'))).toBe(false);
      }),
    );
  });

  it('pays every target when the money is there, and all the money when it is not; guarantees first', () => {
    fc.assert(
      fc.property(incomeArb, fc.nat(100_000), driversArb, (monthIncome, reserve, drivers) => {
        const run = runBonusPool({ income: monthIncome, reserve, drivers });
        if (run.targetPayout <= run.available) {
          expect(run.paidOut).toBe(run.targetPayout);
          expect(run.scaledDown).toBe(false);
        } else {
          expect(run.paidOut).toBe(run.available);
        }
        const bonusesPaid = run.drivers.some((payout) => payout.paid.streak + payout.paid.performance > 0);
        if (bonusesPaid) expect(run.drivers.every((payout) => payout.paid.guarantee === payout.target.guarantee)).toBe(true);
      }),
    );
  });

  it('does not depend on the order of the drivers', () => {
    fc.assert(
      fc.property(incomeArb, driversArb, (monthIncome, drivers) => {
        expect(runBonusPool({ income: monthIncome, drivers: [...drivers].reverse() })).toEqual(runBonusPool({ income: monthIncome, drivers }));
      }),
    );
  });
});

describe('bonus pool summary', () => {
  it('pays on the 1st of the next month, UTC', () => {
    expect(nextPayoutDate(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('builds the quintile rows and validates against the schema', () => {
    const run = runBonusPool({ income: income(1_000_000), drivers: fiveQuintiles });
    const quintiles = quintileSummaries(run);
    expect(quintiles[0]).toEqual({ quintile: 1, key: 'top', percentage: 20, multiplier: 1.08, drivers: 1, averageBonus: 2_160, totalPayout: 2_160 });
    const summary = bonusPoolSummarySchema.parse({
      month: '2026-11',
      monthlyRideRevenue: 1_000_000,
      rideContribution: run.funding.rideContribution,
      licenseeContribution: run.funding.licenseeContribution,
      platformContribution: run.funding.platformContribution,
      totalMonthlyFunding: run.funding.total,
      fundingDebits: run.funding.debits,
      lastMonthPayout: run.paidOut,
      nextPayoutDate: '2026-12-01T00:00:00.000Z',
      monthlySurplus: run.surplus,
      reserve: 0,
      sustainabilityRatio: run.coverageRatio,
      sustainabilityScore: run.sustainabilityScore,
      coverage: run.coverage,
      quintiles,
      protections: POOL_PROTECTIONS,
    });
    expect(summary.protections).toEqual({ minimumEarnings: 220_000, maximumReduction: 8, escrowDays: 3, disputeResolution: 7, communityOversight: true });
  });
});

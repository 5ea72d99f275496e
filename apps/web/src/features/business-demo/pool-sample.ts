import type { MonthlyIncome, PoolDriverInput } from '@coride/domain/community/bonus-pool';
import { driverTiers, type DriverTier } from '@coride/domain/community/performance';
import { splitFare } from '@coride/domain/money';
import { feeCents, PRICING } from '@coride/domain/pricing';

/**
 * The guarantees tab's sample territory: what the visitor can change, and how it becomes the input of
 * runBonusPool. The ride subtotals are the drivers' base earnings (the driver keeps the whole
 * subtotal), and the fee accounts' income follows from them at the published rates.
 */

export const MAX_DRIVERS = 5000;
export const MAX_MONTHLY_DOLLARS = 100_000;
export const MAX_RESERVE_DOLLARS = 10_000_000;
export const MAX_MONTHLY_HOURS = 744;
export const MAX_STREAKS = 500;

/** One fifth of the drivers, ranked from the best overall score (group 0) to the lowest (group 4). */
export type DriverGroupSample = {
  tier: DriverTier;
  /** Base earnings (ride subtotals) of each driver in the month, dollars. */
  earningsDollars: number;
  /** Hours online of each driver in the month. */
  onlineHours: number;
  /** Runs of 10 accepts each driver completed in the month. */
  streaks: number;
};

export type PoolSample = {
  drivers: number;
  /** Percent 0-100, the same for every driver. */
  acceptanceRate: number;
  /** Surplus carried from earlier months, dollars. */
  reserveDollars: number;
  groups: readonly DriverGroupSample[];
};

export const DEFAULT_POOL_SAMPLE: PoolSample = {
  drivers: 100,
  acceptanceRate: 90,
  reserveDollars: 0,
  groups: [
    { tier: 'Platinum', earningsDollars: 5200, onlineHours: 170, streaks: 4 },
    { tier: 'Gold', earningsDollars: 4600, onlineHours: 160, streaks: 3 },
    { tier: 'Silver', earningsDollars: 3800, onlineHours: 140, streaks: 2 },
    { tier: 'Silver', earningsDollars: 2900, onlineHours: 120, streaks: 1 },
    { tier: 'Bronze', earningsDollars: 1500, onlineHours: 110, streaks: 0 },
  ],
};

/** Overall scores (0-5) that rank the five groups in order; only their order matters to the pool. */
const GROUP_SCORES = [4.9, 4.7, 4.5, 4.2, 3.8] as const;

/** A field's text as a number in [0, max] (a whole number when `integer`), or null when empty or out of range. */
export function parseSampleNumber(text: string, max: number, integer = false): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > max) return null;
  return integer && !Number.isInteger(value) ? null : value;
}

export function isDriverTier(value: string): value is DriverTier {
  return (driverTiers as readonly string[]).includes(value);
}

/** `total` drivers in five groups as even as possible, the larger groups first, so group g is quintile g when total ≥ 5. */
export function groupSizes(total: number): number[] {
  const base = Math.floor(total / 5);
  const extra = total % 5;
  return [0, 1, 2, 3, 4].map((group) => base + (group < extra ? 1 : 0));
}

const toCents = (dollars: number) => Math.round(dollars * 100);

/** The fee accounts' income from rides whose subtotals add up to `rideSubtotals`: splitFare of their fees. */
export function monthlyIncomeOf(rideSubtotals: number): MonthlyIncome {
  const split = splitFare({
    subtotal: rideSubtotals,
    platformFee: feeCents(rideSubtotals, PRICING.platformFeeRate),
    adminFee: feeCents(rideSubtotals, PRICING.adminFeeRate),
  });
  return { rideSubtotals, platformSoftware: split.platformSoftware, corporateAdmin: split.corporateAdmin, licensee: split.licensee };
}

/** The sample as runBonusPool's input: the month's income of the fee accounts, the reserve and one entry per driver. */
export function poolInputFromSample(sample: PoolSample): { income: MonthlyIncome; reserve: number; drivers: PoolDriverInput[] } {
  if (sample.groups.length !== 5) throw new RangeError('the sample needs five driver groups');
  const sizes = groupSizes(sample.drivers);
  const drivers: PoolDriverInput[] = sizes.flatMap((size, group) => {
    const { tier, earningsDollars, onlineHours, streaks } = sample.groups[group]!;
    const baseEarnings = toCents(earningsDollars);
    return Array.from({ length: size }, (_, i) => ({
      driverId: `g${group + 1}-${String(i + 1).padStart(4, '0')}`,
      tier,
      overallScore: GROUP_SCORES[group]!,
      acceptanceRate: sample.acceptanceRate,
      // A driver who earned nothing completed no ride and takes no part in the month.
      completedRides: baseEarnings > 0 ? 1 : 0,
      baseEarnings,
      streaksCompleted: streaks,
      onlineHours,
    }));
  });
  const rideSubtotals = drivers.reduce((sum, driver) => sum + driver.baseEarnings, 0);
  return {
    income: monthlyIncomeOf(rideSubtotals),
    reserve: toCents(sample.reserveDollars),
    drivers,
  };
}

/** Per quintile of a run: what its drivers were promised and what they were paid, cents. */
export function payoutByQuintile(run: {
  drivers: readonly { quintile: number | null; total: number; target: { guarantee: number; streak: number; performance: number } }[];
}) {
  return [1, 2, 3, 4, 5].map((quintile) => {
    const members = run.drivers.filter((driver) => driver.quintile === quintile);
    return {
      quintile,
      target: members.reduce((sum, d) => sum + d.target.guarantee + d.target.streak + d.target.performance, 0),
      guaranteed: members.filter((d) => d.target.guarantee > 0).length,
      paid: members.reduce((sum, d) => sum + d.total, 0),
    };
  });
}

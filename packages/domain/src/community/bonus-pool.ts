import { z } from 'zod';
import { apportion, DISPUTE_WINDOW_DAYS, ESCROW_DAYS } from '../money';
import { estimateOnlineHours } from './estimates';
import { driverTiers, peakHourShortfallCents, TIER_RULES, type DriverTier } from './performance';
import { assertCents, assertCount, assertNonNegative, BP, fractionStrictlyAbove } from './shared';

/**
 * The monthly community bonus pool of a territory: its funding (out of the 6% of fees, never out of
 * the driver's subtotal), its payout (guarantees first, then streak and performance bonuses shaped by
 * quintile multipliers), the coverage ratio and the sustainability score. Spec §9 "Fees and splits"
 * (reward pool), "Driver tiers", "Bonus quintiles". Choices: docs/community-economics.md.
 */

/** The accounts of money.ts that receive fees: the driver is never one of them. */
export const feeAccounts = ['platformSoftware', 'corporateAdmin', 'globalCsr', 'licensee', 'localCsr'] as const;
export type FeeAccount = (typeof feeAccounts)[number];

/**
 * Spec §9 (demo): "bonus pool funded by 2% of every ride". 2% of the ride subtotals, taken from the
 * platform side of the fees: 1.5 points of the 3% platform software fee and 0.5 of corporate admin's
 * 1.25%. The CSR funds (earmarked for community initiatives) and the licensee's commission (taxed on
 * its own line below) give nothing here.
 */
export const RIDE_CONTRIBUTION_BP = { platformSoftware: 150, corporateAdmin: 50 } as const;
export const RIDE_CONTRIBUTION_TOTAL_BP = RIDE_CONTRIBUTION_BP.platformSoftware + RIDE_CONTRIBUTION_BP.corporateAdmin;
/** Spec §9 (demo): "5% of licensee income" — of the licensee's commission for the month. */
export const LICENSEE_CONTRIBUTION_BP = 500;
/** Spec §9 (demo): "5% of platform income" — of platform software + corporate admin after the ride contribution. */
export const PLATFORM_CONTRIBUTION_BP = 500;

/** What the territory's rides released in the month brought (ledger postings of that month). */
export type MonthlyIncome = {
  /** Sum of the subtotals of those rides, cents. */
  rideSubtotals: number;
  /** What they credited to each account, cents. */
  platformSoftware: number;
  corporateAdmin: number;
  licensee: number;
};

export type PoolFunding = {
  rideContribution: number;
  licenseeContribution: number;
  platformContribution: number;
  total: number;
  /** Which account gives how much; each at most what it received, all adding up to `total`. */
  debits: Record<FeeAccount, number>;
};

/** Shares of `total` proportional to `weights` (largest remainder, ties to the earlier part). */
function shares(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  return apportion(
    total,
    weights.map((weight) => weight * total),
    sum,
  );
}

/** The pool's funding for one territory and month. */
export function poolFunding(income: MonthlyIncome): PoolFunding {
  for (const [name, cents] of Object.entries(income)) assertCents(name, cents);
  const ride = Math.floor((income.rideSubtotals * RIDE_CONTRIBUTION_TOTAL_BP) / BP);
  const [wantedPs, wantedCa] = shares(ride, [RIDE_CONTRIBUTION_BP.platformSoftware, RIDE_CONTRIBUTION_BP.corporateAdmin]);
  // An account never gives more than it received (only possible with inconsistent totals).
  const ridePs = Math.min(wantedPs!, income.platformSoftware);
  const rideCa = Math.min(wantedCa!, income.corporateAdmin);
  const psLeft = income.platformSoftware - ridePs;
  const caLeft = income.corporateAdmin - rideCa;
  const platformContribution = Math.floor(((psLeft + caLeft) * PLATFORM_CONTRIBUTION_BP) / BP);
  const [platformPs, platformCa] = shares(platformContribution, [psLeft, caLeft]);
  const licenseeContribution = Math.floor((income.licensee * LICENSEE_CONTRIBUTION_BP) / BP);
  const debits: Record<FeeAccount, number> = {
    platformSoftware: ridePs + platformPs!,
    corporateAdmin: rideCa + platformCa!,
    globalCsr: 0,
    licensee: licenseeContribution,
    localCsr: 0,
  };
  const rideContribution = ridePs + rideCa;
  return {
    rideContribution,
    licenseeContribution,
    platformContribution,
    total: rideContribution + licenseeContribution + platformContribution,
    debits,
  };
}

/**
 * Spec §9 "Bonus quintiles (demo)": top +8%, upper middle +4%, middle 0, lower middle -2%,
 * bottom -8%. Here they multiply the performance bonus, never earnings (contract §2: the driver
 * keeps the whole subtotal), so "maximum reduction 8%" is 8% less bonus than the middle.
 */
export const QUINTILES = [
  { quintile: 1, key: 'top', multiplierBp: 10_800 },
  { quintile: 2, key: 'upper_middle', multiplierBp: 10_400 },
  { quintile: 3, key: 'middle', multiplierBp: 10_000 },
  { quintile: 4, key: 'lower_middle', multiplierBp: 9_800 },
  { quintile: 5, key: 'bottom', multiplierBp: 9_200 },
] as const;
export type Quintile = (typeof QUINTILES)[number]['quintile'];
export const MAXIMUM_BONUS_REDUCTION_PERCENT = 8;

/**
 * Our choice (the spec gives multipliers, not the base they multiply): the performance bonus is 2% of
 * the month's base earnings × the quintile multiplier, mirroring the 2% every ride gives the pool;
 * capped by the tier's monthly bonus (TIER_RULES, so Bronze and Probationary get none).
 */
export const PERFORMANCE_BONUS_BP = 200;
/**
 * Spec §9: "guaranteed minimum earnings for the bottom quintile 2200 per month". Dollars: $2,200 =
 * 220,000 cents (as cents it would be $22, less than two rides, no guarantee at all). Pro-rated by
 * online hours against a full-time month, applied to every eligible driver (not only the bottom
 * quintile, or a better rank could earn less) and paid before any bonus.
 */
export const GUARANTEED_MONTHLY_MINIMUM_CENTS = 220_000;
/** Our choice: 40 hours × 4 weeks; $2,200 / 160 h = $13.75 an hour. */
export const FULL_TIME_HOURS_PER_MONTH = 160;
/** Our choice: guarantees need this acceptance rate, or declining every offer would pay. */
export const GUARANTEE_MIN_ACCEPTANCE_PERCENT = 80;

export type PoolDriverInput = {
  driverId: string;
  tier: DriverTier;
  /** 0-5 (performance.ts); ranks the quintiles. */
  overallScore: number;
  /** Percent 0-100. */
  acceptanceRate: number;
  /** Rides completed in the month; a driver with none takes no part. */
  completedRides: number;
  /** Subtotals of the month's rides, cents (tips excluded: they are the rider's, not performance). */
  baseEarnings: number;
  /** Runs of 10 accepts completed in the month. */
  streaksCompleted: number;
  /** Hours online in the month; estimated as rides × 0.5 when absent (spec §9). */
  onlineHours?: number;
  /** Hours online in peak hours, and the subtotals earned then, for the tier's peak-hour minimum. */
  peakHours?: number;
  peakEarnings?: number;
};

export type DriverPayout = {
  driverId: string;
  quintile: Quintile | null;
  target: { guarantee: number; streak: number; performance: number };
  paid: { guarantee: number; streak: number; performance: number };
  total: number;
};

export type PostingEntry = { account: FeeAccount | 'bonusPool' | `driver:${string}`; cents: number };

export const coverageLabels = ['underfunded', 'break-even', 'healthy', 'excellent'] as const;
export type CoverageLabel = (typeof coverageLabels)[number];

export type PoolRun = {
  funding: PoolFunding;
  /** Surplus carried from earlier months. */
  reserveIn: number;
  available: number;
  /** What the rules promise before any scaling. */
  targetPayout: number;
  paidOut: number;
  /** available - paidOut: carried to next month. */
  surplus: number;
  scaledDown: boolean;
  coverageRatio: number | null;
  sustainabilityScore: number;
  coverage: CoverageLabel;
  /** Sorted by driverId. */
  drivers: DriverPayout[];
  /** Two balanced transactions: fee accounts -> pool, pool -> drivers. Each sums to zero. */
  postings: { funding: PostingEntry[]; payout: PostingEntry[] };
};

/** Spec §9: coverage ratio = funding / payout ("sustainabilityRatio"); null when nothing is owed. */
export function coverageRatio(fundingCents: number, payoutCents: number): number | null {
  return payoutCents === 0 ? null : fundingCents / payoutCents;
}

/** Spec §9 labels: break-even 1.0x, healthy 1.2x+, excellent 1.5x+; below 1.0 underfunded. Exact, in cents. */
export function coverageLabel(fundingCents: number, payoutCents: number): CoverageLabel {
  if (payoutCents === 0 || fundingCents * 10 >= payoutCents * 15) return 'excellent';
  if (fundingCents * 10 >= payoutCents * 12) return 'healthy';
  if (fundingCents >= payoutCents) return 'break-even';
  return 'underfunded';
}

/** Spec §9: min(100, (ratio - 1) × 100 + 80), floored at 0 and rounded; 100 when nothing is owed. */
export function sustainabilityScore(ratio: number | null): number {
  if (ratio === null) return 100;
  return Math.max(0, Math.min(100, Math.round((ratio - 1) * 100 + 80)));
}

/** Parts of `budget` proportional to `targets` when they ask for more; the targets themselves otherwise. */
function scaleToBudget(targets: readonly number[], budget: number): number[] {
  const sum = targets.reduce((a, b) => a + b, 0);
  if (sum <= budget) return [...targets];
  if (targets.some((target) => !Number.isSafeInteger(target * budget))) throw new RangeError('pool amounts too large to scale exactly');
  return apportion(
    budget,
    targets.map((target) => target * budget),
    sum,
  );
}

function quintileOf(topFraction: number): Quintile {
  return QUINTILES[Math.min(4, Math.floor(topFraction * 5))]!.quintile;
}

function validateDriver(driver: PoolDriverInput): void {
  if (!driverTiers.includes(driver.tier)) throw new RangeError(`unknown tier ${driver.tier}`);
  assertCents('baseEarnings', driver.baseEarnings);
  assertCount('completedRides', driver.completedRides);
  assertCount('streaksCompleted', driver.streaksCompleted);
  assertNonNegative('overallScore', driver.overallScore);
  assertNonNegative('acceptanceRate', driver.acceptanceRate);
  if (driver.onlineHours !== undefined) assertNonNegative('onlineHours', driver.onlineHours);
}

function targetsOf(driver: PoolDriverInput, quintile: Quintile | null): DriverPayout['target'] {
  if (quintile === null) return { guarantee: 0, streak: 0, performance: 0 };
  const rules = TIER_RULES[driver.tier];
  const multiplierBp = QUINTILES[quintile - 1]!.multiplierBp;
  const performance = Math.min(rules.monthlyBonusCapCents, Math.floor((driver.baseEarnings * PERFORMANCE_BONUS_BP * multiplierBp) / (BP * BP)));
  const streak = driver.streaksCompleted * rules.streakBonusCents;
  let guarantee = 0;
  if (driver.acceptanceRate >= GUARANTEE_MIN_ACCEPTANCE_PERCENT) {
    const hours = Math.min(FULL_TIME_HOURS_PER_MONTH, driver.onlineHours ?? estimateOnlineHours(driver.completedRides));
    const monthlyFloor = Math.floor((GUARANTEED_MONTHLY_MINIMUM_CENTS * hours) / FULL_TIME_HOURS_PER_MONTH);
    const peak = peakHourShortfallCents(driver.tier, driver.peakHours ?? 0, driver.peakEarnings ?? 0);
    guarantee = Math.max(monthlyFloor - driver.baseEarnings, peak, 0);
  }
  return { guarantee, streak, performance };
}

/**
 * One month's payout of a territory's pool. Guarantees are paid first; if they alone exceed what is
 * available they are scaled down proportionally. What is left pays streak and performance bonuses,
 * scaled down proportionally (largest remainder) when short. Nothing paid ever exceeds
 * funding + reserve, and the parts add up exactly.
 */
export function runBonusPool(input: { income: MonthlyIncome; reserve?: number; drivers: readonly PoolDriverInput[] }): PoolRun {
  const reserveIn = input.reserve ?? 0;
  assertCents('reserve', reserveIn);
  const funding = poolFunding(input.income);
  const available = funding.total + reserveIn;
  const drivers = [...input.drivers].sort((a, b) => (a.driverId < b.driverId ? -1 : a.driverId > b.driverId ? 1 : 0));
  drivers.forEach(validateDriver);
  if (new Set(drivers.map((driver) => driver.driverId)).size !== drivers.length) throw new RangeError('duplicate driverId');

  const participants = drivers.filter((driver) => driver.completedRides > 0);
  const fractions = fractionStrictlyAbove(participants.map((driver) => driver.overallScore));
  const quintileById = new Map(participants.map((driver, i) => [driver.driverId, quintileOf(fractions[i]!)]));
  const targets = drivers.map((driver) => targetsOf(driver, quintileById.get(driver.driverId) ?? null));

  const guarantees = scaleToBudget(
    targets.map((target) => target.guarantee),
    available,
  );
  const bonusBudget = available - guarantees.reduce((a, b) => a + b, 0);
  const bonuses = scaleToBudget(
    targets.map((target) => target.streak + target.performance),
    bonusBudget,
  );

  const payouts: DriverPayout[] = drivers.map((driver, i) => {
    const target = targets[i]!;
    const [streak, performance] = shares(bonuses[i]!, [target.streak, target.performance]);
    const paid = { guarantee: guarantees[i]!, streak: streak!, performance: performance! };
    return {
      driverId: driver.driverId,
      quintile: quintileById.get(driver.driverId) ?? null,
      target,
      paid,
      total: paid.guarantee + paid.streak + paid.performance,
    };
  });

  const targetPayout = targets.reduce((sum, t) => sum + t.guarantee + t.streak + t.performance, 0);
  const paidOut = payouts.reduce((sum, payout) => sum + payout.total, 0);
  const ratio = coverageRatio(funding.total, targetPayout);
  return {
    funding,
    reserveIn,
    available,
    targetPayout,
    paidOut,
    surplus: available - paidOut,
    scaledDown: paidOut < targetPayout,
    coverageRatio: ratio,
    sustainabilityScore: sustainabilityScore(ratio),
    coverage: coverageLabel(funding.total, targetPayout),
    drivers: payouts,
    postings: {
      funding: [
        ...feeAccounts.filter((account) => funding.debits[account] > 0).map((account) => ({ account, cents: -funding.debits[account] })),
        { account: 'bonusPool', cents: funding.total },
      ],
      payout: [
        { account: 'bonusPool', cents: -paidOut },
        ...payouts.filter((payout) => payout.total > 0).map((payout) => ({ account: `driver:${payout.driverId}` as const, cents: payout.total })),
      ],
    },
  };
}

/** Our choice: month M's pool is paid on the 1st of M+1, 00:00 UTC (its money is already released). */
export function nextPayoutDate(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export const quintileSummarySchema = z.object({
  quintile: z.number().int().min(1).max(5),
  key: z.enum(['top', 'upper_middle', 'middle', 'lower_middle', 'bottom']),
  /** Share of the drivers, percent (20 each). */
  percentage: z.number(),
  multiplier: z.number(),
  drivers: z.number().int(),
  averageBonus: z.number().int(),
  totalPayout: z.number().int(),
});
export type QuintileSummary = z.infer<typeof quintileSummarySchema>;

/** Spec §3 "Performance tier" rows, per quintile, from a run. */
export function quintileSummaries(run: PoolRun): QuintileSummary[] {
  return QUINTILES.map(({ quintile, key, multiplierBp }) => {
    const members = run.drivers.filter((driver) => driver.quintile === quintile);
    const totalPayout = members.reduce((sum, driver) => sum + driver.total, 0);
    return {
      quintile,
      key,
      percentage: 20,
      multiplier: multiplierBp / BP,
      drivers: members.length,
      averageBonus: members.length === 0 ? 0 : Math.floor(totalPayout / members.length),
      totalPayout,
    };
  });
}

/** A territory's bonus pool for the community and guarantees tabs (spec §3 "Bonus pool", "Protections"). */
export const bonusPoolSummarySchema = z.object({
  /** "YYYY-MM" of the month shown. */
  month: z.string(),
  monthlyRideRevenue: z.number().int(),
  rideContribution: z.number().int(),
  licenseeContribution: z.number().int(),
  platformContribution: z.number().int(),
  totalMonthlyFunding: z.number().int(),
  fundingDebits: z.object({
    platformSoftware: z.number().int(),
    corporateAdmin: z.number().int(),
    globalCsr: z.number().int(),
    licensee: z.number().int(),
    localCsr: z.number().int(),
  }),
  lastMonthPayout: z.number().int(),
  nextPayoutDate: z.string(),
  monthlySurplus: z.number().int(),
  reserve: z.number().int(),
  /** funding / payout; null when nothing is owed. */
  sustainabilityRatio: z.number().nullable(),
  sustainabilityScore: z.number().int(),
  coverage: z.enum(coverageLabels),
  quintiles: z.array(quintileSummarySchema),
  protections: z.object({
    minimumEarnings: z.number().int(),
    maximumReduction: z.number(),
    escrowDays: z.number().int(),
    disputeResolution: z.number().int(),
    communityOversight: z.boolean(),
  }),
});
export type BonusPoolSummary = z.infer<typeof bonusPoolSummarySchema>;

/** The protections block: the same for every territory. */
export const POOL_PROTECTIONS: BonusPoolSummary['protections'] = {
  minimumEarnings: GUARANTEED_MONTHLY_MINIMUM_CENTS,
  maximumReduction: MAXIMUM_BONUS_REDUCTION_PERCENT,
  escrowDays: ESCROW_DAYS,
  disputeResolution: DISPUTE_WINDOW_DAYS,
  communityOversight: true,
};

/**
 * What the pool promises one driver placed in `quintile` (null: takes no part), before any scaling:
 * the same targets runBonusPool computes, for a what-if ("in the top quintile you would get…").
 */
export function poolTargets(driver: PoolDriverInput, quintile: Quintile | null): DriverPayout['target'] {
  validateDriver(driver);
  return targetsOf(driver, quintile);
}

/** One driver's line of a stored run. */
export const bonusPoolDriverLineSchema = z.object({
  driverId: z.string(),
  name: z.string().nullable(),
  tier: z.enum(driverTiers),
  quintile: z.number().int().min(1).max(5).nullable(),
  overallScore: z.number(),
  acceptanceRate: z.number(),
  completedRides: z.number().int(),
  baseEarnings: z.number().int(),
  streaksCompleted: z.number().int(),
  /** Hours counted for the guarantee: the month's online sessions, or rides × 0.5 without any. */
  onlineHours: z.number(),
  onlineHoursEstimated: z.boolean(),
  /** The peak part of the online hours, and the subtotals of rides started in peak hours. */
  peakHours: z.number().optional(),
  peakEarnings: z.number().int().optional(),
  target: z.object({ guarantee: z.number().int(), streak: z.number().int(), performance: z.number().int() }),
  paid: z.object({ guarantee: z.number().int(), streak: z.number().int(), performance: z.number().int() }),
  total: z.number().int(),
});
export type BonusPoolDriverLine = z.infer<typeof bonusPoolDriverLineSchema>;

/**
 * A territory's stored monthly run (GET /api/community/bonus-pool): the summary plus each driver's
 * payout. A driver reading it sees only their own line.
 */
export const bonusPoolRunSchema = bonusPoolSummarySchema.extend({
  territoryId: z.string(),
  computedAt: z.string(),
  targetPayout: z.number().int(),
  scaledDown: z.boolean(),
  drivers: z.array(bonusPoolDriverLineSchema),
});
export type BonusPoolRunSummary = z.infer<typeof bonusPoolRunSchema>;

/** POST /api/admin/bonus-pool/run {month}: month "YYYY-MM" (UTC), optionally one territory. */
export const bonusPoolRunRequestSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM'),
  territoryId: z.uuid().optional(),
});
export const bonusPoolRunResultSchema = z.object({
  month: z.string(),
  runs: z.array(
    z.object({
      territoryId: z.string(),
      /** false: this month had already run for the territory, nothing was posted again. */
      posted: z.boolean(),
      funding: z.number().int(),
      paid: z.number().int(),
      surplus: z.number().int(),
    }),
  ),
});
export type BonusPoolRunResult = z.infer<typeof bonusPoolRunResultSchema>;

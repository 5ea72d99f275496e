/**
 * The figures the landing page quotes, all derived from the domain's own constants and rules (product
 * contract, section 2): percentages in basis points (1 bp = 0.01%), money in integer cents. Only the
 * zod-free domain files are imported, to keep the first screen within its budget.
 */
import { ESCROW_DAYS, DISPUTE_WINDOW_DAYS, FEE_SHARES_BP } from '@coride/domain/money-rules';
import { LICENSE_FEE_CENTS_PER_BLOCK, ZIP_CODES_PER_LICENSE_BLOCK } from '@coride/domain/community/license';
import { REWARD_POINTS as DOMAIN_REWARD_POINTS, SMALLEST_CREDIT } from '@coride/domain/community/reward-rules';

export { DISPUTE_WINDOW_DAYS, ESCROW_DAYS };

/** The five shares of the 6% total fee, in basis points of the fare subtotal. */
export const FEE_SHARES_BPS = FEE_SHARES_BP;

export type FeeShare = keyof typeof FEE_SHARES_BPS;

export const feeShares = Object.keys(FEE_SHARES_BPS) as FeeShare[];

export const TOTAL_FEE_BPS = feeShares.reduce((total, share) => total + FEE_SHARES_BPS[share], 0);

/** The commission range usually quoted for traditional ride-hailing platforms. */
export const TRADITIONAL_COMMISSION_BPS = { low: 2500, high: 3000 } as const;

export const SAMPLE_SUBTOTAL_CENTS = 2000;
export const ZIP_CODES_PER_LICENSE = ZIP_CODES_PER_LICENSE_BLOCK;
export const LICENSE_FEE_CENTS = LICENSE_FEE_CENTS_PER_BLOCK;

/** Rider reward points (product spec, section 9), under the names the landing copy uses. */
export const REWARD_POINTS = {
  rate: DOMAIN_REWARD_POINTS.rate_driver,
  review: DOMAIN_REWARD_POINTS.detailed_review,
  safety: DOMAIN_REWARD_POINTS.safety_report,
  referral: DOMAIN_REWARD_POINTS.referral,
} as const;
export const REWARD_REDEMPTION = { points: SMALLEST_CREDIT.points, creditCents: SMALLEST_CREDIT.cents } as const;

/** The smallest share of what the rider pays that reaches the driver: subtotal / (subtotal + fees). */
export const DRIVER_SHARE_OF_PAYMENT = 10_000 / (10_000 + TOTAL_FEE_BPS);

/** A traditional commission of `bps` taken out of `cents` (not our rule, so plain rounding). */
function commissionOf(cents: number, bps: number): number {
  return Math.round((cents * bps) / 10_000);
}

export type FeeComparison = {
  subtotal: number;
  feeParts: Record<FeeShare, number>;
  ours: { fees: number; riderPays: number; driverKeeps: number };
  traditional: { feesLow: number; feesHigh: number; driverKeepsLow: number; driverKeepsHigh: number };
};

/**
 * Our fees are added on top of the fare; a traditional commission is taken out of it. For a subtotal
 * whose every share is whole cents (the sample's is) the parts are exact, so they are what splitFare
 * settles (marketplace-facts.test.ts checks it; splitFare itself stays off the first screen's budget).
 */
export function compareFees(subtotal: number): FeeComparison {
  const feeParts = Object.fromEntries(feeShares.map((share) => [share, (subtotal * FEE_SHARES_BPS[share]) / 10_000])) as Record<FeeShare, number>;
  const fees = feeShares.reduce((total, share) => total + feeParts[share], 0);
  const feesLow = commissionOf(subtotal, TRADITIONAL_COMMISSION_BPS.low);
  const feesHigh = commissionOf(subtotal, TRADITIONAL_COMMISSION_BPS.high);
  return {
    subtotal,
    feeParts,
    ours: { fees, riderPays: subtotal + fees, driverKeeps: subtotal },
    traditional: { feesLow, feesHigh, driverKeepsLow: subtotal - feesHigh, driverKeepsHigh: subtotal - feesLow },
  };
}

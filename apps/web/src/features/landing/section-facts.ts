/**
 * The figures of the landing page's lower sections (pricing, community), loaded with them: the fee
 * comparison's sample and sums, and the rider rewards. The first screen's figures are in
 * marketplace-facts.ts.
 */
import { REWARD_POINTS as DOMAIN_REWARD_POINTS, SMALLEST_CREDIT } from '@coride/domain/community/reward-rules';
import { FEE_SHARES_BPS, feeShares, type FeeShare } from './marketplace-facts';

/** The commission range usually quoted for traditional ride-hailing platforms. */
export const TRADITIONAL_COMMISSION_BPS = { low: 2500, high: 3000 } as const;

export const SAMPLE_SUBTOTAL_CENTS = 2000;

/** Rider reward points (product spec, section 9), under the names the landing copy uses. */
export const REWARD_POINTS = {
  rate: DOMAIN_REWARD_POINTS.rate_driver,
  review: DOMAIN_REWARD_POINTS.detailed_review,
  safety: DOMAIN_REWARD_POINTS.safety_report,
  referral: DOMAIN_REWARD_POINTS.referral,
} as const;
export const REWARD_REDEMPTION = { points: SMALLEST_CREDIT.points, creditCents: SMALLEST_CREDIT.cents } as const;

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

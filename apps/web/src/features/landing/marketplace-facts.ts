/**
 * The published figures the landing page quotes (product contract, section 2). Percentages are in basis points
 * (1 bp = 0.01%) and money in integer cents, so the page computes its examples instead of hard-coding them.
 */

/** The five shares of the 6% total fee, in basis points of the fare subtotal. */
export const FEE_SHARES_BPS = {
  platformSoftware: 300,
  corporateAdmin: 125,
  globalCsr: 25,
  licensee: 125,
  localCsr: 25,
} as const;

export type FeeShare = keyof typeof FEE_SHARES_BPS;

export const feeShares = Object.keys(FEE_SHARES_BPS) as FeeShare[];

export const TOTAL_FEE_BPS = feeShares.reduce((total, share) => total + FEE_SHARES_BPS[share], 0);

/** The commission range usually quoted for traditional ride-hailing platforms. */
export const TRADITIONAL_COMMISSION_BPS = { low: 2500, high: 3000 } as const;

export const SAMPLE_SUBTOTAL_CENTS = 2000;
export const ESCROW_DAYS = 3;
export const DISPUTE_WINDOW_DAYS = 7;
export const ZIP_CODES_PER_LICENSE = 10;
export const LICENSE_FEE_CENTS = 100_000;

/** Rider reward points (product spec, section 9). */
export const REWARD_POINTS = { rate: 2, review: 5, safety: 15, referral: 50 } as const;
export const REWARD_REDEMPTION = { points: 25, creditCents: 100 } as const;

export function shareOf(cents: number, bps: number): number {
  return Math.round((cents * bps) / 10_000);
}

/** The smallest share of what the rider pays that reaches the driver: subtotal / (subtotal + fees). */
export const DRIVER_SHARE_OF_PAYMENT = 10_000 / (10_000 + TOTAL_FEE_BPS);

export type FeeComparison = {
  subtotal: number;
  feeParts: Record<FeeShare, number>;
  ours: { fees: number; riderPays: number; driverKeeps: number };
  traditional: { feesLow: number; feesHigh: number; driverKeepsLow: number; driverKeepsHigh: number };
};

/** Our fees are added on top of the fare; a traditional commission is taken out of it. */
export function compareFees(subtotal: number): FeeComparison {
  const feeParts = Object.fromEntries(feeShares.map((share) => [share, shareOf(subtotal, FEE_SHARES_BPS[share])])) as Record<FeeShare, number>;
  const fees = feeShares.reduce((total, share) => total + feeParts[share], 0);
  const feesLow = shareOf(subtotal, TRADITIONAL_COMMISSION_BPS.low);
  const feesHigh = shareOf(subtotal, TRADITIONAL_COMMISSION_BPS.high);
  return {
    subtotal,
    feeParts,
    ours: { fees, riderPays: subtotal + fees, driverKeeps: subtotal },
    traditional: { feesLow, feesHigh, driverKeepsLow: subtotal - feesHigh, driverKeepsHigh: subtotal - feesLow },
  };
}

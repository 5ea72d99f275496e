// The published prices as plain constants, without zod, so the landing page can quote them within its
// first-screen budget (the schemas stay in pricing.ts, which re-exports these).

/** Contract section 2, in cents. */
export const PRICING = {
  baseFare: 250,
  perMile: 150,
  perMinute: 20,
  platformFeeRate: 0.03,
  adminFeeRate: 0.03,
  /** A licensee may move local rates by at most this many percent either way. */
  maxRateAdjustmentPercent: 10,
} as const;

/** rate × cents rounded down, in integer arithmetic (0.03 × 650 is 19.5, never 19.499…). */
export function feeCents(cents: number, rate: number): number {
  return Math.floor((cents * Math.round(rate * 10_000)) / 10_000);
}

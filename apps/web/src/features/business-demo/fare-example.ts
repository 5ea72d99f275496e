/**
 * The demo's fare: the product's own pricing and settlement rules (`quoteFare` and `splitFare` from
 * @coride/domain) applied in the browser to a sample trip. Nothing here re-implements a rule; the
 * constants are re-exported so the page can show the published rates. All amounts are integer cents.
 */
import { DISPUTE_WINDOW_DAYS, ESCROW_DAYS, FEE_SHARES_BP, splitFare, type Split } from '@coride/domain/money';
import { PRICING, quoteFare, type FareBreakdown } from '@coride/domain/pricing';

export { DISPUTE_WINDOW_DAYS, ESCROW_DAYS };

export const FARE_RATES = { baseCents: PRICING.baseFare, perMileCents: PRICING.perMile, perMinuteCents: PRICING.perMinute } as const;

/** Fees on top of the subtotal, in basis points (1 bp = 0.01%). */
export const FEE_BPS = { platformFee: Math.round(PRICING.platformFeeRate * 10_000), adminFee: Math.round(PRICING.adminFeeRate * 10_000) } as const;

/** How the 3% administration fee is shared, in basis points of the subtotal. */
export const ADMIN_SPLIT_BPS = {
  corporateAdmin: FEE_SHARES_BP.corporateAdmin,
  globalCsr: FEE_SHARES_BP.globalCsr,
  licensee: FEE_SHARES_BP.licensee,
  localCsr: FEE_SHARES_BP.localCsr,
} as const;

export type AdminShare = keyof typeof ADMIN_SPLIT_BPS;
export type FareSplit = Split;

export type FareExample = Pick<FareBreakdown, 'baseFare' | 'distanceFare' | 'timeFare' | 'subtotal' | 'platformFee' | 'adminFee' | 'totalFare'> & {
  tip: number;
  /** What the rider pays in all: the fare and the tip. */
  paid: number;
  /** splitFare(fare, tip): the driver's part is the whole subtotal plus the tip. */
  split: FareSplit;
};

export type FareQuery = { miles: number; minutes: number; tipCents?: number; zoneMultiplier?: number; rateAdjustmentPercent?: number };

/** Prices a trip with quoteFare and settles it with splitFare, exactly as a real ride is. */
export function quoteFareExample({ miles, minutes, tipCents = 0, zoneMultiplier, rateAdjustmentPercent }: FareQuery): FareExample {
  const quote = quoteFare({ distanceMiles: miles, durationMinutes: minutes, zoneMultiplier, rateAdjustmentPercent });
  const split = splitFare(quote, tipCents);
  const { baseFare, distanceFare, timeFare, subtotal, platformFee, adminFee, totalFare } = quote;
  return { baseFare, distanceFare, timeFare, subtotal, platformFee, adminFee, totalFare, tip: tipCents, paid: totalFare + tipCents, split };
}

/**
 * The demo's fare calculator: the published rates applied in the browser, for illustration only.
 * A real ride is priced by the server (zone multiplier and licensee adjustment included).
 * All amounts are integer cents.
 */

export const FARE_RATES = { baseCents: 250, perMileCents: 150, perMinuteCents: 20 } as const;

/** Fees on top of the subtotal, in basis points (1 bp = 0.01%). */
export const FEE_BPS = { platformFee: 300, adminFee: 300 } as const;

/** How the 3% administration fee is shared, in basis points of the subtotal (they add up to FEE_BPS.adminFee). */
export const ADMIN_SPLIT_BPS = { corporateAdmin: 125, globalCsr: 25, licensee: 125, localCsr: 25 } as const;

/** Payments wait in escrow this long after a ride; a dispute may be opened within the dispute window. */
export const ESCROW_DAYS = 3;
export const DISPUTE_WINDOW_DAYS = 7;

export type AdminShare = keyof typeof ADMIN_SPLIT_BPS;

export type FareSplit = {
  driver: number;
  platformSoftware: number;
} & Record<AdminShare, number>;

export type FareExample = {
  baseFare: number;
  distanceFare: number;
  timeFare: number;
  subtotal: number;
  platformFee: number;
  adminFee: number;
  totalFare: number;
  split: FareSplit;
};

function percentOf(cents: number, bps: number): number {
  return Math.round((cents * bps) / 10_000);
}

/**
 * Shares `total` cents in proportion to `weights` with the largest-remainder rule:
 * every part gets its floor, then the cents left over go to the largest fractions (earlier keys win ties),
 * so the parts always add up to `total` exactly.
 */
export function splitByLargestRemainder<K extends string>(total: number, weights: Record<K, number>): Record<K, number> {
  const keys = Object.keys(weights) as K[];
  const weightSum = keys.reduce((sum, key) => sum + weights[key], 0);
  if (!Number.isInteger(total) || total < 0) throw new RangeError('total must be a non-negative integer of cents');
  if (weightSum <= 0) throw new RangeError('weights must add up to more than zero');

  const parts = keys.map((key, index) => {
    const exact = total * weights[key];
    return { key, index, amount: Math.floor(exact / weightSum), remainder: exact % weightSum };
  });
  let leftover = total - parts.reduce((sum, part) => sum + part.amount, 0);
  const byRemainder = [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const part of byRemainder) {
    if (leftover === 0) break;
    part.amount += 1;
    leftover -= 1;
  }
  return Object.fromEntries(parts.map((part) => [part.key, part.amount])) as Record<K, number>;
}

/**
 * Prices a ride of `miles` and `minutes` and shows where every cent goes: the driver keeps the whole subtotal,
 * the platform fee is the platform's software share, and the administration fee is shared out by ADMIN_SPLIT_BPS.
 */
export function quoteFareExample({ miles, minutes }: { miles: number; minutes: number }): FareExample {
  if (!(miles >= 0) || !(minutes >= 0)) throw new RangeError('miles and minutes must be non-negative numbers');

  const baseFare = FARE_RATES.baseCents;
  const distanceFare = Math.round(FARE_RATES.perMileCents * miles);
  const timeFare = Math.round(FARE_RATES.perMinuteCents * minutes);
  const subtotal = baseFare + distanceFare + timeFare;
  const platformFee = percentOf(subtotal, FEE_BPS.platformFee);
  const adminFee = percentOf(subtotal, FEE_BPS.adminFee);

  return {
    baseFare,
    distanceFare,
    timeFare,
    subtotal,
    platformFee,
    adminFee,
    totalFare: subtotal + platformFee + adminFee,
    split: {
      driver: subtotal,
      platformSoftware: platformFee,
      ...splitByLargestRemainder(adminFee, ADMIN_SPLIT_BPS),
    },
  };
}

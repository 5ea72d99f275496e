import type { FareBreakdown } from './pricing';

/**
 * How the money a rider pays is shared (contract section 2, docs/money.md). Rates are of the fare
 * subtotal, in basis points: the 3% platform fee goes to platform software; the 3% admin fee is
 * shared 1.25 / 0.25 / 1.25 / 0.25 between corporate admin, the global CSR fund, the territory's
 * licensee and the territory's local CSR fund. The driver gets the whole subtotal and every tip.
 */
export const FEE_SHARES_BP = {
  platformSoftware: 300,
  corporateAdmin: 125,
  globalCsr: 25,
  licensee: 125,
  localCsr: 25,
} as const;

export const payees = ['driver', 'platformSoftware', 'corporateAdmin', 'globalCsr', 'licensee', 'localCsr'] as const;
export type Payee = (typeof payees)[number];
export type Split = Record<Payee, number>;

export const ESCROW_DAYS = 3;
export const DISPUTE_WINDOW_DAYS = 7;

const adminShares = ['corporateAdmin', 'globalCsr', 'licensee', 'localCsr'] as const;

/**
 * Largest-remainder apportionment: parts of `total` proportional to numerators[i] / denominator,
 * each the floor of its exact value or one more, adding up to `total` exactly. The exact values
 * must add up to no more than `total` and lose less than one cent each to flooring (checked).
 * Ties go to the earlier part, so the result is deterministic.
 */
export function apportion(total: number, numerators: readonly number[], denominator: number): number[] {
  const floors = numerators.map((n) => Math.floor(n / denominator));
  let left = total - floors.reduce((a, b) => a + b, 0);
  if (left < 0 || left > numerators.length) throw new RangeError(`cannot apportion ${total} over these parts`);
  const order = numerators
    .map((n, i) => ({ i, remainder: n - floors[i]! * denominator }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  const parts = [...floors];
  for (const { i } of order) {
    if (left === 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

const zeroSplit = (): Split => ({ driver: 0, platformSoftware: 0, corporateAdmin: 0, globalCsr: 0, licensee: 0, localCsr: 0 });

export function splitTotal(split: Split): number {
  return payees.reduce((sum, payee) => sum + split[payee], 0);
}

/**
 * The settlement of a fare (and a tip): the driver gets subtotal + tip, platform software the
 * platform fee, and the admin fee is apportioned by largest remainder against each share's exact
 * rate of the subtotal, so every part is within one cent of its rate and the parts add up to the
 * paid total to the cent.
 */
export function splitFare(fare: Pick<FareBreakdown, 'subtotal' | 'platformFee' | 'adminFee'>, tip = 0): Split {
  const { subtotal, platformFee, adminFee } = fare;
  for (const cents of [subtotal, platformFee, adminFee, tip]) {
    if (!Number.isInteger(cents) || cents < 0) throw new RangeError('amounts must be non-negative integer cents');
  }
  const split = zeroSplit();
  split.driver = subtotal + tip;
  split.platformSoftware = platformFee;
  const parts = apportion(
    adminFee,
    adminShares.map((share) => subtotal * FEE_SHARES_BP[share]),
    10_000,
  );
  adminShares.forEach((share, i) => (split[share] = parts[i]!));
  return split;
}

/** A tip is the driver's alone. */
export function tipSplit(tip: number): Split {
  return { ...zeroSplit(), driver: tip };
}

/**
 * The part of `split` that a refund of `amount` takes back: proportional to each payee's part
 * (largest remainder), never more than a part, adding up to `amount`. A refund therefore keeps the
 * driver's share of what remains at the same ≥ 94%.
 */
export function splitRefund(split: Split, amount: number): Split {
  const total = splitTotal(split);
  if (!Number.isInteger(amount) || amount < 0 || amount > total) throw new RangeError(`refund must be 0..${total} cents`);
  if (amount === 0 || total === 0) return zeroSplit();
  const parts = apportion(
    amount,
    payees.map((payee) => split[payee] * amount),
    total,
  );
  const refund = zeroSplit();
  payees.forEach((payee, i) => (refund[payee] = parts[i]!));
  return refund;
}

export function subtractSplit(a: Split, b: Split): Split {
  const result = zeroSplit();
  for (const payee of payees) result[payee] = a[payee] - b[payee];
  return result;
}

export function addSplits(a: Split, b: Split): Split {
  const result = zeroSplit();
  for (const payee of payees) result[payee] = a[payee] + b[payee];
  return result;
}

export function emptySplit(): Split {
  return zeroSplit();
}

import type { FareBreakdown } from './pricing';
import { FEE_SHARES_BP } from './money-rules';

export { DISPUTE_RESOLVE_DAYS, DISPUTE_WINDOW_DAYS, ESCROW_DAYS, FEE_SHARES_BP } from './money-rules';

export const payees = ['driver', 'platformSoftware', 'corporateAdmin', 'globalCsr', 'licensee', 'localCsr'] as const;
export type Payee = (typeof payees)[number];
export type Split = Record<Payee, number>;

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
  const order = numerators.map((n, i) => ({ i, remainder: n - floors[i]! * denominator })).sort((a, b) => b.remainder - a.remainder || a.i - b.i);
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
  split.driver = driverEarning(fare, tip);
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

/** What the driver keeps from a ride: the whole subtotal plus every tip (the driver part of splitFare). */
export function driverEarning(fare: Pick<FareBreakdown, 'subtotal'>, tip = 0): number {
  return fare.subtotal + tip;
}

const WHOLE_DOLLARS = /^\d+$/;
const DECIMAL_DOLLARS = /^(\d+)[.,](\d{1,2})$/;
// Thousands separators only with cents after the other separator: "1,234" alone could mean 1.234.
const GROUPED_POINT = /^(\d{1,3}(?:,\d{3})+)\.(\d{1,2})$/;
const GROUPED_COMMA = /^(\d{1,3}(?:\.\d{3})+),(\d{1,2})$/;
// For large amounts (ParseDollarsOptions.thousandsComma): "1,250" and "12,500.50" are thousands.
const COMMA_THOUSANDS = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/;

export type ParseDollarsOptions = {
  /**
   * A comma followed by groups of three digits is a thousands separator ("1,250" -> 125000) rather than
   * ambiguous. For fields whose amounts are large and typed in dollars, such as a weekly earnings goal,
   * where "1,250" means twelve hundred fifty; not for tips or refunds, where "1,25" style decimals are
   * likelier and a misread would move money.
   */
  thousandsComma?: boolean;
};

function dollarsAndCents(dollars: string, fraction = ''): number | null {
  const cents = Number(dollars) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * A dollar amount as a person types it, in integer cents, without floating-point arithmetic; null when
 * it is empty or not a non-negative amount with at most two decimals. The one rule, for every screen:
 * - spaces and a leading or trailing "$", "US$" or "USD" are ignored: " $12.5 " -> 1250;
 * - one "." or "," followed by one or two digits is the decimal separator: "3.50" and "3,50" -> 350;
 * - a thousands separator is accepted only when cents follow the other separator: "1,234.56" and
 *   "1.234,56" -> 123456;
 * - anything ambiguous is rejected: "1,250" and "1.250" (thousands or three decimals?), "12.345",
 *   unless the field says a comma groups thousands (`thousandsComma`: "1,250" -> 125000).
 * Callers decide what zero means (a tip must be positive, a refund may be 0).
 */
export function parseDollarsToCents(input: string, options: ParseDollarsOptions = {}): number | null {
  const text = input.replace(/[\s\u00a0\u202f]/g, '').replace(/^(US\$|\$|USD)|(US\$|\$|USD)$/gi, '');
  const thousands = options.thousandsComma ? COMMA_THOUSANDS.exec(text) : null;
  if (thousands) return dollarsAndCents(thousands[1]!.replace(/,/g, ''), thousands[2]);
  if (WHOLE_DOLLARS.test(text)) return dollarsAndCents(text);
  const decimal = DECIMAL_DOLLARS.exec(text);
  if (decimal) return dollarsAndCents(decimal[1]!, decimal[2]);
  const point = GROUPED_POINT.exec(text);
  if (point) return dollarsAndCents(point[1]!.replace(/,/g, ''), point[2]);
  const comma = GROUPED_COMMA.exec(text);
  if (comma) return dollarsAndCents(comma[1]!.replace(/\./g, ''), comma[2]);
  return null;
}

import { parseDollarsToCents as parseAmount } from '@coride/domain/money';

/** Tip suggestions as shares of the fare. */
export const TIP_PERCENTAGES = [15, 20, 25] as const;
/** Under this fare, percentages give awkward cents, so whole dollars are offered instead. */
const SMALL_FARE_CENTS = 1_000;
const SMALL_FARE_TIPS = [100, 200, 300] as const;

export type TipPreset = { amount: number; percent: number | null };

/** Suggested tips in cents for a fare in cents, rounded to the nearest 50 cents (at least $1). */
export function tipPresets(fareCents: number): TipPreset[] {
  if (fareCents < SMALL_FARE_CENTS) return SMALL_FARE_TIPS.map((amount) => ({ amount, percent: null }));
  return TIP_PERCENTAGES.map((percent) => ({ amount: Math.max(100, Math.round((fareCents * percent) / 100 / 50) * 50), percent }));
}

/** A typed tip ("5", "4.5", "$3.25", "3,50") in cents by the domain's one rule, or null unless it is positive. */
export function parseDollarsToCents(text: string): number | null {
  const cents = parseAmount(text);
  return cents !== null && cents > 0 ? cents : null;
}

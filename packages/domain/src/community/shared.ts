/** Basis points: 10,000 = 100%. Rates of money are kept in basis points so cents stay integers. */
export const BP = 10_000;

/** `value` rounded to `decimals` places, as the UI shows it; comparisons use the shown value. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function assertCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
}

export function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be non-negative integer cents`);
}

export function assertNonNegative(name: string, value: number): void {
  if (!(value >= 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a non-negative number`);
}

/**
 * For each value, the fraction of the values strictly greater than it (0 = nobody is better).
 * Equal values get the same fraction, so a tie never depends on input order.
 */
export function fractionStrictlyAbove(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => b - a);
  return values.map((value) => {
    let above = 0;
    while (above < sorted.length && sorted[above]! > value) above += 1;
    return values.length === 0 ? 0 : above / values.length;
  });
}

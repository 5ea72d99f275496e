import type { Dispute } from '@coride/domain/payments';

/** How long the licensee has to decide a dispute after the rider opened it. */
export const DISPUTE_RESOLVE_DAYS = 7;
const DAY_MS = 86_400_000;

/** The date a dispute should be decided by: `days` after it was opened (ISO string). */
export function resolveByDate(openedAt: string, days = DISPUTE_RESOLVE_DAYS): string {
  return new Date(Date.parse(openedAt) + days * DAY_MS).toISOString();
}

/** An open dispute past its resolve-by date. */
export function isOverdue(dispute: Pick<Dispute, 'status' | 'openedAt'>, now: number): boolean {
  return dispute.status === 'open' && Date.parse(resolveByDate(dispute.openedAt)) < now;
}

/** Open disputes first, the most urgent (oldest) at the top; then resolved ones, the latest first. */
export function sortDisputes<T extends Pick<Dispute, 'status' | 'openedAt' | 'resolvedAt'>>(disputes: readonly T[]): T[] {
  return [...disputes].sort((a, b) => {
    if (a.status !== b.status) return a.status === 'open' ? -1 : 1;
    if (a.status === 'open') return Date.parse(a.openedAt) - Date.parse(b.openedAt);
    return Date.parse(b.resolvedAt ?? b.openedAt) - Date.parse(a.resolvedAt ?? a.openedAt);
  });
}

const WHOLE = /^\d+$/;
const DECIMAL = /^(\d+)[.,](\d{1,2})$/;
// Thousands separators only with cents after the other separator: "1,234" alone could mean 1.234.
const GROUPED_POINT = /^(\d{1,3}(?:,\d{3})+)\.(\d{1,2})$/;
const GROUPED_COMMA = /^(\d{1,3}(?:\.\d{3})+),(\d{1,2})$/;

function toCents(dollars: string, fraction = ''): number {
  return Number(dollars) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * A dollar amount as typed ("12.50", "$12.5", "12,50", "1,234.56", "1.234,56", "12") -> integer cents,
 * without floating-point rounding. Empty -> undefined (nothing entered); anything else that is not a
 * non-negative amount with at most two decimals -> NaN, including the ambiguous "1,234" and "12.345".
 */
export function parseDollarsToCents(input: string): number | undefined {
  const text = input.replace(/[\s\u00a0\u202f]/g, '').replace(/^(US\$|\$|USD)|(US\$|\$|USD)$/gi, '');
  if (input.trim() === '') return undefined;
  if (WHOLE.test(text)) return toCents(text);
  const decimal = DECIMAL.exec(text);
  if (decimal) return toCents(decimal[1]!, decimal[2]);
  const point = GROUPED_POINT.exec(text);
  if (point) return toCents(point[1]!.replace(/,/g, ''), point[2]);
  const comma = GROUPED_COMMA.exec(text);
  if (comma) return toCents(comma[1]!.replace(/\./g, ''), comma[2]);
  return Number.NaN;
}

/**
 * The largest refund the server allows, read from its field message ("At most 1234 cents can be
 * refunded"), or undefined when the message says something else.
 */
export function maxRefundFromServerMessage(message: string): number | undefined {
  const match = /(\d+)\s*cents/.exec(message);
  return match ? Number(match[1]) : undefined;
}

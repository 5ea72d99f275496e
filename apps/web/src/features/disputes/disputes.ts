import { DISPUTE_RESOLVE_DAYS, parseDollarsToCents as parseAmount } from '@coride/domain/money';
import type { Dispute } from '@coride/domain/payments';

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

/**
 * A refund typed in dollars, in cents by the domain's one rule (parseDollarsToCents in money.ts):
 * empty -> undefined (nothing entered); not an amount -> NaN, including the ambiguous "1,234".
 */
export function parseDollarsToCents(input: string): number | undefined {
  if (input.trim() === '') return undefined;
  return parseAmount(input) ?? Number.NaN;
}

/**
 * The largest refund the server allows, read from its field message ("At most 1234 cents can be
 * refunded"), or undefined when the message says something else.
 */
export function maxRefundFromServerMessage(message: string): number | undefined {
  const match = /(\d+)\s*cents/.exec(message);
  return match ? Number(match[1]) : undefined;
}

import { z } from 'zod';
import { text } from './text';

/*
 * Payouts (contract §8): drivers and licensees keep a payout account (a US bank account) and the
 * money released to them in the ledger is paid out to it, weekly by a job and on demand.
 * `PUT/GET /api/payouts/account`, `POST /api/payouts {amount?}`, `GET /api/payouts` (paged),
 * `GET /api/payouts/statements/:week` (ISO week, `2026-W47`). Amounts are integer cents.
 */

/**
 * The ABA routing number checksum: 9 digits weighted 3, 7, 1 repeating; the sum is a multiple of 10.
 * (021000021: 3·0+7·2+1·1 + 3·0+7·0+1·0 + 3·0+7·2+1·1 = 30.)
 */
export function isAbaRoutingNumberValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(digits[i]) * weights[i % 3]!;
  return sum % 10 === 0 && digits !== '000000000';
}

/** A US bank account number: 4 to 17 digits (spaces and dashes as typed are dropped). */
export const ACCOUNT_NUMBER_PATTERN = /^\d{4,17}$/;

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** `PUT /api/payouts/account`: the form in the consoles and the request on the server. */
export const payoutAccountInputSchema = z.object({
  accountHolder: text().trim().min(2, 'Enter the name on the bank account').max(100, 'The name is too long (100 characters at most)'),
  routingNumber: z
    .string()
    .transform(digitsOnly)
    .refine((value) => /^\d{9}$/.test(value), 'Enter the 9-digit routing number')
    .refine((value) => isAbaRoutingNumberValid(value), 'This routing number is not valid'),
  accountNumber: z
    .string()
    .transform(digitsOnly)
    .refine((value) => ACCOUNT_NUMBER_PATTERN.test(value), 'Enter the account number (4 to 17 digits)'),
});
export type PayoutAccountInput = z.input<typeof payoutAccountInputSchema>;
export type PayoutAccountRequest = z.output<typeof payoutAccountInputSchema>;

/** The payout account as the API shows it: never the account number, only its last four digits. */
export const payoutAccountSchema = z.object({
  accountHolder: z.string(),
  lastFour: z.string(),
  provider: z.enum(['embedded', 'stripe']),
  updatedAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** `GET /api/payouts/account`: the account (null when none yet) and the balance that can be paid out. */
export const payoutOverviewSchema = z.object({
  account: payoutAccountSchema.nullable(),
  /** Released money in the payee's ledger account, cents (can be negative after a clawback). */
  available: z.number().int(),
});
export type PayoutOverview = z.infer<typeof payoutOverviewSchema>;

/** `POST /api/payouts`: the amount in cents; without it, the whole available balance. */
export const createPayoutSchema = z.object({
  amount: z
    .number({ error: 'The amount must be a number of cents' })
    .int('The amount must be whole cents')
    .min(1, 'The amount must be at least 1 cent')
    .max(100_000_000, 'The amount is too large')
    .optional(),
});
export type CreatePayoutRequest = z.infer<typeof createPayoutSchema>;

export const payoutStatuses = ['pending', 'sent', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const payoutSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.enum(payoutStatuses),
  /** 'manual': asked for in a console; 'weekly': the weekly payout job. */
  trigger: z.enum(['manual', 'weekly']),
  lastFour: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

// --- ISO weeks -----------------------------------------------------------------------------------

/** An ISO 8601 week, `2026-W47`. Weeks start on Monday 00:00 UTC. */
export const ISO_WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of ISO week 1 of `year` (the week holding January 4th). */
function firstIsoMonday(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return jan4 - weekday * DAY_MS;
}

/** The ISO week a moment falls in (UTC). */
export function isoWeekOf(date: Date): string {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const thursday = day + (3 - ((new Date(day).getUTCDay() + 6) % 7)) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - firstIsoMonday(year)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The first moment of a week and the first moment of the next, or undefined for a week that does not exist. */
export function isoWeekBounds(week: string): { start: Date; end: Date } | undefined {
  const match = ISO_WEEK_PATTERN.exec(week);
  if (!match) return undefined;
  const year = Number(match[1]);
  const number = Number(match[2]);
  if (number < 1 || year < 2000 || year > 9999) return undefined;
  const start = firstIsoMonday(year) + (number - 1) * 7 * DAY_MS;
  // Week 53 exists only in years whose last week holds a Thursday of that year.
  if (isoWeekOf(new Date(start)) !== week) return undefined;
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
}

/** `GET /api/payouts/statements/:week`. */
export const statementParamsSchema = z.object({
  week: z.string().refine((value) => isoWeekBounds(value) !== undefined, 'Give the week as YYYY-Www, e.g. 2026-W47'),
});

/** One ride whose money was released to the payee in the week. */
export const statementRideSchema = z.object({
  rideId: z.string(),
  completedAt: z.string().nullable(),
  releasedAt: z.string(),
  /** The payee's part of the fare (a driver: the subtotal; a licensee: the commission), cents. */
  earnings: z.number().int(),
  /** The tip released to the payee (drivers), cents. */
  tip: z.number().int(),
  /** The fees the rider paid on the ride (platform + admin), shown for information, cents. */
  fees: z.number().int(),
});

/**
 * A week of a payee's account: every ledger entry of the week is in exactly one of earnings, tips,
 * payouts (out), returned payouts (back in) and adjustments, so
 * `closing = opening + earnings + tips + adjustments − payouts + returned`.
 */
export const payoutStatementSchema = z.object({
  week: z.string(),
  start: z.string(),
  end: z.string(),
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  earnings: z.number().int(),
  tips: z.number().int(),
  /** Fees shown on the rides (paid by the riders, not deducted from the payee). */
  fees: z.number().int(),
  /** Everything else: bonus pool payouts, refunds clawed back after release. */
  adjustments: z.number().int(),
  paidOut: z.number().int(),
  returned: z.number().int(),
  rides: z.array(statementRideSchema),
  payouts: z.array(payoutSchema),
});
export type PayoutStatement = z.infer<typeof payoutStatementSchema>;

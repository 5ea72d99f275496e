import type { PageQuery } from '@coride/domain';
import { and, asc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cursorKey, pageLimit, pageOrder, pageWhere, type Keyset } from '../../lib/paging';
import { users } from '../accounts/tables';
import { charges, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../payments/tables';
import { rides } from '../rides/tables';
import { payoutAccounts, payouts, type PayoutAccountRow, type PayoutRow } from './tables';

/**
 * Every SQL statement of the payouts module but the ledger postings (payments/ledger.ts `post`).
 * Payouts owns `payout_accounts` and `payouts` (and the embedded provider's books, written in
 * provider.ts): only these functions write them. The "read model" section reads the ledger, charges,
 * rides and users (owned by payments, rides and accounts) and writes none of them.
 */

export type NewPayout = typeof payouts.$inferInsert;

// --- payout accounts -----------------------------------------------------------------------------

export async function findAccount(db: Executor, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/**
 * The payee's payout account, row-locked until the transaction ends: every payout of one payee takes
 * this lock first, so two payouts at once are decided one after the other on the balance the first
 * left (the second sees the first's debit).
 */
export async function lockAccount(tx: Executor, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).for('update');
  return row;
}

/** Adds or replaces the payee's account. */
export async function upsertAccount(db: Executor, values: typeof payoutAccounts.$inferInsert): Promise<PayoutAccountRow> {
  const [row] = await db
    .insert(payoutAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: payoutAccounts.userId,
      set: {
        provider: values.provider,
        providerToken: values.providerToken,
        accountHolder: values.accountHolder,
        lastFour: values.lastFour,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return row!;
}

// --- payouts -------------------------------------------------------------------------------------

export async function insertPayout(tx: Executor, values: NewPayout): Promise<PayoutRow> {
  const [row] = await tx.insert(payouts).values(values).returning();
  return row!;
}

export async function findPayout(db: Executor, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

export async function findByIdempotencyKey(db: Executor, payeeId: string, key: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.payeeId, payeeId), eq(payouts.idempotencyKey, key)));
  return row;
}

export async function findWeekly(db: Executor, payeeId: string, week: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.payeeId, payeeId), eq(payouts.week, week)));
  return row;
}

/** Pending -> sent, once: undefined when the payout was no longer pending. */
export async function markSent(tx: Executor, id: string, set: { providerRef: string; sentAt: Date }): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(payouts)
    .set({ status: 'sent', ...set })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
    .returning();
  return row;
}

/** Pending -> failed, once: undefined when the payout was no longer pending. */
export async function markFailed(tx: Executor, id: string, set: { failureReason: string; failedAt: Date }): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(payouts)
    .set({ status: 'failed', ...set })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
    .returning();
  return row;
}

/** Payouts still pending since before `olderThan` (their transfer's outcome is unknown), oldest first. */
export async function pendingPayouts(db: Executor, olderThan: Date, limit: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), lte(payouts.createdAt, olderThan)))
    .orderBy(asc(payouts.createdAt))
    .limit(limit);
}

const keyset: Keyset = { at: payouts.createdAt, id: payouts.id };

/** A page of the payee's payouts, newest first: `pageLimit` rows, `pageKey` their cursor (lib/paging.ts). */
export async function payoutPage(db: Executor, payeeId: string, page: PageQuery) {
  return db
    .select({ pageKey: cursorKey(keyset), row: payouts })
    .from(payouts)
    .where(and(eq(payouts.payeeId, payeeId), pageWhere(keyset, page)))
    .orderBy(...pageOrder(keyset))
    .limit(pageLimit(page));
}

/** The payee's payouts made in [start, end), oldest first. */
export async function payoutsBetween(db: Executor, payeeId: string, start: Date, end: Date): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.payeeId, payeeId), gte(payouts.createdAt, start), lt(payouts.createdAt, end)))
    .orderBy(asc(payouts.createdAt), asc(payouts.id));
}

// --- read model: the ledger, charges, rides and users (owned by payments, rides, accounts) -------

/**
 * Payees due a weekly payout: a payout account, a positive balance in their ledger account, and no
 * weekly payout in `week` yet. Drivers' and licensees' ledger accounts are `driver:<id>` and
 * `licensee:<id>` (payments/ledger.ts).
 */
export async function payeesDueWeekly(db: Executor, week: string, limit: number): Promise<{ userId: string; role: string; ledgerAccount: string }[]> {
  return db
    .select({ userId: payoutAccounts.userId, role: users.role, ledgerAccount: ledgerAccounts.id })
    .from(payoutAccounts)
    .innerJoin(users, eq(users.id, payoutAccounts.userId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, sql`${users.role}::text || ':' || ${users.id}::text`))
    .leftJoin(payouts, and(eq(payouts.payeeId, payoutAccounts.userId), eq(payouts.week, week)))
    .where(and(inArray(users.role, ['driver', 'licensee']), sql`${ledgerAccounts.balance} > 0`, isNull(payouts.id)))
    .orderBy(asc(payoutAccounts.userId))
    .limit(limit);
}

/** The sum of an account's entries posted before `at`: its balance at that moment. */
export async function balanceAt(db: Executor, accountId: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${ledgerEntries.amount})::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.accountId, accountId), lt(ledgerTransactions.postedAt, at)));
  return Number(row?.sum ?? 0);
}

export type StatementEntry = {
  amount: number;
  kind: (typeof ledgerTransactions.$inferSelect)['kind'];
  rideId: string | null;
  chargeKind: 'fare' | 'tip' | null;
  postedAt: Date;
};

/** An account's entries posted in [start, end), with their transaction's kind, ride and charge kind. */
export async function entriesBetween(db: Executor, accountId: string, start: Date, end: Date): Promise<StatementEntry[]> {
  return db
    .select({
      amount: ledgerEntries.amount,
      kind: ledgerTransactions.kind,
      rideId: ledgerTransactions.rideId,
      chargeKind: charges.kind,
      postedAt: ledgerTransactions.postedAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(charges, eq(charges.id, ledgerTransactions.chargeId))
    .where(and(eq(ledgerEntries.accountId, accountId), gte(ledgerTransactions.postedAt, start), lt(ledgerTransactions.postedAt, end)))
    .orderBy(asc(ledgerTransactions.postedAt), asc(ledgerEntries.id));
}

/** The fees the riders paid on these rides, and when each was completed. */
export async function rideFees(db: Executor, rideIds: string[]): Promise<Map<string, { fees: number; completedAt: Date | null }>> {
  if (rideIds.length === 0) return new Map();
  const rows = await db
    .select({ id: rides.id, platformFee: rides.platformFee, adminFee: rides.adminFee, completedAt: rides.completedAt })
    .from(rides)
    .where(inArray(rides.id, rideIds));
  return new Map(rows.map((r) => [r.id, { fees: r.platformFee + r.adminFee, completedAt: r.completedAt }]));
}

/** The payee's email (for the provider's account record). */
export async function readEmail(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

// --- personal data (privacy/personal-data.ts) ----------------------------------------------------

/** What payouts holds about a person for their export: the account (holder, last four) and their payouts; never a token. */
export async function exportPayouts(db: Executor, userId: string) {
  const account = await findAccount(db, userId);
  const rows = await db.select().from(payouts).where(eq(payouts.payeeId, userId)).orderBy(asc(payouts.createdAt));
  return {
    account: account
      ? { accountHolder: account.accountHolder, lastFour: account.lastFour, provider: account.provider, updatedAt: account.updatedAt.toISOString() }
      : null,
    payouts: rows.map((p) => ({
      id: p.id,
      amount: p.amount,
      status: p.status,
      trigger: p.trigger,
      lastFour: p.lastFour,
      failureReason: p.failureReason,
      createdAt: p.createdAt.toISOString(),
      sentAt: p.sentAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Erasure: the payout account (the holder's name) goes; the payouts stay, as the ledger points at
 * them, and hold no personal data beyond the account's last four digits. Idempotent.
 */
export async function erasePayouts(tx: Executor, userId: string): Promise<number> {
  const deleted = await tx.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId)).returning({ userId: payoutAccounts.userId });
  return deleted.length;
}

/** Whether a payout of this person is still on its way (its outcome unknown). */
export async function hasPendingPayout(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.payeeId, userId), eq(payouts.status, 'pending')))
    .limit(1);
  return Boolean(row);
}

import { payees, type Payee, type Split } from '@coride/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './tables';

/** Ledger account ids: one string per account, readable in SQL and in logs. */
export const accounts = {
  riderSource: (riderId: string) => `rider:${riderId}`,
  escrow: 'escrow',
  driver: (driverId: string) => `driver:${driverId}`,
  licensee: (licenseeId: string) => `licensee:${licenseeId}`,
  platformSoftware: 'platform_software',
  corporateAdmin: 'corporate_admin',
  globalCsr: 'global_csr',
  localCsr: (territoryId: string) => `local_csr:${territoryId}`,
} as const;

export type Posting = { accountId: string; amount: number };

export type RidePayees = { driverId: string; licenseeId: string; territoryId: string };

/** The account of a fee payee (every payee but the driver) of a territory. */
export function feeAccount(payee: Exclude<Payee, 'driver'>, territory: Omit<RidePayees, 'driverId'>): string {
  switch (payee) {
    case 'licensee':
      return accounts.licensee(territory.licenseeId);
    case 'localCsr':
      return accounts.localCsr(territory.territoryId);
    case 'platformSoftware':
      return accounts.platformSoftware;
    case 'corporateAdmin':
      return accounts.corporateAdmin;
    case 'globalCsr':
      return accounts.globalCsr;
  }
}

/** The account each payee's part of a ride goes to. */
export function payeeAccount(payee: Payee, ride: RidePayees): string {
  return payee === 'driver' ? accounts.driver(ride.driverId) : feeAccount(payee, ride);
}

/** Postings that credit each payee its part of `split` (or debit it, with sign -1). */
export function payeePostings(split: Split, ride: RidePayees, sign: 1 | -1 = 1): Posting[] {
  return payees.map((payee) => ({ accountId: payeeAccount(payee, ride), amount: sign * split[payee] }));
}

function accountKind(id: string): { kind: string; ownerId: string | null } {
  const [kind, owner] = id.split(':');
  return { kind: kind!, ownerId: owner ?? null };
}

export type PostInput = {
  /** Posting twice with one key posts once: the second call returns false. */
  key: string;
  kind: (typeof ledgerTransactions.$inferInsert)['kind'];
  at: Date;
  rideId?: string;
  chargeId?: string;
  disputeId?: string;
  memo?: string;
  postings: Posting[];
};

/**
 * Posts one balanced transaction (entries summing to zero) and moves the balances with it, inside
 * the caller's database transaction. Zero postings are dropped and postings to one account merged.
 * Returns false when a transaction with this key was already posted (nothing happens).
 */
export async function post(tx: Executor, input: PostInput): Promise<boolean> {
  const byAccount = new Map<string, number>();
  for (const { accountId, amount } of input.postings) {
    if (!Number.isInteger(amount)) throw new RangeError(`ledger amounts are integer cents (got ${amount})`);
    byAccount.set(accountId, (byAccount.get(accountId) ?? 0) + amount);
  }
  const entries = [...byAccount].filter(([, amount]) => amount !== 0).sort(([a], [b]) => a.localeCompare(b));
  if (entries.reduce((sum, [, amount]) => sum + amount, 0) !== 0) throw new RangeError(`ledger transaction ${input.key} does not balance`);

  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      idempotencyKey: input.key,
      kind: input.kind,
      postedAt: input.at,
      rideId: input.rideId,
      chargeId: input.chargeId,
      disputeId: input.disputeId,
      memo: input.memo,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!created) return false;
  if (entries.length === 0) return true;

  await tx
    .insert(ledgerAccounts)
    .values(entries.map(([id]) => ({ id, ...accountKind(id) })))
    .onConflictDoNothing();
  await tx.insert(ledgerEntries).values(entries.map(([accountId, amount]) => ({ transactionId: created.id, accountId, amount })));
  // Accounts in id order, so two postings touching the same accounts never deadlock.
  for (const [accountId, amount] of entries) {
    await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
      .where(eq(ledgerAccounts.id, accountId));
  }
  return true;
}

export async function balances(tx: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance }).from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
  return new Map(ids.map((id) => [id, rows.find((row) => row.id === id)?.balance ?? 0]));
}

export async function balance(tx: Executor, id: string): Promise<number> {
  return (await balances(tx, [id])).get(id) ?? 0;
}

import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database, Executor } from '../../src/db/client';

/** Rows of a raw query; PGlite and node-postgres both answer with `rows`. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The books balance: all entries sum to zero, and so does each transaction; every account's balance
 * is the sum of its entries; escrow holds exactly what captured, unreleased charges still hold; no
 * charge was captured or released twice. Returns the escrow balance.
 */
export async function ledgerInvariants(db: Database): Promise<number> {
  const [total] = await rows<{ sum: string | null }>(db, sql`select sum(amount)::text as sum from ledger_entries`);
  expect(Number(total?.sum ?? 0), 'all entries sum to zero').toBe(0);

  const unbalanced = await rows(db, sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`);
  expect(unbalanced, 'every transaction balances').toEqual([]);

  const drift = await rows(
    db,
    sql`select a.id, a.balance, coalesce(sum(e.amount), 0) as entries
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  expect(drift, 'every balance is the sum of its entries').toEqual([]);

  const [escrow] = await rows<{ balance: string | null }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as balance from ledger_entries where account_id = 'escrow'`,
  );
  // A fare's reward credit is paid into escrow by the platform next to the rider's charge (docs/community-economics.md §4).
  const [held] = await rows<{ held: string | null }>(
    db,
    sql`select coalesce(sum(c.amount - c.refunded + case when c.kind = 'fare' then r.credit_applied else 0 end), 0)::text as held
        from charges c join rides r on r.id = c.ride_id where c.status = 'captured' and c.released_at is null`,
  );
  expect(Number(escrow?.balance ?? 0), 'escrow holds exactly the unreleased charges').toBe(Number(held?.held ?? 0));

  const twice = await rows(
    db,
    sql`select charge_id, kind from ledger_transactions where charge_id is not null and kind in ('capture', 'release') group by charge_id, kind having count(*) > 1`,
  );
  expect(twice, 'nothing captured or released twice').toEqual([]);
  const refundedTwice = await rows(db, sql`select dispute_id from ledger_transactions where dispute_id is not null group by dispute_id having count(*) > 1`);
  expect(refundedTwice, 'no dispute refunded twice').toEqual([]);

  const capturedWithoutPosting = await rows(
    db,
    sql`select c.id from charges c where c.status = 'captured' and not exists (select 1 from ledger_transactions t where t.charge_id = c.id and t.kind = 'capture')`,
  );
  expect(capturedWithoutPosting, 'every captured charge was posted').toEqual([]);
  const releasedWithoutPosting = await rows(
    db,
    sql`select c.id from charges c where c.released_at is not null and c.amount > c.refunded and not exists (select 1 from ledger_transactions t where t.charge_id = c.id and t.kind = 'release')`,
  );
  expect(releasedWithoutPosting, 'every released charge was posted').toEqual([]);
  return Number(escrow?.balance ?? 0);
}

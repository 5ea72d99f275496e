import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns';
import { users } from '../accounts/tables';

// Tables owned by payouts: only this module writes them (docs/architecture.md, Data; ADR 024).

/**
 * Where a driver's or licensee's payouts go: never the account number, only the provider's token for
 * it, the holder's name (personal data) and its last four digits. One account per payee; a new one
 * replaces it.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['embedded', 'stripe'] }).notNull(),
  providerToken: text('provider_token').notNull(),
  accountHolder: text('account_holder').notNull(),
  lastFour: text('last_four').notNull(),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * One row per payout: the money left the payee's ledger account in the transaction that inserted it
 * (`payout:<id>`), and either reached the bank (`sent`, `payout_paid:<id>`) or came back (`failed`,
 * `payout_return:<id>`). `pending` while the transfer's outcome is unknown (the job asks again with
 * the same idempotency key).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The ledger account the money left: `driver:<id>` or `licensee:<id>`. */
    ledgerAccount: text('ledger_account').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull(),
    trigger: text('trigger', { enum: ['manual', 'weekly'] }).notNull(),
    /** The ISO week of a weekly payout (one per payee and week). */
    week: text('week'),
    /** The caller's Idempotency-Key of a payout asked for in a console. */
    idempotencyKey: text('idempotency_key'),
    provider: text('provider', { enum: ['embedded', 'stripe'] }).notNull(),
    /** The destination as the provider knows it, fixed when the payout was made. */
    providerToken: text('provider_token').notNull(),
    lastFour: text('last_four').notNull(),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
    failedAt: at('failed_at'),
  },
  (t) => [
    // A payee's payouts, newest first (keyset paging, ADR 017).
    index('payouts_payee_page_idx').on(t.payeeId, t.createdAt, t.id),
    index('payouts_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('payouts_weekly_once').on(t.payeeId, t.week),
    uniqueIndex('payouts_idempotency').on(t.payeeId, t.idempotencyKey),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** The embedded payout provider's own books: bank accounts by token (what a real provider would hold). */
export const embeddedPayoutDestinations = pgTable('embedded_payout_destinations', {
  token: text('token').primaryKey(),
  lastFour: text('last_four').notNull(),
  /** The test account numbers whose transfers the bank refuses (the reason), as Stripe's test accounts do. */
  failure: text('failure'),
  createdAt: createdAt(),
});

/** Every transfer the embedded provider answered, keyed so a retried transfer returns the first answer. */
export const embeddedTransfers = pgTable('embedded_transfers', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  destinationToken: text('destination_token')
    .notNull()
    .references(() => embeddedPayoutDestinations.token, { onDelete: 'restrict' }),
  amount: integer('amount').notNull(),
  transferId: text('transfer_id'),
  failure: text('failure'),
  createdAt: createdAt(),
});

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

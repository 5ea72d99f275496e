import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DisputeMediationRecord, Split } from '@coride/domain';
import { at, createdAt } from '../../db/columns';
import { users } from '../accounts/tables';
import { rides } from '../rides/tables';
import { territories } from '../territories/tables';

// Tables owned by payments (methods, charges, escrow, disputes), the ledger and the embedded provider's books.
// disputes.mediation is written by the assistant module (a documented shared column).

/** A card as the provider knows it: never the number, only its token and what a rider needs to recognise it. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['embedded', 'stripe'] }).notNull(),
    providerToken: text('provider_token').notNull(),
    brand: text('brand').notNull(),
    lastFour: text('last_four').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    /** Removed methods stay for the receipts that name them. */
    removedAt: at('removed_at'),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_methods_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.removedAt} is null`),
  ],
);

/**
 * One charge per ride and kind: the fare (authorised at booking, captured into escrow at completion)
 * and the tip (captured at once). The escrow state of each charge lives here; the money itself moves
 * only in the ledger.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'restrict' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['fare', 'tip'] }).notNull(),
    paymentMethodId: uuid('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['embedded', 'stripe'] }).notNull(),
    providerRef: text('provider_ref'),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['authorized', 'captured', 'voided', 'failed'] }).notNull(),
    failure: text('failure'),
    /** Who gets what, fixed at capture; refundedSplit grows with each refund. */
    split: jsonb('split').$type<Split>(),
    refunded: integer('refunded').notNull().default(0),
    refundedSplit: jsonb('refunded_split').$type<Split>(),
    createdAt: at('created_at').notNull(),
    capturedAt: at('captured_at'),
    releaseAfter: at('release_after'),
    releasedAt: at('released_at'),
  },
  (t) => [
    uniqueIndex('charges_ride_kind').on(t.rideId, t.kind),
    index('charges_release_due_idx')
      .on(t.releaseAfter)
      .where(sql`${t.status} = 'captured' and ${t.releasedAt} is null`),
    index('charges_rider_idx').on(t.riderId, t.createdAt),
    check('charges_amount_check', sql`${t.amount} >= 0 and ${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
  ],
);

export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One dispute per ride. */
    rideId: uuid('ride_id')
      .notNull()
      .unique()
      .references(() => rides.id, { onDelete: 'restrict' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    territoryId: uuid('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolution: text('resolution', { enum: ['refund_full', 'refund_partial', 'release'] }),
    refundAmount: integer('refund_amount').notNull().default(0),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: at('opened_at').notNull(),
    resolvedAt: at('resolved_at'),
    /** The assistant's proposal shown to the licensee, its rules version, and the decision taken (assistant module). */
    mediation: jsonb('mediation').$type<DisputeMediationRecord>(),
  },
  (t) => [
    index('disputes_territory_idx').on(t.territoryId, t.status),
    // The disputes list, newest first: all, a rider's, or some territories' (lib/paging.ts).
    index('disputes_opened_idx').on(t.openedAt, t.id),
    index('disputes_rider_idx').on(t.riderId, t.openedAt, t.id),
    index('disputes_territory_opened_idx').on(t.territoryId, t.openedAt, t.id),
  ],
);

/**
 * Ledger accounts: `rider:<id>` (the rider's payment source), `escrow`, `driver:<id>`,
 * `licensee:<id>`, `platform_software`, `corporate_admin`, `global_csr`, `local_csr:<territoryId>`.
 * The balance is kept in the same transaction as the entries that change it.
 */
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  ownerId: uuid('owner_id'),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Append-only: triggers refuse UPDATE and DELETE; the idempotency key makes every posting happen once. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind', {
      enum: ['capture', 'release', 'refund', 'clawback', 'bonus_funding', 'bonus_payout', 'payout', 'payout_paid', 'payout_return'],
    }).notNull(),
    rideId: uuid('ride_id').references(() => rides.id, { onDelete: 'restrict' }),
    chargeId: uuid('charge_id').references(() => charges.id, { onDelete: 'restrict' }),
    disputeId: uuid('dispute_id').references(() => disputes.id, { onDelete: 'restrict' }),
    memo: text('memo'),
    postedAt: at('posted_at').notNull(),
  },
  (t) => [index('ledger_transactions_ride_idx').on(t.rideId), index('ledger_transactions_posted_idx').on(t.postedAt)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed cents: positive credits the account (money it holds or is owed), negative debits it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** The embedded payment processor's own books (what a real provider would hold on its side). */
export const embeddedCards = pgTable('embedded_cards', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  lastFour: text('last_four').notNull(),
  /** Cards ending the way the provider's decline test cards do are refused at authorisation. */
  declines: boolean('declines').notNull().default(false),
  createdAt: createdAt(),
});

export const embeddedPayments = pgTable('embedded_payments', {
  id: text('id').primaryKey(),
  cardToken: text('card_token')
    .notNull()
    .references(() => embeddedCards.token, { onDelete: 'restrict' }),
  status: text('status', { enum: ['authorized', 'captured', 'canceled'] }).notNull(),
  authorized: integer('authorized').notNull(),
  captured: integer('captured').notNull().default(0),
  refunded: integer('refunded').notNull().default(0),
  createdAt: createdAt(),
});

/** Every call the embedded provider answered, keyed so a retried call returns the first answer. */
export const embeddedOperations = pgTable('embedded_operations', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  operation: text('operation', { enum: ['authorize', 'capture', 'cancel', 'refund', 'charge'] }).notNull(),
  paymentId: text('payment_id'),
  amount: integer('amount'),
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});

import type { DisputeMediationRecord, PageQuery, Split } from '@coride/domain';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, lt, lte, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cursorKey, pageLimit, pageOrder, pageWhere, type Keyset } from '../../lib/paging';
import { users } from '../accounts/tables';
import { rides } from '../rides/tables';
import { territories } from '../territories/tables';
import { charges, disputes, ledgerAccounts, ledgerEntries, ledgerTransactions, paymentMethods } from './tables';
import type { RidePayees } from './ledger';

/**
 * Every SQL statement of the payments module (except the ledger's postings in ledger.ts and the
 * money read models in views.ts). Payments owns `payment_methods`, `charges` and `disputes`: only
 * these functions write them. Each takes an `Executor`, so a caller's transaction spans them.
 * The "read model" section at the end reads tables other modules own (rides, territories, users);
 * it never writes them (a tip is written on the ride by rides/repository.ts `setTip`).
 */

export type ChargeRow = typeof charges.$inferSelect;
export type NewCharge = typeof charges.$inferInsert;
export type MethodRow = typeof paymentMethods.$inferSelect;
export type NewMethod = typeof paymentMethods.$inferInsert;
export type DisputeRow = typeof disputes.$inferSelect;
export type NewDispute = typeof disputes.$inferInsert;
export type RideRow = typeof rides.$inferSelect;

// --- payment methods -----------------------------------------------------------------------------

/** A user's cards that are not removed, newest first. */
export async function methodsOf(db: Executor, userId: string): Promise<MethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

/** One of a user's cards that is not removed. */
export async function findOwnMethod(db: Executor, userId: string, id: string): Promise<MethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)));
  return row;
}

/** A card by id, removed or not (a charge keeps the card it was made on). */
export async function findMethod(db: Executor, id: string): Promise<MethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

export async function clearDefaultMethod(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
}

export async function setDefaultMethod(tx: Executor, userId: string, id: string): Promise<void> {
  await clearDefaultMethod(tx, userId);
  await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id));
}

export async function insertMethod(tx: Executor, values: NewMethod): Promise<MethodRow> {
  const [row] = await tx.insert(paymentMethods).values(values).returning();
  return row!;
}

export async function setMethodExpiry(tx: Executor, id: string, expiry: { month: number; year: number }): Promise<void> {
  await tx.update(paymentMethods).set({ expMonth: expiry.month, expYear: expiry.year }).where(eq(paymentMethods.id, id));
}

export async function markMethodRemoved(tx: Executor, id: string, at: Date): Promise<void> {
  await tx.update(paymentMethods).set({ removedAt: at, isDefault: false }).where(eq(paymentMethods.id, id));
}

/** The newest card of a user other than `exceptId` (the next default when the default is removed). */
export async function newestOtherMethod(tx: Executor, userId: string, exceptId: string): Promise<MethodRow | undefined> {
  const [next] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt), ne(paymentMethods.id, exceptId)))
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  return next;
}

// --- charges (the escrow sub-ledger) -------------------------------------------------------------

export async function chargeOf(db: Executor, rideId: string, kind: 'fare' | 'tip'): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.rideId, rideId), eq(charges.kind, kind)));
  return row;
}

export async function chargesOfRides(db: Executor, rideIds: string[]): Promise<ChargeRow[]> {
  return rideIds.length ? db.select().from(charges).where(inArray(charges.rideId, rideIds)) : [];
}

export async function fareChargesOfRides(db: Executor, rideIds: string[]): Promise<ChargeRow[]> {
  return rideIds.length
    ? db
        .select()
        .from(charges)
        .where(and(inArray(charges.rideId, rideIds), eq(charges.kind, 'fare')))
    : [];
}

/** A charge, row-locked until the transaction ends. */
export async function lockCharge(tx: Executor, id: string): Promise<ChargeRow | undefined> {
  const [charge] = await tx.select().from(charges).where(eq(charges.id, id)).for('update');
  return charge;
}

/** Locks every charge of a ride: waits for a release of this ride in progress. */
export async function lockChargesOfRide(tx: Executor, rideId: string): Promise<void> {
  await tx.select({ id: charges.id }).from(charges).where(eq(charges.rideId, rideId)).for('update');
}

export async function insertCharge(tx: Executor, values: NewCharge): Promise<void> {
  await tx.insert(charges).values(values);
}

/** Inserts a charge unless the ride already has one of that kind (undefined then). */
export async function insertChargeOnce(tx: Executor, values: NewCharge): Promise<ChargeRow | undefined> {
  const [row] = await tx.insert(charges).values(values).onConflictDoNothing().returning();
  return row;
}

export async function setChargeProviderRef(tx: Executor, id: string, providerRef: string): Promise<ChargeRow> {
  const [updated] = await tx.update(charges).set({ providerRef }).where(eq(charges.id, id)).returning();
  return updated!;
}

/** Marks a still-authorized charge failed (a declined card). */
export async function failAuthorizedCharge(tx: Executor, id: string, failure: string): Promise<void> {
  await tx
    .update(charges)
    .set({ status: 'failed', failure })
    .where(and(eq(charges.id, id), eq(charges.status, 'authorized')));
}

export async function voidAuthorizedCharge(tx: Executor, id: string): Promise<void> {
  await tx
    .update(charges)
    .set({ status: 'voided' })
    .where(and(eq(charges.id, id), eq(charges.status, 'authorized')));
}

/** Drops a still-authorized charge (a declined tip, so the rider may try again). */
export async function deleteAuthorizedCharge(tx: Executor, id: string): Promise<void> {
  await tx.delete(charges).where(and(eq(charges.id, id), eq(charges.status, 'authorized')));
}

/** Authorized -> captured, once: undefined when another call got there first. */
export async function markChargeCaptured(
  tx: Executor,
  id: string,
  set: { amount?: number; providerRef?: string; split: Split; capturedAt: Date; releaseAfter: Date },
): Promise<ChargeRow | undefined> {
  const [captured] = await tx
    .update(charges)
    .set({ status: 'captured', ...set })
    .where(and(eq(charges.id, id), eq(charges.status, 'authorized')))
    .returning();
  return captured;
}

/**
 * Claims captured charges whose hold is over and whose ride has no open dispute, oldest due first,
 * with FOR UPDATE SKIP LOCKED (each is claimed by one caller only).
 */
export async function claimDueCharges(tx: Executor, at: Date, limit: number): Promise<ChargeRow[]> {
  return tx
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.status, 'captured'),
        isNull(charges.releasedAt),
        lte(charges.releaseAfter, at),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(disputes)
            .where(and(eq(disputes.rideId, charges.rideId), eq(disputes.status, 'open'))),
        ),
      ),
    )
    .orderBy(asc(charges.releaseAfter))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markChargeReleased(tx: Executor, id: string, at: Date): Promise<void> {
  await tx.update(charges).set({ releasedAt: at }).where(eq(charges.id, id));
}

export async function setChargeRefunded(tx: Executor, id: string, refunded: number, refundedSplit: Split): Promise<void> {
  await tx.update(charges).set({ refunded, refundedSplit }).where(eq(charges.id, id));
}

export async function hasReleasedCharges(db: Executor, rideId: string): Promise<boolean> {
  const rows = await db
    .select({ id: charges.id })
    .from(charges)
    .where(and(eq(charges.rideId, rideId), isNotNull(charges.releasedAt)));
  return rows.length > 0;
}

/** Authorized charges of completed or cancelled rides (a capture or void a failure left undone), with the ride's status. */
export async function stuckCharges(db: Executor, limit: number): Promise<{ charge: ChargeRow; rideStatus: RideRow['status'] }[]> {
  return db
    .select({ charge: charges, rideStatus: rides.status })
    .from(charges)
    .innerJoin(rides, eq(rides.id, charges.rideId))
    .where(and(eq(charges.status, 'authorized'), inArray(rides.status, ['completed', 'cancelled'])))
    .limit(limit);
}

// --- disputes ------------------------------------------------------------------------------------

export async function findDispute(db: Executor, id: string): Promise<DisputeRow | undefined> {
  const [dispute] = await db.select().from(disputes).where(eq(disputes.id, id));
  return dispute;
}

export async function insertDispute(tx: Executor, values: NewDispute): Promise<DisputeRow> {
  const [row] = await tx.insert(disputes).values(values).returning();
  return row!;
}

/** Open -> resolved, once: undefined when the dispute was no longer open. */
export async function resolveOpenDispute(
  tx: Executor,
  id: string,
  set: Pick<NewDispute, 'resolution' | 'refundAmount' | 'resolutionNote' | 'resolvedBy' | 'resolvedAt' | 'mediation'>,
): Promise<DisputeRow | undefined> {
  const [resolved] = await tx
    .update(disputes)
    .set({ status: 'resolved', ...set })
    .where(and(eq(disputes.id, id), eq(disputes.status, 'open')))
    .returning();
  return resolved;
}

/** Keeps the mediation proposal shown on a dispute, while it is open (assistant/mediation.ts). */
export async function setOpenDisputeMediation(tx: Executor, id: string, record: DisputeMediationRecord): Promise<void> {
  await tx
    .update(disputes)
    .set({ mediation: record })
    .where(and(eq(disputes.id, id), eq(disputes.status, 'open')));
}

/** The rider's disputes opened before this one. */
export async function priorDisputesOf(
  db: Executor,
  dispute: Pick<DisputeRow, 'id' | 'riderId' | 'openedAt'>,
): Promise<Pick<DisputeRow, 'status' | 'resolution'>[]> {
  return db
    .select({ status: disputes.status, resolution: disputes.resolution })
    .from(disputes)
    .where(and(eq(disputes.riderId, dispute.riderId), ne(disputes.id, dispute.id), lt(disputes.openedAt, dispute.openedAt)));
}

export async function openDisputeRideIds(tx: Executor, rideIds: string[]): Promise<Set<string>> {
  if (rideIds.length === 0) return new Set();
  const rows = await tx
    .select({ rideId: disputes.rideId })
    .from(disputes)
    .where(and(inArray(disputes.rideId, rideIds), eq(disputes.status, 'open')));
  return new Set(rows.map((r) => r.rideId));
}

/** Resolved disputes with a refund that has no ledger transaction yet (a failure left it undone). */
export async function unrefundedDisputes(db: Executor, limit: number): Promise<DisputeRow[]> {
  return db
    .select()
    .from(disputes)
    .where(
      and(
        eq(disputes.status, 'resolved'),
        sql`${disputes.refundAmount} > 0`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(ledgerTransactions)
            .where(eq(ledgerTransactions.disputeId, disputes.id)),
        ),
      ),
    )
    .limit(limit);
}

/** Whether a ledger transaction with this idempotency key was posted. */
export async function isPosted(db: Executor, key: string): Promise<boolean> {
  const [done] = await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key));
  return Boolean(done);
}

export type DisputeFilter = { all: true } | { id: string } | { rideId: string } | { riderId: string } | { territoryIds: string[] };

function disputeWhere(filter: DisputeFilter): SQL | undefined {
  if ('id' in filter) return eq(disputes.id, filter.id);
  if ('rideId' in filter) return eq(disputes.rideId, filter.rideId);
  if ('riderId' in filter) return eq(disputes.riderId, filter.riderId);
  if ('territoryIds' in filter) return inArray(disputes.territoryId, filter.territoryIds);
  return undefined;
}

const disputeKeyset: Keyset = { at: disputes.openedAt, id: disputes.id };

/**
 * Disputes with their ride and the rider's name, newest first (read model: joins rides and users);
 * with `page`, one page of them (`pageLimit` rows, `pageKey` their cursor: lib/paging.ts).
 */
export async function disputesWithRides(db: Executor, filter: DisputeFilter, page?: PageQuery) {
  const query = db
    .select({ pageKey: cursorKey(disputeKeyset), dispute: disputes, ride: rides, riderFirst: users.firstName, riderLast: users.lastName })
    .from(disputes)
    .innerJoin(rides, eq(rides.id, disputes.rideId))
    .innerJoin(users, eq(users.id, disputes.riderId))
    .where(and(disputeWhere(filter), page ? pageWhere(disputeKeyset, page) : undefined))
    .orderBy(...pageOrder(disputeKeyset));
  return page ? query.limit(pageLimit(page)) : query;
}
export type DisputeDetails = Awaited<ReturnType<typeof disputesWithRides>>[number];

// --- read model: other modules' tables, read only ------------------------------------------------

/** A ride as payments reads it (rides owns the table). */
export async function readRide(db: Executor, rideId: string): Promise<RideRow | undefined> {
  const [ride] = await db.select().from(rides).where(eq(rides.id, rideId));
  return ride;
}

/** Who is paid for each ride: its driver, territory and the territory's licensee (rides with a driver only). */
export async function readRidePayees(tx: Executor, rideIds: string[]): Promise<Map<string, RidePayees>> {
  if (rideIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: rides.id, driverId: rides.driverId, territoryId: rides.territoryId, licenseeId: territories.licenseeId })
    .from(rides)
    .innerJoin(territories, eq(territories.id, rides.territoryId))
    .where(inArray(rides.id, rideIds));
  const result = new Map<string, RidePayees>();
  for (const row of rows) {
    if (row.driverId) result.set(row.id, { driverId: row.driverId, territoryId: row.territoryId, licenseeId: row.licenseeId });
  }
  return result;
}

/** The licensee of a territory (territories owns the table). */
export async function readTerritoryLicensee(db: Executor, territoryId: string): Promise<string | undefined> {
  const [row] = await db.select({ licenseeId: territories.licenseeId }).from(territories).where(eq(territories.id, territoryId));
  return row?.licenseeId;
}

/** Names of users (accounts owns the table). */
export async function readUserNames(db: Executor, ids: string[]): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return ids.length ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids)) : [];
}

/* The personal data of payments (modules/privacy, ADR 025). */

/**
 * The person's cards (brand and last four only: never the provider's token), their charges, disputes,
 * and the ledger entries of their own accounts (`rider:`, `driver:`, `licensee:` with their id).
 */
export async function exportPayments(db: Executor, userId: string) {
  const methods = await db
    .select({
      id: paymentMethods.id,
      brand: paymentMethods.brand,
      lastFour: paymentMethods.lastFour,
      expMonth: paymentMethods.expMonth,
      expYear: paymentMethods.expYear,
      isDefault: paymentMethods.isDefault,
      createdAt: paymentMethods.createdAt,
      removedAt: paymentMethods.removedAt,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(paymentMethods.createdAt);
  const { riderId: _rider, providerRef: _ref, ...chargeColumns } = getTableColumns(charges);
  const chargeRows = await db.select(chargeColumns).from(charges).where(eq(charges.riderId, userId)).orderBy(charges.createdAt);
  const disputeRows = await db
    .select({
      id: disputes.id,
      rideId: disputes.rideId,
      reason: disputes.reason,
      description: disputes.description,
      status: disputes.status,
      resolution: disputes.resolution,
      refundAmount: disputes.refundAmount,
      resolutionNote: disputes.resolutionNote,
      openedAt: disputes.openedAt,
      resolvedAt: disputes.resolvedAt,
    })
    .from(disputes)
    .where(eq(disputes.riderId, userId))
    .orderBy(disputes.openedAt);
  const entries = await db
    .select({
      account: ledgerEntries.accountId,
      amount: ledgerEntries.amount,
      kind: ledgerTransactions.kind,
      rideId: ledgerTransactions.rideId,
      memo: ledgerTransactions.memo,
      postedAt: ledgerTransactions.postedAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerAccounts.ownerId, userId))
    .orderBy(ledgerTransactions.postedAt, ledgerEntries.id);
  const balances = await db
    .select({ account: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerId, userId));
  return { paymentMethods: methods, charges: chargeRows, disputes: disputeRows, ledger: { balances, entries } };
}

/**
 * Cards stay (charges point at them) but lose the provider's token and what identifies the card;
 * the rider's dispute texts are blanked. Charges and the ledger hold amounts and ids only: they stay
 * as they are (the ledger is append-only and must keep balancing).
 */
export async function erasePayments(db: Executor, userId: string): Promise<number> {
  const cards = await db
    .update(paymentMethods)
    .set({
      providerToken: 'erased',
      brand: 'erased',
      lastFour: '',
      expMonth: 0,
      expYear: 0,
      isDefault: false,
      removedAt: sql`coalesce(${paymentMethods.removedAt}, now())`,
    })
    .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.providerToken, 'erased')))
    .returning({ id: paymentMethods.id });
  const texts = await db
    .update(disputes)
    .set({ description: '' })
    .where(and(eq(disputes.riderId, userId), ne(disputes.description, '')))
    .returning({ id: disputes.id });
  return cards.length + texts.length;
}

/** A dispute of the rider still open (deletion waits for its outcome). */
export async function openDisputeOf(db: Executor, riderId: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.riderId, riderId), eq(disputes.status, 'open')))
    .limit(1);
  return row;
}

import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DriverDocumentKind } from '@coride/domain';
import type { Executor } from '../../db/client';
import { driverDocuments, type DriverDocumentRow } from './tables';

export type NewDocument = Omit<DriverDocumentRow, 'id' | 'remindedAt' | 'expiryHandledAt'>;

export async function insertDocument(db: Executor, row: NewDocument): Promise<DriverDocumentRow> {
  const [inserted] = await db.insert(driverDocuments).values(row).returning();
  return inserted!;
}

/** Every upload of a driver, newest first. */
export async function documentsOf(db: Executor, driverId: string): Promise<DriverDocumentRow[]> {
  return db.select().from(driverDocuments).where(eq(driverDocuments.driverId, driverId)).orderBy(desc(driverDocuments.uploadedAt), desc(driverDocuments.id));
}

export async function findDocument(db: Executor, id: string): Promise<DriverDocumentRow | undefined> {
  const [row] = await db.select().from(driverDocuments).where(eq(driverDocuments.id, id)).limit(1);
  return row;
}

/** The newest upload of each of these kinds for a driver. */
export async function newestOfKinds(db: Executor, driverId: string, kinds: readonly DriverDocumentKind[]): Promise<DriverDocumentRow[]> {
  return db
    .selectDistinctOn([driverDocuments.kind])
    .from(driverDocuments)
    .where(and(eq(driverDocuments.driverId, driverId), inArray(driverDocuments.kind, [...kinds])))
    .orderBy(driverDocuments.kind, desc(driverDocuments.uploadedAt), desc(driverDocuments.id));
}

/**
 * Licences and insurances that are the newest of their kind for their driver (an older one replaced by
 * a newer upload is no one's concern), with `filter` on top.
 */
function newestExpiringWhere(filter: ReturnType<typeof and>) {
  return and(
    inArray(driverDocuments.kind, ['licence', 'insurance']),
    isNotNull(driverDocuments.expiresOn),
    filter,
    sql`not exists (select 1 from ${driverDocuments} newer where newer.driver_id = ${driverDocuments.driverId} and newer.kind = ${driverDocuments.kind} and (newer.uploaded_at, newer.id) > (${driverDocuments.uploadedAt}, ${driverDocuments.id}))`,
  );
}

/** Newest licences and insurances expiring on or before `lastDay` (and not yet expired by `today`) whose reminder has not gone out. */
export async function dueReminders(db: Executor, today: string, lastDay: string, limit: number): Promise<DriverDocumentRow[]> {
  return db
    .select()
    .from(driverDocuments)
    .where(newestExpiringWhere(and(isNull(driverDocuments.remindedAt), lte(driverDocuments.expiresOn, lastDay), sql`${driverDocuments.expiresOn} >= ${today}`)))
    .limit(limit);
}

/** Newest licences and insurances whose expiry day is before `today` and whose expiry was not handled yet. */
export async function dueExpiries(db: Executor, today: string, limit: number): Promise<DriverDocumentRow[]> {
  return db
    .select()
    .from(driverDocuments)
    .where(newestExpiringWhere(and(isNull(driverDocuments.expiryHandledAt), lt(driverDocuments.expiresOn, today))))
    .limit(limit);
}

/** Marks the reminder sent, unless another round did it first; whether this call did. */
export async function markReminded(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(driverDocuments)
    .set({ remindedAt: at })
    .where(and(eq(driverDocuments.id, id), isNull(driverDocuments.remindedAt)))
    .returning({ id: driverDocuments.id });
  return rows.length === 1;
}

/** Marks the expiry handled, unless another round did it first; whether this call did. */
export async function markExpiryHandled(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(driverDocuments)
    .set({ expiryHandledAt: at })
    .where(and(eq(driverDocuments.id, id), isNull(driverDocuments.expiryHandledAt)))
    .returning({ id: driverDocuments.id });
  return rows.length === 1;
}

/** The person's export (contract §8): what was uploaded and when, never where the file is kept. */
export async function exportDocuments(db: Executor, driverId: string) {
  const rows = await documentsOf(db, driverId);
  return rows.map(({ kind, mediaType, sizeBytes, expiresOn, uploadedAt }) => ({ kind, mediaType, sizeBytes, expiresOn, uploadedAt }));
}

/** Erasure (ADR 025): the driver's rows go; answers the storage keys of their files, which the caller deletes. */
export async function eraseDocuments(tx: Executor, driverId: string): Promise<string[]> {
  const removed = await tx.delete(driverDocuments).where(eq(driverDocuments.driverId, driverId)).returning({ storageKey: driverDocuments.storageKey });
  return removed.map((row) => row.storageKey);
}

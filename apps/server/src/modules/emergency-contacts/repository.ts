import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emergencyContacts, type EmergencyContactRow } from './tables';

type ContactFields = Pick<typeof emergencyContacts.$inferInsert, 'name' | 'phone' | 'email'>;

/** The user's contacts, oldest first (the order they were added). */
export async function contactsOf(db: Executor, userId: string): Promise<EmergencyContactRow[]> {
  return db.select().from(emergencyContacts).where(eq(emergencyContacts.userId, userId)).orderBy(asc(emergencyContacts.createdAt), asc(emergencyContacts.id));
}

/**
 * Adds a contact unless the user already has `limit`; undefined when full. The count and the insert are
 * serialised per user (a transaction-level advisory lock), so two requests at once cannot make a sixth.
 */
export async function insertContactWithin(
  tx: Executor,
  userId: string,
  fields: ContactFields,
  limit: number,
  at: Date,
): Promise<EmergencyContactRow | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`emergency_contacts:${userId}`}))`);
  const [held] = await tx.select({ count: count() }).from(emergencyContacts).where(eq(emergencyContacts.userId, userId));
  if ((held?.count ?? 0) >= limit) return undefined;
  const [row] = await tx
    .insert(emergencyContacts)
    .values({ userId, ...fields, createdAt: at })
    .returning();
  return row;
}

/** False when the contact does not exist or is someone else's. */
export async function deleteContactOf(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(emergencyContacts)
    .where(and(eq(emergencyContacts.id, id), eq(emergencyContacts.userId, userId)))
    .returning({ id: emergencyContacts.id });
  return rows.length > 0;
}

/** The account export (privacy, ADR 025): the contacts as the user gave them. */
export async function exportContacts(db: Executor, userId: string) {
  return db
    .select({ name: emergencyContacts.name, phone: emergencyContacts.phone, email: emergencyContacts.email, createdAt: emergencyContacts.createdAt })
    .from(emergencyContacts)
    .where(eq(emergencyContacts.userId, userId))
    .orderBy(asc(emergencyContacts.createdAt), asc(emergencyContacts.id));
}

/** Erasure of an account (privacy, ADR 025): every contact of the user goes (their names and phones are the user's data). How many rows. */
export async function eraseContacts(tx: Executor, userId: string): Promise<number> {
  const rows = await tx.delete(emergencyContacts).where(eq(emergencyContacts.userId, userId)).returning({ id: emergencyContacts.id });
  return rows.length;
}

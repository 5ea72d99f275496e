import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from './tables';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts unless the email is taken; returns undefined then (no exception, no race). */
export async function insertUser(db: Executor, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function insertSession(db: Executor, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt });
}

export async function findActiveSession(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Revokes every session of the user still active; answers their ids. */
export async function revokeSessionsOfUser(db: Executor, userId: string, now: Date): Promise<string[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}

/**
 * Sets a user's referral code when they have none (null when another call set one first).
 */
export async function setReferralCodeIfUnset(db: Executor, userId: string, code: string): Promise<string | null> {
  const [set] = await db
    .update(users)
    .set({ referralCode: code })
    .where(and(eq(users.id, userId), isNull(users.referralCode)))
    .returning({ code: users.referralCode });
  return set?.code ?? null;
}

/* Retention (modules/retention) deletes through this: a bounded batch, oldest first, answering how many rows went. */
/** Sign-in tokens that expired, or were revoked, before `cutoff`. */
export async function deleteEndedSessions(db: Executor, cutoff: Date, limit: number): Promise<number> {
  const due = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)))
    .limit(limit);
  const deleted = await db.delete(sessions).where(inArray(sessions.id, due)).returning({ id: sessions.id });
  return deleted.length;
}

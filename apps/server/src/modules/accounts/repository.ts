import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountTokens, sessions, users } from './tables';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];
export type AccountTokenRow = typeof accountTokens.$inferSelect;

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
    // A deleted account's sessions are revoked with it; the join refuses them even so (ADR 025).
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), isNull(users.deletedAt)))
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

/** Changes the given profile fields; answers the row as it is now (undefined when the user is gone). */
export async function updateUser(
  db: Executor,
  userId: string,
  changes: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'phone' | 'homeAddress' | 'language' | 'passwordHash' | 'emailVerifiedAt'>>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}

/** Marks the email confirmed, unless it was already (the first confirmation's time is kept). */
export async function markEmailVerified(db: Executor, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: at })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** Revokes every active session of the user but one (the caller's, after a password change); answers their ids. */
export async function revokeOtherSessionsOfUser(db: Executor, userId: string, keepSessionId: string, now: Date): Promise<string[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}

export async function insertAccountToken(
  db: Executor,
  token: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<string> {
  const [row] = await db.insert(accountTokens).values(token).returning({ id: accountTokens.id });
  return row!.id;
}

/**
 * Takes a one-time token for its purpose: marks it used and answers it, in one statement, so two
 * concurrent uses cannot both succeed. Answers undefined when it is unknown, used, or of another
 * purpose, and `{ expired }` when it exists unused but its time is over (it is left unused).
 */
export async function useAccountToken(
  db: Executor,
  purpose: AccountTokenPurpose,
  tokenHash: string,
  now: Date,
): Promise<AccountTokenRow | { expired: true } | undefined> {
  const [used] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning();
  if (used) return used;
  const [expired] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)))
    .limit(1);
  return expired ? { expired: true } : undefined;
}

/** Ends the user's other unused tokens of a purpose (a newer link, or a reset done: older links stop working). */
export async function retireAccountTokens(db: Executor, userId: string, purpose: AccountTokenPurpose, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
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

/** Mailed one-time tokens that expired or were used before `cutoff`. */
export async function deleteEndedAccountTokens(db: Executor, cutoff: Date, limit: number): Promise<number> {
  const due = db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(or(lt(accountTokens.expiresAt, cutoff), lt(accountTokens.usedAt, cutoff)))
    .limit(limit);
  const deleted = await db.delete(accountTokens).where(inArray(accountTokens.id, due)).returning({ id: accountTokens.id });
  return deleted.length;
}

/* Account deletion and the personal data of accounts (modules/privacy, ADR 025). */

/** The address a deleted account keeps: `.invalid` can never be delivered to nor typed by someone else (RFC 2606). */
export const deletedEmailOf = (userId: string) => `deleted+${userId}@deleted.invalid`;

/**
 * Marks the account deleted and frees its address at once (the person may sign up again with it):
 * the row keeps a placeholder address. Answers false when it was already deleted.
 */
export async function markUserDeleted(db: Executor, userId: string, at: Date): Promise<boolean> {
  const marked = await db
    .update(users)
    .set({ deletedAt: at, email: deletedEmailOf(userId) })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return marked.length > 0;
}

/** Deleted accounts whose erasure is due (deleted before `cutoff`, not erased yet), oldest first. */
export async function deletedAccountsDue(db: Executor, cutoff: Date, limit: number): Promise<string[]> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.erasedAt), lt(users.deletedAt, cutoff)))
    .orderBy(users.deletedAt)
    .limit(limit);
  return due.map((row) => row.id);
}

export async function markUserErased(db: Executor, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ erasedAt: at }).where(eq(users.id, userId));
}

/** The account, its sign-ins and its mailed links, without any hash. */
export async function exportAccount(db: Executor, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      homeAddress: users.homeAddress,
      preferredPaymentMethod: users.preferredPaymentMethod,
      referralCode: users.referralCode,
      language: users.language,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const sessionRows = await db
    .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sessions.createdAt);
  const links = await db
    .select({ purpose: accountTokens.purpose, createdAt: accountTokens.createdAt, expiresAt: accountTokens.expiresAt, usedAt: accountTokens.usedAt })
    .from(accountTokens)
    .where(eq(accountTokens.userId, userId))
    .orderBy(accountTokens.createdAt);
  return { account: account ?? null, sessions: sessionRows, mailedLinks: links };
}

/**
 * Erases a deleted account's row: names become a placeholder, contact details and the password hash
 * go; the id stays, for the trips and the ledger that point at it. Sessions and mailed links are deleted.
 */
export async function eraseAccount(db: Executor, userId: string): Promise<number> {
  const erased = await db
    .update(users)
    .set({
      email: deletedEmailOf(userId),
      firstName: 'Deleted',
      lastName: 'account',
      phone: null,
      homeAddress: null,
      preferredPaymentMethod: null,
      referralCode: null,
      passwordHash: '!erased',
    })
    .where(and(eq(users.id, userId), isNotNull(users.deletedAt)))
    .returning({ id: users.id });
  const endedSessions = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  const endedLinks = await db.delete(accountTokens).where(eq(accountTokens.userId, userId)).returning({ id: accountTokens.id });
  return erased.length + endedSessions.length + endedLinks.length;
}

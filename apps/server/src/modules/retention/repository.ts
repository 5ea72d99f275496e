import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { communitySubmissions, rideQuotes, sessions } from '../../db/schema';

/*
 * Each function deletes at most `limit` rows that one retention rule (./service.ts) says are no
 * longer read, oldest first, and answers how many it deleted. A bounded batch keeps each statement
 * short, so a large backlog never holds locks on these tables (or the embedded database) for long.
 * None of these tables is referenced by a foreign key, so a delete never cascades or fails.
 */

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

/** Price quotes that expired before `cutoff`. */
export async function deleteExpiredQuotes(db: Executor, cutoff: Date, limit: number): Promise<number> {
  const due = db.select({ id: rideQuotes.id }).from(rideQuotes).where(lt(rideQuotes.expiresAt, cutoff)).limit(limit);
  const deleted = await db.delete(rideQuotes).where(inArray(rideQuotes.id, due)).returning({ id: rideQuotes.id });
  return deleted.length;
}

/** Community submissions a licensee rejected before `cutoff`. */
export async function deleteRejectedSubmissions(db: Executor, cutoff: Date, limit: number): Promise<number> {
  const due = db
    .select({ id: communitySubmissions.id })
    .from(communitySubmissions)
    .where(and(eq(communitySubmissions.status, 'rejected'), lt(communitySubmissions.reviewedAt, cutoff)))
    .limit(limit);
  const deleted = await db.delete(communitySubmissions).where(inArray(communitySubmissions.id, due)).returning({ id: communitySubmissions.id });
  return deleted.length;
}

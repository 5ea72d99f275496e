import type { RewardAction } from '@coride/domain';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../accounts/tables';
import { driverProfiles } from '../applications/profile-tables';
import { rides } from '../rides/tables';
import { territories } from '../territories/tables';
import { communityChampions, communitySubmissions, rewardCredits, rewardCreditUses, rewardEvents, rewardPerks } from './tables';

/**
 * Every SQL statement of the rewards module. Rewards owns reward_events, reward_credits,
 * reward_credit_uses, reward_perks, community_submissions and community_champions: only these
 * functions write them, each taking an `Executor` so a caller's transaction spans them. The
 * "read model" section reads tables other modules own (rides, users, driver_profiles, territories);
 * what a booking got is written on the ride by rides/repository.ts `setBookingRewards`.
 */

export type SubmissionRow = typeof communitySubmissions.$inferSelect;
export type NewCredit = typeof rewardCredits.$inferInsert;
export type NewPerk = typeof rewardPerks.$inferInsert;
export type NewChampion = typeof communityChampions.$inferInsert;

// --- points (append-only reward_events) ----------------------------------------------------------

/** Appends one points event; false when this idempotency key already earned (nothing is written). */
export async function insertRewardEvent(
  tx: Executor,
  event: { userId: string; action: RewardAction | 'redemption'; points: number; rideId: string | null; key: string; at: Date },
): Promise<boolean> {
  const [created] = await tx
    .insert(rewardEvents)
    .values({ userId: event.userId, action: event.action, points: event.points, rideId: event.rideId, idempotencyKey: event.key, createdAt: event.at })
    .onConflictDoNothing({ target: rewardEvents.idempotencyKey })
    .returning({ id: rewardEvents.id });
  return Boolean(created);
}

export async function pointsBalance(tx: Executor, userId: string): Promise<{ points: number; lifetime: number }> {
  const [row] = await tx
    .select({
      points: sql<number>`coalesce(sum(${rewardEvents.points}), 0)::int`,
      lifetime: sql<number>`coalesce(sum(${rewardEvents.points}) filter (where ${rewardEvents.points} > 0), 0)::int`,
    })
    .from(rewardEvents)
    .where(eq(rewardEvents.userId, userId));
  return { points: Number(row?.points ?? 0), lifetime: Number(row?.lifetime ?? 0) };
}

export async function recentEvents(db: Executor, userId: string, limit: number) {
  return db.select().from(rewardEvents).where(eq(rewardEvents.userId, userId)).orderBy(desc(rewardEvents.createdAt), desc(rewardEvents.id)).limit(limit);
}

/** Points each rider (customers only) earned in [start, end), with when they last earned. */
export async function riderPointsEarnedBetween(tx: Executor, start: Date, end: Date) {
  return tx
    .select({
      userId: rewardEvents.userId,
      points: sql<number>`sum(${rewardEvents.points})::int`,
      lastEarnedAt: sql<Date | string>`max(${rewardEvents.createdAt})`,
    })
    .from(rewardEvents)
    .innerJoin(users, eq(users.id, rewardEvents.userId))
    .where(and(gt(rewardEvents.points, 0), gte(rewardEvents.createdAt, start), lt(rewardEvents.createdAt, end), eq(users.role, 'customer')))
    .groupBy(rewardEvents.userId);
}

// --- credits and perks ---------------------------------------------------------------------------

export async function creditLeft(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${rewardCredits.remaining}), 0)::int` })
    .from(rewardCredits)
    .where(eq(rewardCredits.userId, userId));
  return Number(row?.cents ?? 0);
}

export async function insertCredits(tx: Executor, values: NewCredit[]): Promise<void> {
  if (values.length) await tx.insert(rewardCredits).values(values);
}

/** A rider's credits with money left, oldest first, row-locked. */
export async function lockSpendableCredits(tx: Executor, userId: string) {
  return tx
    .select()
    .from(rewardCredits)
    .where(and(eq(rewardCredits.userId, userId), gt(rewardCredits.remaining, 0)))
    .orderBy(asc(rewardCredits.createdAt), asc(rewardCredits.id))
    .for('update');
}

/** Takes `amount` from a credit for a ride, and records the use. */
export async function spendCredit(tx: Executor, creditId: string, rideId: string, amount: number): Promise<void> {
  await tx
    .update(rewardCredits)
    .set({ remaining: sql`${rewardCredits.remaining} - ${amount}` })
    .where(eq(rewardCredits.id, creditId));
  await tx.insert(rewardCreditUses).values({ rideId, creditId, amount });
}

/** Marks a ride's credit uses restored and gives their amounts back to the credits; returns the uses restored now. */
export async function restoreCreditUses(tx: Executor, rideId: string, at: Date) {
  const uses = await tx
    .update(rewardCreditUses)
    .set({ restoredAt: at })
    .where(and(eq(rewardCreditUses.rideId, rideId), isNull(rewardCreditUses.restoredAt)))
    .returning();
  for (const use of uses)
    await tx
      .update(rewardCredits)
      .set({ remaining: sql`${rewardCredits.remaining} + ${use.amount}` })
      .where(eq(rewardCredits.id, use.creditId));
  return uses;
}

export async function activePerks(tx: Executor, userId: string, at: Date) {
  return tx
    .select()
    .from(rewardPerks)
    .where(and(eq(rewardPerks.userId, userId), gt(rewardPerks.expiresAt, at)))
    .orderBy(asc(rewardPerks.expiresAt));
}

export async function insertPerks(tx: Executor, values: NewPerk[]): Promise<void> {
  if (values.length) await tx.insert(rewardPerks).values(values);
}

/** The end of a user's current champion status, if any. */
export async function championStatusEnd(tx: Executor, userId: string, at: Date): Promise<Date | null> {
  const [current] = await tx
    .select({ expiresAt: sql<Date | string | null>`max(${rewardPerks.expiresAt})` })
    .from(rewardPerks)
    .where(and(eq(rewardPerks.userId, userId), eq(rewardPerks.perk, 'champion_status'), gt(rewardPerks.expiresAt, at)));
  return current?.expiresAt ? new Date(current.expiresAt) : null;
}

/** The unused priority perk expiring first, row-locked. */
export async function lockUsablePriorityPerk(tx: Executor, userId: string, at: Date) {
  const [perk] = await tx
    .select()
    .from(rewardPerks)
    .where(and(eq(rewardPerks.userId, userId), eq(rewardPerks.perk, 'priority_booking'), isNull(rewardPerks.usedRideId), gt(rewardPerks.expiresAt, at)))
    .orderBy(asc(rewardPerks.expiresAt))
    .limit(1)
    .for('update');
  return perk;
}

export async function usePerk(tx: Executor, perkId: string, rideId: string): Promise<void> {
  await tx.update(rewardPerks).set({ usedRideId: rideId }).where(eq(rewardPerks.id, perkId));
}

export async function releasePerksOfRide(tx: Executor, rideId: string): Promise<void> {
  await tx.update(rewardPerks).set({ usedRideId: null }).where(eq(rewardPerks.usedRideId, rideId));
}

/** Cancelled rides whose credit was not given back yet (read model: joins rides). */
export async function cancelledRidesWithHeldCredit(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ rideId: rewardCreditUses.rideId })
    .from(rewardCreditUses)
    .innerJoin(rides, eq(rides.id, rewardCreditUses.rideId))
    .where(and(isNull(rewardCreditUses.restoredAt), eq(rides.status, 'cancelled')))
    .limit(limit);
  return rows.map((r) => r.rideId);
}

// --- submissions ---------------------------------------------------------------------------------

export type SubmissionFilter = { all: true } | { id: string } | { userId: string } | { territoryIds: string[] };

function submissionWhere(filter: SubmissionFilter): SQL | undefined {
  if ('id' in filter) return eq(communitySubmissions.id, filter.id);
  if ('userId' in filter) return eq(communitySubmissions.userId, filter.userId);
  if ('territoryIds' in filter) return inArray(communitySubmissions.territoryId, filter.territoryIds);
  return undefined;
}

/** Submissions with their author and territory names, newest first, at most 200 (read model: joins users and territories). */
export async function submissionsWithAuthors(db: Executor, filter: SubmissionFilter) {
  return db
    .select({ submission: communitySubmissions, firstName: users.firstName, lastName: users.lastName, role: users.role, territoryName: territories.name })
    .from(communitySubmissions)
    .innerJoin(users, eq(users.id, communitySubmissions.userId))
    .leftJoin(territories, eq(territories.id, communitySubmissions.territoryId))
    .where(submissionWhere(filter))
    .orderBy(desc(communitySubmissions.createdAt))
    .limit(200);
}

export async function insertSubmission(tx: Executor, values: typeof communitySubmissions.$inferInsert): Promise<SubmissionRow> {
  const [created] = await tx.insert(communitySubmissions).values(values).returning();
  return created!;
}

export async function findSubmission(db: Executor, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(communitySubmissions).where(eq(communitySubmissions.id, id));
  return row;
}

/** Pending -> accepted or rejected, once: undefined when it was already reviewed. */
export async function reviewPendingSubmission(
  tx: Executor,
  id: string,
  set: { status: 'accepted' | 'rejected'; reviewedBy: string; reviewedAt: Date },
): Promise<SubmissionRow | undefined> {
  const [reviewed] = await tx
    .update(communitySubmissions)
    .set(set)
    .where(and(eq(communitySubmissions.id, id), eq(communitySubmissions.status, 'pending')))
    .returning();
  return reviewed;
}

// --- champions -----------------------------------------------------------------------------------

export async function championRanksOf(db: Executor, month: string): Promise<number[]> {
  const rows = await db.select({ rank: communityChampions.rank }).from(communityChampions).where(eq(communityChampions.month, month));
  return rows.map((r) => r.rank);
}

export async function insertChampions(tx: Executor, values: NewChampion[]): Promise<void> {
  await tx.insert(communityChampions).values(values);
}

export async function latestChampionMonth(db: Executor): Promise<string | undefined> {
  const [latest] = await db.select({ month: communityChampions.month }).from(communityChampions).orderBy(desc(communityChampions.month)).limit(1);
  return latest?.month;
}

/** A month's board with the champions' names, by rank (read model: joins users). */
export async function championsWithNames(db: Executor, month: string) {
  return db
    .select({ champion: communityChampions, firstName: users.firstName, lastName: users.lastName })
    .from(communityChampions)
    .innerJoin(users, eq(users.id, communityChampions.userId))
    .where(eq(communityChampions.month, month))
    .orderBy(asc(communityChampions.rank));
}

// --- read model: other modules' tables -----------------------------------------------------------

/** A user's role (accounts owns the table). */
export async function readUserRole(db: Executor, userId: string): Promise<string | undefined> {
  const [author] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return author?.role;
}

/** Locks a user's row: serialises one user's redemptions (accounts owns the table; nothing is written). */
export async function lockUser(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function readReferralCode(db: Executor, userId: string): Promise<{ code: string | null; firstName: string } | undefined> {
  const [user] = await db.select({ code: users.referralCode, firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return user;
}

export async function countReferredBy(db: Executor, userId: string): Promise<number> {
  const [referred] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.referredBy, userId));
  return Number(referred?.count ?? 0);
}

export async function readDriverTerritory(db: Executor, driverId: string): Promise<string | null> {
  const [profile] = await db.select({ territoryId: driverProfiles.territoryId }).from(driverProfiles).where(eq(driverProfiles.userId, driverId));
  return profile?.territoryId ?? null;
}

export async function readLatestRideTerritory(db: Executor, riderId: string): Promise<string | null> {
  const [ride] = await db.select({ territoryId: rides.territoryId }).from(rides).where(eq(rides.riderId, riderId)).orderBy(desc(rides.requestedAt)).limit(1);
  return ride?.territoryId ?? null;
}

/** A ride's status and acceptance, row-locked (rides owns the table; nothing is written). */
export async function lockRideStatus(tx: Executor, rideId: string) {
  const [ride] = await tx.select({ status: rides.status, acceptedAt: rides.acceptedAt }).from(rides).where(eq(rides.id, rideId)).for('update');
  return ride;
}

/** The rider of a ride, its status and who referred the rider. */
export async function readRideReferral(db: Executor, rideId: string) {
  const [row] = await db
    .select({ riderId: rides.riderId, status: rides.status, referredBy: users.referredBy })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.riderId))
    .where(eq(rides.id, rideId));
  return row;
}

export async function readFirstCompletedRideId(db: Executor, riderId: string): Promise<string | undefined> {
  const [first] = await db
    .select({ id: rides.id })
    .from(rides)
    .where(and(eq(rides.riderId, riderId), eq(rides.status, 'completed')))
    .orderBy(asc(rides.completedAt), asc(rides.id))
    .limit(1);
  return first?.id;
}

/* Retention (modules/retention) deletes through this: a bounded batch, oldest first, answering how many rows went. */
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

/* The personal data of rewards (modules/privacy, ADR 025). */

/** The person's points, credits, perks, champion places and community submissions. */
export async function exportRewards(db: Executor, userId: string) {
  const events = await db
    .select({ action: rewardEvents.action, points: rewardEvents.points, rideId: rewardEvents.rideId, createdAt: rewardEvents.createdAt })
    .from(rewardEvents)
    .where(eq(rewardEvents.userId, userId))
    .orderBy(asc(rewardEvents.id));
  const credits = await db
    .select({
      id: rewardCredits.id,
      source: rewardCredits.source,
      amount: rewardCredits.amount,
      remaining: rewardCredits.remaining,
      createdAt: rewardCredits.createdAt,
    })
    .from(rewardCredits)
    .where(eq(rewardCredits.userId, userId));
  const perks = await db
    .select({ perk: rewardPerks.perk, grantedAt: rewardPerks.grantedAt, expiresAt: rewardPerks.expiresAt, usedRideId: rewardPerks.usedRideId })
    .from(rewardPerks)
    .where(eq(rewardPerks.userId, userId));
  const champion = await db
    .select({ month: communityChampions.month, rank: communityChampions.rank, points: communityChampions.points, prizeCents: communityChampions.prizeCents })
    .from(communityChampions)
    .where(eq(communityChampions.userId, userId));
  const submissions = await db
    .select({
      id: communitySubmissions.id,
      kind: communitySubmissions.kind,
      text: communitySubmissions.text,
      status: communitySubmissions.status,
      createdAt: communitySubmissions.createdAt,
      reviewedAt: communitySubmissions.reviewedAt,
    })
    .from(communitySubmissions)
    .where(eq(communitySubmissions.userId, userId));
  return { points: events, credits, perks, championPlaces: champion, communitySubmissions: submissions };
}

/** The person's own words (community submissions) go; points, credits and perks are amounts and dates only. */
export async function eraseRewards(db: Executor, userId: string): Promise<number> {
  const deleted = await db.delete(communitySubmissions).where(eq(communitySubmissions.userId, userId)).returning({ id: communitySubmissions.id });
  return deleted.length;
}

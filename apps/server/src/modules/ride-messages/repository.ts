import { and, asc, avg, count, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../accounts/tables';
import { rides } from '../rides/tables';
import { rideMessages, riderRatings, type RideMessageRow, type RiderRatingRow } from './tables';

type NewMessage = Pick<typeof rideMessages.$inferInsert, 'rideId' | 'senderId' | 'senderRole' | 'text' | 'sentAt'>;

/** The ride's thread, oldest first. */
export async function messagesOf(db: Executor, rideId: string): Promise<RideMessageRow[]> {
  return db.select().from(rideMessages).where(eq(rideMessages.rideId, rideId)).orderBy(asc(rideMessages.sentAt), asc(rideMessages.id));
}

export async function insertMessage(db: Executor, message: NewMessage): Promise<RideMessageRow> {
  const [row] = await db.insert(rideMessages).values(message).returning();
  return row!;
}

/** The driver's rating of the ride's rider; undefined when this ride was rated already (one per ride). */
export async function insertRiderRating(
  db: Executor,
  rating: Pick<typeof riderRatings.$inferInsert, 'rideId' | 'riderId' | 'driverId' | 'rating' | 'comment' | 'createdAt'>,
): Promise<RiderRatingRow | undefined> {
  const [row] = await db.insert(riderRatings).values(rating).onConflictDoNothing({ target: riderRatings.rideId }).returning();
  return row;
}

export async function ratingOfRide(db: Executor, rideId: string): Promise<RiderRatingRow | undefined> {
  const [row] = await db.select().from(riderRatings).where(eq(riderRatings.rideId, rideId)).limit(1);
  return row;
}

/** The drivers' average rating of the rider, null before any. */
export async function averageRiderRating(db: Executor, riderId: string): Promise<number | null> {
  const [row] = await db
    .select({ value: avg(riderRatings.rating) })
    .from(riderRatings)
    .where(eq(riderRatings.riderId, riderId));
  return row?.value === null || row?.value === undefined ? null : Number(row.value);
}

type Rated = { userId: string; firstName: string; lastName: string; averageRating: number; ratings: number };

/**
 * Riders whose drivers' ratings on rides of these territories average under `below` over at least
 * `minCount` ratings, lowest first.
 */
export async function lowRatedRiders(db: Executor, territoryIds: string[] | 'all', below: number, minCount: number): Promise<Rated[]> {
  if (territoryIds !== 'all' && territoryIds.length === 0) return [];
  const average = sql<number>`avg(${riderRatings.rating})::float`;
  return db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, averageRating: average, ratings: count() })
    .from(riderRatings)
    .innerJoin(rides, eq(rides.id, riderRatings.rideId))
    .innerJoin(users, eq(users.id, riderRatings.riderId))
    .where(territoryIds === 'all' ? undefined : inArray(rides.territoryId, territoryIds))
    .groupBy(users.id, users.firstName, users.lastName)
    .having(and(sql`count(*) >= ${minCount}`, sql`avg(${riderRatings.rating}) < ${below}`))
    .orderBy(average);
}

/** Drivers whose riders' ratings on rides of these territories average under `below` over at least `minCount`, lowest first. */
export async function lowRatedDrivers(db: Executor, territoryIds: string[] | 'all', below: number, minCount: number): Promise<Rated[]> {
  if (territoryIds !== 'all' && territoryIds.length === 0) return [];
  const average = sql<number>`avg(${rides.rating})::float`;
  return db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, averageRating: average, ratings: count() })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.driverId))
    .where(and(territoryIds === 'all' ? undefined : inArray(rides.territoryId, territoryIds), isNotNull(rides.rating)))
    .groupBy(users.id, users.firstName, users.lastName)
    .having(and(sql`count(*) >= ${minCount}`, sql`avg(${rides.rating}) < ${below}`))
    .orderBy(average);
}

/** The account export (privacy, ADR 025): the messages the user wrote, and the ratings they gave or got as a rider. */
export async function exportMessagesAndRatings(db: Executor, userId: string) {
  const messages = await db
    .select({ rideId: rideMessages.rideId, text: rideMessages.text, sentAt: rideMessages.sentAt })
    .from(rideMessages)
    .where(eq(rideMessages.senderId, userId))
    .orderBy(asc(rideMessages.sentAt));
  const ratingsReceived = await db
    .select({ rideId: riderRatings.rideId, rating: riderRatings.rating, comment: riderRatings.comment, createdAt: riderRatings.createdAt })
    .from(riderRatings)
    .where(eq(riderRatings.riderId, userId));
  const ratingsGiven = await db
    .select({ rideId: riderRatings.rideId, rating: riderRatings.rating, comment: riderRatings.comment, createdAt: riderRatings.createdAt })
    .from(riderRatings)
    .where(eq(riderRatings.driverId, userId));
  return { messages, ratingsReceived, ratingsGiven };
}

/**
 * Erasure of an account (privacy, ADR 025): every message of a ride the user was on goes (the thread
 * is a conversation about that person's trip), and the free-text comments of ratings they gave or
 * got; the ratings' numbers stay for the other person's average. How many rows.
 */
export async function eraseMessagesAndRatings(tx: Executor, userId: string): Promise<number> {
  const ridesOfUser = tx
    .select({ id: rides.id })
    .from(rides)
    .where(or(eq(rides.riderId, userId), eq(rides.driverId, userId)));
  const messages = await tx.delete(rideMessages).where(inArray(rideMessages.rideId, ridesOfUser)).returning({ id: rideMessages.id });
  const ratings = await tx
    .update(riderRatings)
    .set({ comment: null })
    .where(and(or(eq(riderRatings.riderId, userId), eq(riderRatings.driverId, userId)), isNotNull(riderRatings.comment)))
    .returning({ id: riderRatings.id });
  return messages.length + ratings.length;
}

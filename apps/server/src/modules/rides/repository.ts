import { and, avg, desc, eq, getTableColumns, type AnyColumn, gt, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FareBreakdown } from '@coride/domain';
import type { Executor } from '../../db/client';
import { containsPattern, cursorKey, pageOrder, type Keyset } from '../../lib/paging';
import { users } from '../accounts/tables';
import { driverProfiles } from '../applications/profile-tables';
import { rideOffers, rideQuotes, rideShares, rides } from './tables';

export type RideRow = typeof rides.$inferSelect;
export type NewRide = typeof rides.$inferInsert;
export type QuoteRow = typeof rideQuotes.$inferSelect;
export type OfferRow = typeof rideOffers.$inferSelect;

/** The price columns of a quote or ride row, from a fare breakdown (or a stored quote). */
export function priceColumns(
  price: Pick<FareBreakdown, 'distance' | 'duration' | 'baseFare' | 'distanceFare' | 'timeFare' | 'subtotal' | 'platformFee' | 'adminFee' | 'totalFare'>,
) {
  const { distance, duration, baseFare, distanceFare, timeFare, subtotal, platformFee, adminFee, totalFare } = price;
  return { distance, duration, baseFare, distanceFare, timeFare, subtotal, platformFee, adminFee, totalFare };
}

const riders = alias(users, 'rider');
const drivers = alias(users, 'driver');

/** Rides are listed newest booking first (indexes rides_requested_idx, rides_rider_idx, rides_driver_idx, rides_territory_idx). */
export const rideKeyset: Keyset = { at: rides.requestedAt, id: rides.id };

/**
 * Rides with the people on them, as the API shows them; `pageKey` is each one's cursor key
 * (lib/paging.ts). The query itself (awaitable), so a test can EXPLAIN it.
 */
export function findRideDetails(db: Executor, where: SQL | undefined, limit = 100) {
  return db
    .select({
      ride: rides,
      pageKey: cursorKey(rideKeyset),
      rider: { id: riders.id, firstName: riders.firstName },
      // Never the driver's phone or email (contract §9): the rider reaches the driver through messages.
      driver: { id: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName },
      vehicle: { color: driverProfiles.vehicleColor, make: driverProfiles.vehicleMake, model: driverProfiles.vehicleModel, plate: driverProfiles.vehiclePlate },
      // The drivers' ratings of the rider (ride-messages' rider_ratings, ADR 029).
      riderRating: sql<number | null>`(select avg(rr.rating)::float from rider_ratings rr where rr.rider_id = ${rides.riderId})`,
      driverRating: sql<number | null>`(select avg(r2.rating)::float from rides r2 where r2.driver_id = ${rides.driverId} and r2.rating is not null)`,
    })
    .from(rides)
    .innerJoin(riders, eq(riders.id, rides.riderId))
    .leftJoin(drivers, eq(drivers.id, rides.driverId))
    .leftJoin(driverProfiles, eq(driverProfiles.userId, rides.driverId))
    .where(where)
    .orderBy(...pageOrder(rideKeyset))
    .limit(limit);
}
export type RideDetails = Awaited<ReturnType<typeof findRideDetails>>[number];

/**
 * The admin's ride search: a ride id prefix, the rider's or driver's name or email, the pickup or
 * dropoff address (case-insensitive). A filter over the newest-first index walk, no text index
 * (docs/decisions/017-keyset-paging.md).
 */
export function rideSearch(text: string): SQL {
  const pattern = containsPattern(text);
  const idPrefix = /^[0-9a-f-]+$/i.test(text) ? [sql`${rides.id}::text like ${`${text.toLowerCase()}%`}`] : [];
  const person = (who: typeof riders | typeof drivers) => [ilike(who.email, pattern), sql`(${who.firstName} || ' ' || ${who.lastName}) ilike ${pattern}`];
  return or(...idPrefix, ilike(rides.pickupAddress, pattern), ilike(rides.dropoffAddress, pattern), ...person(riders), ...person(drivers))!;
}

export async function findRide(db: Executor, id: string): Promise<RideRow | undefined> {
  const [row] = await db.select().from(rides).where(eq(rides.id, id)).limit(1);
  return row;
}

/**
 * The ride, locked until the transaction ends. `skipLocked`: undefined at once when another
 * transaction holds it, instead of waiting (the sweep leaves a ride another process is dispatching).
 */
export async function findRideForUpdate(db: Executor, id: string, options: { skipLocked?: boolean } = {}): Promise<RideRow | undefined> {
  const [row] = await db
    .select()
    .from(rides)
    .where(eq(rides.id, id))
    .for('update', options.skipLocked ? { skipLocked: true } : {})
    .limit(1);
  return row;
}

export async function findRideByIdempotencyKey(db: Executor, riderId: string, key: string): Promise<RideRow | undefined> {
  const [row] = await db
    .select()
    .from(rides)
    .where(and(eq(rides.riderId, riderId), eq(rides.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function insertRide(db: Executor, ride: NewRide): Promise<RideRow> {
  const [row] = await db.insert(rides).values(ride).returning();
  return row!;
}

/** Moves a ride from one status to another only if it is still in `from`: the atomic step of every transition. */
export async function transitionRide(db: Executor, id: string, from: RideRow['status'], changes: Partial<NewRide>): Promise<RideRow | undefined> {
  const [row] = await db
    .update(rides)
    .set(changes)
    .where(and(eq(rides.id, id), eq(rides.status, from)))
    .returning();
  return row;
}

/** Makes a requested ride dispatchable: its fare hold is confirmed. Undefined when it is no longer requested (cancelled meanwhile). */
export async function markFareHeld(db: Executor, id: string, at: Date): Promise<RideRow | undefined> {
  const [row] = await db
    .update(rides)
    .set({ fareHeldAt: at })
    .where(and(eq(rides.id, id), eq(rides.status, 'requested'), isNull(rides.fareHeldAt)))
    .returning();
  return row;
}

/** Assigns a requested ride whose fare is held to the driver; undefined when it was taken, cancelled or is not held. */
export async function acceptRide(db: Executor, id: string, driverId: string, at: Date): Promise<RideRow | undefined> {
  const [row] = await db
    .update(rides)
    .set({ status: 'accepted', driverId, acceptedAt: at })
    .where(and(eq(rides.id, id), eq(rides.status, 'requested'), isNotNull(rides.fareHeldAt)))
    .returning();
  return row;
}

/** The rider's latest ride completed after `since` that they have not rated, if any. */
export async function latestUnratedRideOfRider(db: Executor, riderId: string, since: Date): Promise<RideRow | undefined> {
  const [row] = await db
    .select()
    .from(rides)
    .where(and(eq(rides.riderId, riderId), eq(rides.status, 'completed'), isNull(rides.rating), gt(rides.completedAt, since)))
    .orderBy(desc(rides.completedAt))
    .limit(1);
  return row;
}

/**
 * Records that the assigned driver is at the pickup, once: undefined when the ride is not this
 * driver's accepted ride or the arrival was already recorded (the caller re-reads it).
 */
export async function markArrived(db: Executor, id: string, driverId: string, at: Date): Promise<RideRow | undefined> {
  const [row] = await db
    .update(rides)
    .set({ arrivedAt: at })
    .where(and(eq(rides.id, id), eq(rides.driverId, driverId), eq(rides.status, 'accepted'), isNull(rides.arrivedAt)))
    .returning();
  return row;
}

/** Scheduled rides whose dispatch is due (scheduled for `until` or earlier), soonest first (rides_scheduled_idx). */
export async function dueScheduledRideIds(db: Executor, until: Date, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: rides.id })
    .from(rides)
    .where(and(eq(rides.status, 'scheduled'), sql`${rides.scheduledAt} <= ${until}`))
    .orderBy(rides.scheduledAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** How many rides the rider has booked for later and not yet dispatched. */
/**
 * The rider's scheduled rides, counted under a lock of that rider's held until the caller's transaction
 * ends, so two bookings at once cannot both see room for one more.
 */
export async function countScheduledRidesOfLocked(tx: Executor, riderId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`scheduled_rides:${riderId}`}))`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(rides)
    .where(and(eq(rides.riderId, riderId), eq(rides.status, 'scheduled')));
  return row?.count ?? 0;
}

/** Bookings whose fare hold was never confirmed (the booking request died between the ride and the hold). */
export async function unheldBookings(db: Executor, requestedBefore: Date, limit = 50): Promise<RideRow[]> {
  return db
    .select()
    .from(rides)
    .where(and(eq(rides.status, 'requested'), isNull(rides.fareHeldAt), lt(rides.requestedAt, requestedBefore)))
    .orderBy(rides.requestedAt)
    .limit(limit);
}

export async function updateRide(db: Executor, id: string, changes: Partial<NewRide>): Promise<RideRow | undefined> {
  const [row] = await db.update(rides).set(changes).where(eq(rides.id, id)).returning();
  return row;
}

export async function insertQuote(db: Executor, quote: typeof rideQuotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(rideQuotes).values(quote).returning();
  return row!;
}

export async function findQuote(db: Executor, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(rideQuotes).where(eq(rideQuotes.id, id)).limit(1);
  return row;
}

export async function activeRideOfDriver(db: Executor, driverId: string): Promise<RideRow | undefined> {
  const [row] = await db
    .select()
    .from(rides)
    .where(and(eq(rides.driverId, driverId), inArray(rides.status, ['accepted', 'in_progress'])))
    .limit(1);
  return row;
}

/** The accepted or started rides of these drivers, one query (a driver has at most one: rides_one_active_per_driver). */
export async function activeRidesOfDrivers(db: Executor, driverIds: string[]): Promise<RideRow[]> {
  if (driverIds.length === 0) return [];
  return db
    .select()
    .from(rides)
    .where(and(inArray(rides.driverId, driverIds), inArray(rides.status, ['accepted', 'in_progress'])));
}

/** Every accepted or started ride (a process rebuilding its view of them at start). */
export async function activeRides(db: Executor): Promise<RideRow[]> {
  return db
    .select()
    .from(rides)
    .where(inArray(rides.status, ['accepted', 'in_progress']));
}

export async function activeRideOfRider(db: Executor, riderId: string): Promise<RideRow | undefined> {
  const [row] = await db
    .select()
    .from(rides)
    .where(and(eq(rides.riderId, riderId), inArray(rides.status, ['requested', 'accepted', 'in_progress'])))
    .limit(1);
  return row;
}

export async function riderStats(db: Executor, riderId: string, monthStart: Date) {
  const [row] = await db
    .select({
      totalRides: sql<number>`count(*) filter (where ${rides.status} = 'completed')::int`,
      totalSpent: sql<number>`coalesce(sum(${rides.totalFare} + ${rides.tip}) filter (where ${rides.status} = 'completed'), 0)::int`,
      monthlyRides: sql<number>`count(*) filter (where ${rides.status} = 'completed' and ${rides.completedAt} >= ${monthStart})::int`,
      rating: sql<number | null>`(select avg(rr.rating)::float from rider_ratings rr where rr.rider_id = ${riderId})`,
    })
    .from(rides)
    .where(eq(rides.riderId, riderId));
  return row ?? { totalRides: 0, totalSpent: 0, monthlyRides: 0, rating: null };
}

export async function averageDriverRating(db: Executor, driverId: string): Promise<number | null> {
  const [row] = await db
    .select({ value: avg(rides.rating) })
    .from(rides)
    .where(eq(rides.driverId, driverId));
  return row?.value === null || row?.value === undefined ? null : Number(row.value);
}

// --- offers -----------------------------------------------------------------------------------

export async function insertOffers(db: Executor, offers: (typeof rideOffers.$inferInsert)[]): Promise<OfferRow[]> {
  if (offers.length === 0) return [];
  return db.insert(rideOffers).values(offers).onConflictDoNothing().returning();
}

export async function offeredDriverIds(db: Executor, rideId: string): Promise<Set<string>> {
  const rows = await db.select({ driverId: rideOffers.driverId }).from(rideOffers).where(eq(rideOffers.rideId, rideId));
  return new Set(rows.map((r) => r.driverId));
}

export async function pendingOffer(db: Executor, rideId: string, driverId: string, now: Date): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(rideOffers)
    .where(and(eq(rideOffers.rideId, rideId), eq(rideOffers.driverId, driverId), eq(rideOffers.status, 'pending'), gt(rideOffers.expiresAt, now)))
    .limit(1);
  return row;
}

export async function pendingOffersOfDriver(db: Executor, driverId: string, now: Date): Promise<OfferRow[]> {
  return db
    .select()
    .from(rideOffers)
    .where(and(eq(rideOffers.driverId, driverId), eq(rideOffers.status, 'pending'), gt(rideOffers.expiresAt, now)));
}

export async function setOfferStatus(db: Executor, offerId: string, status: OfferRow['status'], at: Date): Promise<boolean> {
  const rows = await db
    .update(rideOffers)
    .set({ status, respondedAt: at })
    .where(and(eq(rideOffers.id, offerId), eq(rideOffers.status, 'pending')))
    .returning({ id: rideOffers.id });
  return rows.length === 1;
}

/** Closes the ride's other pending offers; returns the drivers who had them. */
export async function withdrawPendingOffers(db: Executor, rideId: string, at: Date): Promise<string[]> {
  const rows = await db
    .update(rideOffers)
    .set({ status: 'withdrawn', respondedAt: at })
    .where(and(eq(rideOffers.rideId, rideId), eq(rideOffers.status, 'pending')))
    .returning({ driverId: rideOffers.driverId });
  return rows.map((r) => r.driverId);
}

/**
 * Expires up to `limit` overdue offers, returning them. Several instances run this at once: each
 * claims the rows FOR UPDATE SKIP LOCKED, so an offer is expired by exactly one of them and none waits
 * on the rows another is expiring (a row another has just expired no longer matches `pending`).
 */
export async function expireOffers(db: Executor, now: Date, limit = 500): Promise<{ rideId: string; driverId: string }[]> {
  const overdue = db
    .select({ id: rideOffers.id })
    .from(rideOffers)
    .where(and(eq(rideOffers.status, 'pending'), sql`${rideOffers.expiresAt} <= ${now}`))
    .orderBy(rideOffers.expiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(rideOffers)
    .set({ status: 'expired', respondedAt: now })
    .where(and(inArray(rideOffers.id, overdue), eq(rideOffers.status, 'pending')))
    .returning({ rideId: rideOffers.rideId, driverId: rideOffers.driverId });
}

/** Requested rides whose fare is held and that have no pending offer: they need their next dispatch round. */
export async function ridesAwaitingDispatch(db: Executor, limit = 100): Promise<RideRow[]> {
  return (
    db
      .select()
      .from(rides)
      .where(
        and(
          eq(rides.status, 'requested'),
          isNotNull(rides.fareHeldAt),
          sql`not exists (select 1 from ${rideOffers} o where o.ride_id = ${rides.id} and o.status = 'pending')`,
        ),
      )
      // Priority bookings (a rewards perk) are dispatched before the other waiting requests.
      .orderBy(desc(rides.priority), rides.requestedAt)
      .limit(limit)
  );
}

/** Among `driverIds`, those with a pending offer or an active ride right now. */
export async function busyDriverIds(db: Executor, driverIds: string[], now: Date): Promise<Set<string>> {
  if (driverIds.length === 0) return new Set();
  const offered = await db
    .select({ id: rideOffers.driverId })
    .from(rideOffers)
    .where(and(inArray(rideOffers.driverId, driverIds), eq(rideOffers.status, 'pending'), gt(rideOffers.expiresAt, now)));
  const riding = await db
    .select({ id: rides.driverId })
    .from(rides)
    .where(and(inArray(rides.driverId, driverIds), inArray(rides.status, ['accepted', 'in_progress'])));
  return new Set([...offered.map((r) => r.id), ...riding.map((r) => r.id!)]);
}

/** The tip shown on a ride, written by payments inside the transaction that captures the tip. */
export async function setTip(tx: Executor, rideId: string, cents: number): Promise<void> {
  await tx.update(rides).set({ tip: cents }).where(eq(rides.id, rideId));
}

/** What rewards gave a booking (credit taken off the fare, a priority perk), written by rewards in the booking's transaction. */
export async function setBookingRewards(tx: Executor, rideId: string, rewards: { creditApplied: number; priority: boolean }): Promise<void> {
  await tx.update(rides).set(rewards).where(eq(rides.id, rideId));
}

/* Retention (modules/retention) deletes through this: a bounded batch, oldest first, answering how many rows went. */
/** Price quotes that expired before `cutoff`. */
export async function deleteExpiredQuotes(db: Executor, cutoff: Date, limit: number): Promise<number> {
  const due = db.select({ id: rideQuotes.id }).from(rideQuotes).where(lt(rideQuotes.expiresAt, cutoff)).limit(limit);
  const deleted = await db.delete(rideQuotes).where(inArray(rideQuotes.id, due)).returning({ id: rideQuotes.id });
  return deleted.length;
}

/* The personal data of rides (modules/privacy, ADR 025). */

/**
 * Coordinates of an erased trip keep two decimals (about a kilometre): the territory and zone
 * figures still add up, the doorstep is gone.
 */
const blurred = (column: AnyColumn) => sql<number>`round((${column})::numeric, 2)::double precision`;

/** What makes a trip personal: where it started and ended, and the rider's words about it. */
const eraseTripPlaces = {
  pickupAddress: '',
  dropoffAddress: '',
  pickupLat: blurred(rides.pickupLat),
  pickupLng: blurred(rides.pickupLng),
  dropoffLat: blurred(rides.dropoffLat),
  dropoffLng: blurred(rides.dropoffLng),
  ratingComment: null,
  cancelReason: null,
};

/**
 * The person's trips: as rider in full (places, fares, rating), as driver without the rider's places
 * (those are the rider's data), their quotes, and the offers made to them.
 */
export async function exportRides(db: Executor, userId: string) {
  const { idempotencyKey: _key, riderId: _rider, driverId: _driver, ...riderColumns } = getTableColumns(rides);
  const asRider = await db.select(riderColumns).from(rides).where(eq(rides.riderId, userId)).orderBy(rides.requestedAt);
  const asDriver = await db
    .select({
      id: rides.id,
      status: rides.status,
      pickupZip: rides.pickupZip,
      distance: rides.distance,
      duration: rides.duration,
      subtotal: rides.subtotal,
      totalFare: rides.totalFare,
      tip: rides.tip,
      rating: rides.rating,
      safetyRating: rides.safetyRating,
      requestedAt: rides.requestedAt,
      acceptedAt: rides.acceptedAt,
      startedAt: rides.startedAt,
      completedAt: rides.completedAt,
      cancelledAt: rides.cancelledAt,
      cancelledBy: rides.cancelledBy,
    })
    .from(rides)
    .where(eq(rides.driverId, userId))
    .orderBy(rides.requestedAt);
  const { riderId: _quoteRider, ...quoteColumns } = getTableColumns(rideQuotes);
  const quotes = await db.select(quoteColumns).from(rideQuotes).where(eq(rideQuotes.riderId, userId)).orderBy(rideQuotes.createdAt);
  const offers = await db
    .select({
      rideId: rideOffers.rideId,
      status: rideOffers.status,
      distanceMiles: rideOffers.distanceMiles,
      offeredAt: rideOffers.offeredAt,
      respondedAt: rideOffers.respondedAt,
    })
    .from(rideOffers)
    .where(eq(rideOffers.driverId, userId))
    .orderBy(rideOffers.offeredAt);
  return { asRider, asDriver, quotes, offersReceived: offers };
}

/** The rider's trips stay (the ledger points at them) without their places, exact coordinates and comments; their quotes go. */
export async function eraseRidesOfRider(db: Executor, riderId: string): Promise<number> {
  const erased = await db.update(rides).set(eraseTripPlaces).where(eq(rides.riderId, riderId)).returning({ id: rides.id });
  const quotes = await db.delete(rideQuotes).where(eq(rideQuotes.riderId, riderId)).returning({ id: rideQuotes.id });
  return erased.length + quotes.length;
}

/** Retention: trips requested before `cutoff` (7 years) lose their places, for every rider, a batch at a time. */
export async function eraseOldTripPlaces(db: Executor, cutoff: Date, limit: number): Promise<number> {
  const due = db
    .select({ id: rides.id })
    .from(rides)
    .where(and(lt(rides.requestedAt, cutoff), or(ne(rides.pickupAddress, ''), ne(rides.dropoffAddress, ''))))
    .limit(limit);
  const erased = await db.update(rides).set(eraseTripPlaces).where(inArray(rides.id, due)).returning({ id: rides.id });
  return erased.length;
}

/** A ride the person is on right now, as rider or driver (deletion waits for it to end). */
export async function activeRideOfPerson(db: Executor, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: rides.id })
    .from(rides)
    // A ride booked for later counts too (ADR 034): it would otherwise be dispatched for an erased account.
    .where(and(or(eq(rides.riderId, userId), eq(rides.driverId, userId)), inArray(rides.status, ['scheduled', 'requested', 'accepted', 'in_progress'])))
    .limit(1);
  return row;
}

/** Counts one more wrong PIN on an accepted ride, up to `max`; undefined when the count is already at it. */
export async function countWrongPin(db: Executor, id: string, max: number): Promise<RideRow | undefined> {
  const [row] = await db
    .update(rides)
    .set({ pinAttempts: sql`${rides.pinAttempts} + 1` })
    .where(and(eq(rides.id, id), eq(rides.status, 'accepted'), lt(rides.pinAttempts, max)))
    .returning();
  return row;
}

export type RideShareRow = typeof rideShares.$inferSelect;

/** A new sharing link of the ride; the ride's earlier links stop working (only the latest token is shown to the rider). */
export async function replaceShare(db: Executor, rideId: string, tokenHash: string, at: Date): Promise<RideShareRow> {
  await revokeShares(db, rideId, at);
  const [row] = await db.insert(rideShares).values({ rideId, tokenHash, createdAt: at }).returning();
  return row!;
}

/** One more sharing link of the ride, the others kept (the SOS mail's link, ADR 032). */
export async function insertShare(db: Executor, rideId: string, tokenHash: string, at: Date): Promise<RideShareRow> {
  const [row] = await db.insert(rideShares).values({ rideId, tokenHash, createdAt: at }).returning();
  return row!;
}

/** Revokes the ride's live links; how many were live. */
export async function revokeShares(db: Executor, rideId: string, at: Date): Promise<number> {
  const revoked = await db
    .update(rideShares)
    .set({ revokedAt: at })
    .where(and(eq(rideShares.rideId, rideId), isNull(rideShares.revokedAt)))
    .returning({ id: rideShares.id });
  return revoked.length;
}

export async function findShare(db: Executor, tokenHash: string): Promise<RideShareRow | undefined> {
  const [row] = await db.select().from(rideShares).where(eq(rideShares.tokenHash, tokenHash)).limit(1);
  return row;
}

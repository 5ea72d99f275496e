import { PICKUP_GRACE_MINUTES, type DriverHistory } from '@coride/domain';
import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { disputes } from '../payments/tables';
import { communitySubmissions } from '../rewards/tables';
import { rideOffers, rides } from '../rides/tables';

/*
 * Drivers' history facts (rides, offers, safety disputes, community actions) that performance and the
 * bonus pool judge: a read model joining across modules (rides, payments, community); writes nothing.
 */

/** The dispute reason that counts as a safety incident once resolved with a refund (packages/domain payments `disputeReasons`). */
export const SAFETY_DISPUTE_REASON = 'safety';

export type MeasuredHistory = DriverHistory & {
  /** Pickups whose ETA was recorded at accept (punctuality's data). */
  pickupsMeasured: number;
};

function emptyHistory(): MeasuredHistory {
  return {
    ratingsCount: 0,
    ratingsSum: 0,
    offersMade: 0,
    offersAccepted: 0,
    ridesCompleted: 0,
    ridesCancelledByDriver: 0,
    pickupsOnTime: 0,
    pickupsLate: 0,
    pickupsMeasured: 0,
    safetyRatingsCount: 0,
    safetyRatingsSum: 0,
    safetyIncidents: 0,
    communityActions: 0,
    consecutiveAccepts: 0,
  };
}

/**
 * The history facts of drivers over [since, until): every one now measured.
 *
 * - ratings, completions and driver cancellations: rides requested in the period;
 * - offers answered (accepted, declined, timed out; an offer withdrawn because another driver took
 *   the ride was never the driver's to answer) and the current run of accepts;
 * - punctuality: rides picked up (started) whose pickup ETA was stored at accept; on time when
 *   startedAt − acceptedAt ≤ ETA + PICKUP_GRACE_MINUTES (the domain's `isPickupOnTime`, in SQL);
 * - safety: the riders' optional safety ratings, and incidents = disputes on the driver's rides with
 *   the reason 'safety' that the licensee resolved with a refund (a safety support ticket names a
 *   conversation, not a ride, so it cannot be tied to a driver);
 * - community actions: the driver's community submissions a licensee accepted in the period.
 */
export async function histories(db: Executor, driverIds: string[], since: Date, until: Date): Promise<Map<string, MeasuredHistory>> {
  const result = new Map<string, MeasuredHistory>();
  for (const id of driverIds) result.set(id, emptyHistory());
  if (driverIds.length === 0) return result;
  const graceSeconds = PICKUP_GRACE_MINUTES * 60;
  const picked = sql`${rides.startedAt} is not null and ${rides.acceptedAt} is not null and ${rides.pickupEtaSeconds} is not null`;
  const pickupSeconds = sql`extract(epoch from (${rides.startedAt} - ${rides.acceptedAt}))`;
  const rideRows = await db
    .select({
      driverId: rides.driverId,
      ratingsCount: sql<number>`count(${rides.rating})::int`,
      ratingsSum: sql<number>`coalesce(sum(${rides.rating}), 0)::int`,
      safetyCount: sql<number>`count(${rides.safetyRating})::int`,
      safetySum: sql<number>`coalesce(sum(${rides.safetyRating}), 0)::int`,
      completed: sql<number>`count(*) filter (where ${rides.status} = 'completed')::int`,
      cancelledByDriver: sql<number>`count(*) filter (where ${rides.status} = 'cancelled' and ${rides.cancelledBy} = 'driver')::int`,
      measured: sql<number>`count(*) filter (where ${picked})::int`,
      onTime: sql<number>`count(*) filter (where ${picked} and ${pickupSeconds} <= ${rides.pickupEtaSeconds} + ${graceSeconds})::int`,
    })
    .from(rides)
    .where(and(inArray(rides.driverId, driverIds), gte(rides.requestedAt, since), lt(rides.requestedAt, until)))
    .groupBy(rides.driverId);
  for (const row of rideRows) {
    Object.assign(result.get(row.driverId!)!, {
      ratingsCount: row.ratingsCount,
      ratingsSum: row.ratingsSum,
      safetyRatingsCount: row.safetyCount,
      safetyRatingsSum: row.safetySum,
      ridesCompleted: row.completed,
      ridesCancelledByDriver: row.cancelledByDriver,
      pickupsMeasured: row.measured,
      pickupsOnTime: row.onTime,
      pickupsLate: row.measured - row.onTime,
    });
  }

  const answered = and(
    inArray(rideOffers.driverId, driverIds),
    gte(rideOffers.offeredAt, since),
    lt(rideOffers.offeredAt, until),
    inArray(rideOffers.status, ['accepted', 'declined', 'expired']),
  );
  const offerRows = await db
    .select({
      driverId: rideOffers.driverId,
      made: sql<number>`count(*)::int`,
      accepted: sql<number>`count(*) filter (where ${rideOffers.status} = 'accepted')::int`,
    })
    .from(rideOffers)
    .where(answered)
    .groupBy(rideOffers.driverId);
  for (const row of offerRows) Object.assign(result.get(row.driverId)!, { offersMade: row.made, offersAccepted: row.accepted });
  // The streak: accepts in a row, newest first, until a decline or a timeout.
  const recent = await db
    .select({ driverId: rideOffers.driverId, status: rideOffers.status })
    .from(rideOffers)
    .where(and(answered, isNotNull(rideOffers.respondedAt)))
    .orderBy(desc(rideOffers.respondedAt));
  const broken = new Set<string>();
  for (const offer of recent) {
    if (broken.has(offer.driverId)) continue;
    if (offer.status === 'accepted') result.get(offer.driverId)!.consecutiveAccepts += 1;
    else broken.add(offer.driverId);
  }

  const incidentRows = await db
    .select({ driverId: rides.driverId, count: sql<number>`count(*)::int` })
    .from(disputes)
    .innerJoin(rides, eq(rides.id, disputes.rideId))
    .where(
      and(
        inArray(rides.driverId, driverIds),
        eq(disputes.reason, SAFETY_DISPUTE_REASON),
        eq(disputes.status, 'resolved'),
        inArray(disputes.resolution, ['refund_full', 'refund_partial']),
        gte(disputes.resolvedAt, since),
        lt(disputes.resolvedAt, until),
      ),
    )
    .groupBy(rides.driverId);
  for (const row of incidentRows) result.get(row.driverId!)!.safetyIncidents = row.count;

  const actionRows = await db
    .select({ userId: communitySubmissions.userId, count: sql<number>`count(*)::int` })
    .from(communitySubmissions)
    .where(
      and(
        inArray(communitySubmissions.userId, driverIds),
        eq(communitySubmissions.status, 'accepted'),
        gte(sql`coalesce(${communitySubmissions.reviewedAt}, ${communitySubmissions.createdAt})`, since),
        lt(sql`coalesce(${communitySubmissions.reviewedAt}, ${communitySubmissions.createdAt})`, until),
      ),
    )
    .groupBy(communitySubmissions.userId);
  for (const row of actionRows) result.get(row.userId)!.communityActions = row.count;
  return result;
}

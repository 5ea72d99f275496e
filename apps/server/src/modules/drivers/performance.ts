import { assignTiers, computeMetrics, tierGoals, TIER_RULES, type DriverHistory, type DriverPerformance } from '@coride/domain';
import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { driverProfiles, rideOffers, rides } from '../../db/schema';
import { notFound } from '../../lib/app-error';

/** Performance is judged over the last 90 days (our choice; docs/community-economics.md). */
export const PERFORMANCE_PERIOD_DAYS = 90;

/**
 * What the product measures today: ratings, offers answered, rides completed or cancelled by the
 * driver, and the accept streak. Punctuality (pickup within the ETA quoted at acceptance), safety
 * incidents and community actions are not recorded yet, so their defaults apply and the response
 * says so.
 */
async function histories(db: Database, driverIds: string[], since: Date): Promise<Map<string, DriverHistory>> {
  const result = new Map<string, DriverHistory>();
  for (const id of driverIds) {
    result.set(id, { ratingsCount: 0, ratingsSum: 0, offersMade: 0, offersAccepted: 0, ridesCompleted: 0, ridesCancelledByDriver: 0, pickupsOnTime: 0, pickupsLate: 0, safetyIncidents: 0, communityActions: 0, consecutiveAccepts: 0 });
  }
  if (driverIds.length === 0) return result;
  const rideRows = await db
    .select({
      driverId: rides.driverId,
      ratingsCount: sql<number>`count(${rides.rating})::int`,
      ratingsSum: sql<number>`coalesce(sum(${rides.rating}), 0)::int`,
      completed: sql<number>`count(*) filter (where ${rides.status} = 'completed')::int`,
      cancelledByDriver: sql<number>`count(*) filter (where ${rides.status} = 'cancelled' and ${rides.cancelledBy} = 'driver')::int`,
    })
    .from(rides)
    .where(and(inArray(rides.driverId, driverIds), gte(rides.requestedAt, since)))
    .groupBy(rides.driverId);
  for (const row of rideRows) {
    const history = result.get(row.driverId!)!;
    Object.assign(history, { ratingsCount: row.ratingsCount, ratingsSum: row.ratingsSum, ridesCompleted: row.completed, ridesCancelledByDriver: row.cancelledByDriver });
  }
  // An offer withdrawn because another driver took the ride first was never the driver's to answer.
  const answered = and(inArray(rideOffers.driverId, driverIds), gte(rideOffers.offeredAt, since), inArray(rideOffers.status, ['accepted', 'declined', 'expired']));
  const offerRows = await db
    .select({ driverId: rideOffers.driverId, made: sql<number>`count(*)::int`, accepted: sql<number>`count(*) filter (where ${rideOffers.status} = 'accepted')::int` })
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
  return result;
}

/** The driver's performance, ranked within their territory's drivers. */
export async function driverPerformance(db: Database, driverId: string, now: Date): Promise<DriverPerformance> {
  const [profile] = await db.select({ territoryId: driverProfiles.territoryId }).from(driverProfiles).where(eq(driverProfiles.userId, driverId));
  if (!profile) throw notFound('Driver profile');
  const cohortIds = profile.territoryId
    ? (await db.select({ id: driverProfiles.userId }).from(driverProfiles).where(and(eq(driverProfiles.territoryId, profile.territoryId), eq(driverProfiles.isApproved, true)))).map((row) => row.id)
    : [];
  if (!cohortIds.includes(driverId)) cohortIds.push(driverId);
  const since = new Date(now.getTime() - PERFORMANCE_PERIOD_DAYS * 86_400_000);
  const all = await histories(db, cohortIds, since);
  const cohort = cohortIds.map((id) => ({ driverId: id, metrics: computeMetrics(all.get(id)!) }));
  const mine = cohort.find((member) => member.driverId === driverId)!;
  const assignment = assignTiers(cohort).find((a) => a.driverId === driverId)!;
  const rules = TIER_RULES[assignment.tier];
  return {
    periodDays: PERFORMANCE_PERIOD_DAYS,
    tier: assignment.tier,
    topFraction: assignment.topFraction,
    cohortSize: cohort.length,
    metrics: mine.metrics,
    goals: tierGoals(mine.metrics, assignment.topFraction),
    rules: { streakBonusCents: rules.streakBonusCents, peakHourMinimumCentsPerHour: rules.peakHourMinimumCentsPerHour, monthlyBonusCapCents: rules.monthlyBonusCapCents, perks: [...rules.perks] },
    unmeasured: ['punctualityScore', 'safetyScore', 'communityEngagement'],
  };
}

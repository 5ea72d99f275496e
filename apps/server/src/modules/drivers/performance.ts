import {
  assignTiers,
  computeMetrics,
  PICKUP_GRACE_MINUTES,
  tierGoals,
  TIER_RULES,
  driverTiers as tierNames,
  type DriverHistory,
  type DriverMetrics,
  type DriverPerformance,
  type DriverTier,
  type JudgedMetric,
  type TierAssignment,
} from '@coride/domain';
import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bonusPoolRuns, communitySubmissions, disputes, driverProfiles, driverTiers, rideOffers, rides } from '../../db/schema';
import { notFound } from '../../lib/app-error';

/** Performance is judged over the last 90 days (our choice; docs/community-economics.md). */
export const PERFORMANCE_PERIOD_DAYS = 90;
const DAY_MS = 86_400_000;

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

/** Which metrics had no data for the driver in the period (their default of 5.0 applies). */
export function unmeasuredOf(history: MeasuredHistory): JudgedMetric[] {
  const missing: JudgedMetric[] = [];
  if (history.pickupsMeasured === 0) missing.push('punctualityScore');
  if ((history.safetyRatingsCount ?? 0) === 0 && history.safetyIncidents === 0) missing.push('safetyScore');
  return missing;
}

/** The approved drivers of a territory. */
export async function territoryDriverIds(db: Executor, territoryId: string): Promise<string[]> {
  const rows = await db
    .select({ id: driverProfiles.userId })
    .from(driverProfiles)
    .where(and(eq(driverProfiles.territoryId, territoryId), eq(driverProfiles.isApproved, true)));
  return rows.map((row) => row.id);
}

export type CohortResult = {
  since: Date;
  until: Date;
  members: { driverId: string; history: MeasuredHistory; metrics: DriverMetrics; assignment: TierAssignment }[];
};

/** Metrics and tiers of a cohort (a territory's drivers) over the PERFORMANCE_PERIOD_DAYS ending at `until`. */
export async function judgeCohort(db: Executor, driverIds: string[], until: Date): Promise<CohortResult> {
  const since = new Date(until.getTime() - PERFORMANCE_PERIOD_DAYS * DAY_MS);
  const all = await histories(db, driverIds, since, until);
  const cohort = driverIds.map((id) => ({ driverId: id, metrics: computeMetrics(all.get(id)!) }));
  const assignments = new Map(assignTiers(cohort).map((a) => [a.driverId, a]));
  return {
    since,
    until,
    members: cohort.map(({ driverId, metrics }) => ({ driverId, metrics, history: all.get(driverId)!, assignment: assignments.get(driverId)! })),
  };
}

const asTier = (value: string): DriverTier => ((tierNames as readonly string[]).includes(value) ? (value as DriverTier) : 'Probationary');

/** The driver's performance, ranked live within their territory's drivers, with the stored tier and the last pool bonus. */
export async function driverPerformance(db: Executor, driverId: string, now: Date): Promise<DriverPerformance> {
  const [profile] = await db.select({ territoryId: driverProfiles.territoryId }).from(driverProfiles).where(eq(driverProfiles.userId, driverId));
  if (!profile) throw notFound('Driver profile');
  const cohortIds = profile.territoryId ? await territoryDriverIds(db, profile.territoryId) : [];
  if (!cohortIds.includes(driverId)) cohortIds.push(driverId);
  const judged = await judgeCohort(db, cohortIds, now);
  const mine = judged.members.find((member) => member.driverId === driverId)!;
  const rules = TIER_RULES[mine.assignment.tier];
  const [stored] = await db.select({ tier: driverTiers.tier, computedAt: driverTiers.computedAt }).from(driverTiers).where(eq(driverTiers.driverId, driverId));
  const lastBonus = profile.territoryId ? await lastBonusOf(db, profile.territoryId, driverId, now) : null;
  return {
    periodDays: PERFORMANCE_PERIOD_DAYS,
    tier: mine.assignment.tier,
    topFraction: mine.assignment.topFraction,
    cohortSize: judged.members.length,
    metrics: mine.metrics,
    goals: tierGoals(mine.metrics, mine.assignment.topFraction),
    rules: {
      streakBonusCents: rules.streakBonusCents,
      peakHourMinimumCentsPerHour: rules.peakHourMinimumCentsPerHour,
      monthlyBonusCapCents: rules.monthlyBonusCapCents,
      perks: [...rules.perks],
    },
    unmeasured: unmeasuredOf(mine.history),
    periodStart: judged.since.toISOString(),
    periodEnd: judged.until.toISOString(),
    storedTier: stored ? { tier: asTier(stored.tier), computedAt: stored.computedAt.toISOString() } : null,
    monthlyBonus: lastBonus?.total ?? 0,
    lastBonus,
  };
}

type StoredDriverLine = { driverId: string; quintile: number | null; paid: { guarantee: number; streak: number; performance: number }; total: number };

/** The driver's line in the latest pool run of their territory for a month already over. */
async function lastBonusOf(db: Executor, territoryId: string, driverId: string, now: Date): Promise<DriverPerformance['lastBonus']> {
  const currentMonth = now.toISOString().slice(0, 7);
  const [run] = await db
    .select({ month: bonusPoolRuns.month, summary: bonusPoolRuns.summary })
    .from(bonusPoolRuns)
    .where(and(eq(bonusPoolRuns.territoryId, territoryId), lt(bonusPoolRuns.month, currentMonth)))
    .orderBy(desc(bonusPoolRuns.month))
    .limit(1);
  if (!run) return null;
  const lines = (run.summary as { drivers?: StoredDriverLine[] }).drivers ?? [];
  const line = lines.find((l) => l.driverId === driverId);
  return {
    month: run.month,
    quintile: line?.quintile ?? null,
    guarantee: line?.paid.guarantee ?? 0,
    streak: line?.paid.streak ?? 0,
    performance: line?.paid.performance ?? 0,
    total: line?.total ?? 0,
  };
}

export type PerformanceReader = ReturnType<typeof createPerformanceReader>;

/** GET /api/drivers/performance's reader: the route hands it the driver, never the database. */
export function createPerformanceReader({ db, now }: { db: Executor; now: () => Date }) {
  return { of: (driverId: string) => driverPerformance(db, driverId, now()) };
}

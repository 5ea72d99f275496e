import {
  analyticsInsights,
  assignTiers,
  unjudgedMetrics,
  communityHealth,
  computeMetrics,
  DEFAULT_SCORE,
  driverRetention,
  driverTiers,
  growthPercent,
  judgedMetrics,
  MIN_RIDES_FOR_TIER,
  territoryDriverStatus,
  TIER_REQUIREMENTS,
  tierIndex,
  type AnalyticsDriver,
  type DriverEarningsDay,
  type DriverMetrics,
  type DriverTier,
  type LicenseeAnalytics,
  type PlatformAnalytics,
  type RankedTier,
} from '@coride/domain';
import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../accounts/tables';
import { driverProfiles } from '../applications/profile-tables';
import { driverTiers as storedTiers } from '../community/tables';
import { charges, ledgerEntries, ledgerTransactions } from '../payments/tables';
import { rideOffers, rides } from '../rides/tables';
import { territories, territoryZipCodes } from '../territories/tables';
import type { AuthenticatedUser } from '../accounts/service';
import { PERFORMANCE_PERIOD_DAYS, unmeasuredOf } from './driver-performance';
import { histories } from './driver-history';
import { accounts } from '../payments/ledger';
import type { PaymentViews } from './payment-views';
import type { TerritoryAccess } from '../territories/access';

const DAY_MS = 86_400_000;
/** Days of revenue the licensee's chart shows. */
export const REVENUE_CHART_DAYS = 30;
/** Retention compares the drivers active in the 30 days before the last 30 with the last 30 (our choice). */
export const RETENTION_WINDOW_DAYS = 30;

const dayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const monthStart = (at: Date, offset = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
const dayKey = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
/** A charge's part for one payee after refunds (0 without a split). */
const remainingPart = (payee: 'driver' | 'licensee') =>
  sql`(coalesce((${charges.split}->>${payee})::bigint, 0) - coalesce((${charges.refundedSplit}->>${payee})::bigint, 0))`;
const days = (count: number, last: Date) =>
  Array.from({ length: count }, (_, i) => new Date(dayStart(last).getTime() - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));

/** The next tier after `tier`, and which of the driver's metrics are below its minimums. */
function goalsFrom(tier: DriverTier, metrics: DriverMetrics): Pick<AnalyticsDriver, 'nextTier' | 'missing' | 'ridesNeeded'> {
  const next = driverTiers[tierIndex(tier) + 1] as RankedTier | undefined;
  if (!next) return { nextTier: null, missing: [], ridesNeeded: 0 };
  return {
    nextTier: next,
    missing: judgedMetrics.filter((metric) => metrics[metric] < TIER_REQUIREMENTS[next][metric]),
    ridesNeeded: Math.max(0, MIN_RIDES_FOR_TIER - metrics.completedRides),
  };
}

/**
 * Analytics read models (part of the reporting module, see ./dashboards.ts for the others): the
 * driver's daily earnings, a territory's analytics, platform statistics. Reporting is the one place
 * where queries join across modules (rides, offers, profiles, the ledger, the escrow sub-ledger,
 * stored tiers); it reads any table and writes none.
 *
 * What "revenue" means, once for all of reporting (kept as the screens show it today):
 * - ride revenue (licensee and territory figures, the revenue chart): what riders were charged for
 *   completed rides, the sum of `rides.total_fare` (tips excluded), dated by completion;
 * - platform revenue and the admin's daily revenue: money, from the ledger: captured less refunded
 *   (`reporting/payment-views.ts` ledgerTotals, dailyRevenue, capturedToday).
 * The first is what the marketplace sold; the second what was actually collected.
 */
export function createAnalyticsService(deps: { db: Database; paymentViews: PaymentViews; now: () => Date; access: TerritoryAccess }) {
  const { db, paymentViews, now, access } = deps;
  /** The driver's money per UTC day: fare and tip parts by capture day, bonus payouts by posting day. */
  async function driverDaily(driverId: string, count: number): Promise<DriverEarningsDay[]> {
    const keys = days(count, now());
    const from = new Date(`${keys[0]}T00:00:00Z`);
    const day = dayKey(charges.capturedAt);
    const money = await db
      .select({
        day,
        fares: sql<number>`coalesce(sum(${remainingPart('driver')}) filter (where ${charges.kind} = 'fare'), 0)::bigint`,
        tips: sql<number>`coalesce(sum(${remainingPart('driver')}) filter (where ${charges.kind} = 'tip'), 0)::bigint`,
        rides: sql<number>`count(*) filter (where ${charges.kind} = 'fare')::int`,
      })
      .from(charges)
      .innerJoin(rides, eq(rides.id, charges.rideId))
      .where(and(eq(rides.driverId, driverId), eq(charges.status, 'captured'), gte(charges.capturedAt, from)))
      .groupBy(day);
    const postedDay = dayKey(ledgerTransactions.postedAt);
    const bonuses = await db
      .select({ day: postedDay, sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerEntries.accountId, accounts.driver(driverId)), eq(ledgerTransactions.kind, 'bonus_payout'), gte(ledgerTransactions.postedAt, from)))
      .groupBy(postedDay);
    return keys.map((key) => {
      const row = money.find((r) => r.day === key);
      return {
        day: key,
        fares: Number(row?.fares ?? 0),
        tips: Number(row?.tips ?? 0),
        bonuses: Number(bonuses.find((r) => r.day === key)?.sum ?? 0),
        rides: row?.rides ?? 0,
      };
    });
  }

  /** Completed rides and what riders paid for them, in a set of territories (all when null). */
  async function rideFigures(territoryIds: string[] | null) {
    const at = now();
    const [month, previous] = [monthStart(at), monthStart(at, -1)];
    const completed = eq(rides.status, 'completed');
    const [row] = await db
      .select({
        total: sql<number>`count(*)::int`,
        month: sql<number>`count(*) filter (where ${rides.completedAt} >= ${month})::int`,
        previousMonth: sql<number>`count(*) filter (where ${rides.completedAt} >= ${previous} and ${rides.completedAt} < ${month})::int`,
        revenueTotal: sql<number>`coalesce(sum(${rides.totalFare}), 0)::bigint`,
        revenueMonth: sql<number>`coalesce(sum(${rides.totalFare}) filter (where ${rides.completedAt} >= ${month}), 0)::bigint`,
        revenuePrevious: sql<number>`coalesce(sum(${rides.totalFare}) filter (where ${rides.completedAt} >= ${previous} and ${rides.completedAt} < ${month}), 0)::bigint`,
      })
      .from(rides)
      .where(territoryIds ? and(completed, inArray(rides.territoryId, territoryIds)) : completed);
    const figures = { total: row?.total ?? 0, month: row?.month ?? 0, previousMonth: row?.previousMonth ?? 0 };
    return {
      rides: { ...figures, growthPercent: growthPercent(figures.month, figures.previousMonth) },
      revenue: { month: Number(row?.revenueMonth ?? 0), previousMonth: Number(row?.revenuePrevious ?? 0), total: Number(row?.revenueTotal ?? 0) },
    };
  }

  /** The territory's drivers with their tier, goals and figures; health and retention from the same history. */
  async function territoryPeople(territoryId: string) {
    const at = now();
    const profiles = await db
      .select({ id: driverProfiles.userId, isApproved: driverProfiles.isApproved, firstName: users.firstName, lastName: users.lastName })
      .from(driverProfiles)
      .innerJoin(users, eq(users.id, driverProfiles.userId))
      .where(eq(driverProfiles.territoryId, territoryId));
    const ids = profiles.map((p) => p.id);
    const since = new Date(at.getTime() - PERFORMANCE_PERIOD_DAYS * DAY_MS);
    const all = await histories(db, ids, since, at);
    const metricsOf = new Map(ids.map((id) => [id, computeMetrics(all.get(id)!)]));
    // The same cohort as GET /api/drivers/performance: the territory's approved drivers.
    const assignments = new Map(
      assignTiers(
        profiles.filter((p) => p.isApproved).map((p) => ({ driverId: p.id, metrics: metricsOf.get(p.id)!, unjudged: unjudgedMetrics(all.get(p.id)!) })),
      ).map((a) => [a.driverId, a.tier]),
    );
    const stored = ids.length
      ? await db.select({ driverId: storedTiers.driverId, tier: storedTiers.tier }).from(storedTiers).where(inArray(storedTiers.driverId, ids))
      : [];
    const month = monthStart(at);
    const recent = new Date(at.getTime() - RETENTION_WINDOW_DAYS * DAY_MS);
    const before = new Date(at.getTime() - 2 * RETENTION_WINDOW_DAYS * DAY_MS);
    const rideRows = ids.length
      ? await db
          .select({
            driverId: rides.driverId,
            total: sql<number>`count(*)::int`,
            month: sql<number>`count(*) filter (where ${rides.completedAt} >= ${month})::int`,
            last: sql<Date | string | null>`max(${rides.completedAt})`,
            earlier: sql<number>`count(*) filter (where ${rides.completedAt} >= ${before} and ${rides.completedAt} < ${recent})::int`,
          })
          .from(rides)
          .where(and(eq(rides.territoryId, territoryId), eq(rides.status, 'completed'), inArray(rides.driverId, ids)))
          .groupBy(rides.driverId)
      : [];
    const earnings = ids.length
      ? await db
          .select({ driverId: rides.driverId, sum: sql<number>`coalesce(sum(${remainingPart('driver')}), 0)::bigint` })
          .from(charges)
          .innerJoin(rides, eq(rides.id, charges.rideId))
          .where(and(eq(rides.territoryId, territoryId), inArray(rides.driverId, ids), eq(charges.status, 'captured'), gte(charges.capturedAt, month)))
          .groupBy(rides.driverId)
      : [];
    const drivers: AnalyticsDriver[] = profiles.map((profile) => {
      const metrics = metricsOf.get(profile.id)!;
      const history = all.get(profile.id)!;
      const storedTier = stored.find((s) => s.driverId === profile.id)?.tier;
      // Judged live, as the driver's own dashboard shows it; the last stored run is shown next to it.
      const tier = assignments.get(profile.id) ?? 'Probationary';
      const rideRow = rideRows.find((r) => r.driverId === profile.id);
      const last = rideRow?.last ? new Date(rideRow.last) : null;
      return {
        driverId: profile.id,
        name: `${profile.firstName} ${profile.lastName}`,
        tier,
        storedTier: storedTier && (driverTiers as readonly string[]).includes(storedTier) ? (storedTier as DriverTier) : null,
        ...goalsFrom(tier, metrics),
        rating: history.ratingsCount === 0 ? null : metrics.customerRating,
        acceptanceRate: metrics.acceptanceRate,
        overallScore: metrics.overallScore,
        totalRides: rideRow?.total ?? 0,
        monthRides: rideRow?.month ?? 0,
        monthEarnings: Number(earnings.find((e) => e.driverId === profile.id)?.sum ?? 0),
        status: territoryDriverStatus({ isApproved: profile.isApproved, tier, lastCompletedAt: last }, at),
      };
    });
    drivers.sort((a, b) => tierIndex(b.tier) - tierIndex(a.tier) || b.overallScore - a.overallScore || a.name.localeCompare(b.name));

    // Health (spec §9): riders' rating of drivers in the period; safety = the approved drivers' safety score.
    const [rated] = await db
      .select({ average: sql<number | null>`avg(${rides.rating})::float` })
      .from(rides)
      .where(and(eq(rides.territoryId, territoryId), gte(rides.requestedAt, since), isNotNull(rides.driverId)));
    const approved = profiles.filter((p) => p.isApproved).map((p) => metricsOf.get(p.id)!.safetyScore);
    const round2 = (value: number) => Math.round(value * 100) / 100;
    const inputs = {
      customerRating: DEFAULT_SCORE,
      driverRating: rated?.average == null ? DEFAULT_SCORE : round2(rated.average),
      safetyScore: approved.length ? round2(approved.reduce((a, b) => a + b, 0) / approved.length) : DEFAULT_SCORE,
    };
    const unmeasured: ('customerRating' | 'driverRating' | 'safetyScore')[] = ['customerRating'];
    if (rated?.average == null) unmeasured.push('driverRating');
    // Safety is measured when at least one approved driver has a safety rating or a confirmed incident.
    if (profiles.every((p) => !p.isApproved || unmeasuredOf(all.get(p.id)!).includes('safetyScore'))) unmeasured.push('safetyScore');
    // Retention: of the drivers with a completed ride in the 30 days before the last 30, those with one since.
    const activeAtStart = rideRows.filter((r) => r.earlier > 0);
    const stillActive = activeAtStart.filter((r) => r.last && new Date(r.last) >= recent).length;
    const retention = { activeAtStart: activeAtStart.length, stillActive, ...driverRetention(activeAtStart.length, stillActive) };
    const health = communityHealth(inputs);
    return { drivers, inputs, unmeasured, health, retention };
  }

  const tierCounts = (tiers: DriverTier[]) => driverTiers.map((tier) => ({ tier, count: tiers.filter((t) => t === tier).length }));

  return {
    driverDaily,

    async territory(user: AuthenticatedUser, territoryId: string): Promise<LicenseeAnalytics> {
      // Another licensee's territory is as unknown as a missing one (the territory-scope policy).
      const territory = await access.assertTerritoryManageable(user, territoryId);
      const at = now();
      const zipCodes = (await db.select({ zip: territoryZipCodes.zip }).from(territoryZipCodes).where(eq(territoryZipCodes.territoryId, territoryId)))
        .map((z) => z.zip)
        .sort();
      const { rides: rideCounts, revenue } = await rideFigures([territoryId]);

      const chartDays = days(REVENUE_CHART_DAYS, at);
      const completedDay = dayKey(rides.completedAt);
      const byDayRows = await db
        .select({ day: completedDay, revenue: sql<number>`coalesce(sum(${rides.totalFare}), 0)::bigint`, rides: sql<number>`count(*)::int` })
        .from(rides)
        .where(and(eq(rides.territoryId, territoryId), eq(rides.status, 'completed'), gte(rides.completedAt, new Date(`${chartDays[0]}T00:00:00Z`))))
        .groupBy(completedDay);

      // Commission: what the ledger credited the licensee for this territory's rides (releases less clawbacks).
      const account = accounts.licensee(territory.licenseeId);
      const [credited] = await db
        .select({
          total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`,
          month: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerTransactions.postedAt} >= ${monthStart(at)}), 0)::bigint`,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .innerJoin(rides, eq(rides.id, ledgerTransactions.rideId))
        .where(and(eq(ledgerEntries.accountId, account), eq(rides.territoryId, territoryId)));
      const [held] = await db
        .select({ sum: sql<number>`coalesce(sum(${remainingPart('licensee')}), 0)::bigint` })
        .from(charges)
        .innerJoin(rides, eq(rides.id, charges.rideId))
        .where(and(eq(rides.territoryId, territoryId), eq(charges.status, 'captured'), isNull(charges.releasedAt)));

      // Acceptance: offers the territory's drivers answered (a withdrawn offer was never theirs to answer).
      const month = monthStart(at);
      const [offers] = await db
        .select({
          month: sql<number>`count(*) filter (where ${rideOffers.offeredAt} >= ${month})::int`,
          monthAccepted: sql<number>`count(*) filter (where ${rideOffers.offeredAt} >= ${month} and ${rideOffers.status} = 'accepted')::int`,
          previous: sql<number>`count(*) filter (where ${rideOffers.offeredAt} < ${month})::int`,
          previousAccepted: sql<number>`count(*) filter (where ${rideOffers.offeredAt} < ${month} and ${rideOffers.status} = 'accepted')::int`,
        })
        .from(rideOffers)
        .innerJoin(rides, eq(rides.id, rideOffers.rideId))
        .where(
          and(
            eq(rides.territoryId, territoryId),
            inArray(rideOffers.status, ['accepted', 'declined', 'expired']),
            gte(rideOffers.offeredAt, monthStart(at, -1)),
            lt(rideOffers.offeredAt, at),
          ),
        );
      const rate = (accepted: number, made: number) => (made === 0 ? null : Math.round((1000 * accepted) / made) / 10);
      const acceptance = {
        month: rate(offers?.monthAccepted ?? 0, offers?.month ?? 0),
        previousMonth: rate(offers?.previousAccepted ?? 0, offers?.previous ?? 0),
      };

      const people = await territoryPeople(territoryId);
      const commission = { month: Number(credited?.month ?? 0), total: Number(credited?.total ?? 0), pending: Number(held?.sum ?? 0) };
      return {
        territory: { id: territory.id, name: territory.name, zipCodes },
        monthStart: month.toISOString(),
        commission,
        revenue: {
          ...revenue,
          byDay: chartDays.map((day) => {
            const row = byDayRows.find((r) => r.day === day);
            return { day, revenue: Number(row?.revenue ?? 0), rides: row?.rides ?? 0 };
          }),
        },
        rides: rideCounts,
        acceptance,
        drivers: people.drivers,
        tiers: tierCounts(people.drivers.map((d) => d.tier)),
        health: {
          communityHealthScore: people.health.score,
          average: people.health.average,
          colour: people.health.colour,
          ...people.inputs,
          driverRetention: people.retention.percent,
          retentionPerformingWell: people.retention.performingWell,
        },
        unmeasured: people.unmeasured,
        retention: people.retention,
        insights: analyticsInsights({
          ridesGrowthPercent: rideCounts.growthPercent,
          acceptance,
          drivers: people.drivers,
          health: { colour: people.health.colour, ...people.inputs },
          retention: people.retention,
          pendingCommission: commission.pending,
        }),
      };
    },

    async platform(): Promise<PlatformAnalytics> {
      const at = now();
      const { rides: rideCounts, revenue } = await rideFigures(null);
      const month = monthStart(at);
      const list = await db.select({ id: territories.id, name: territories.name }).from(territories).orderBy(territories.name);
      const perTerritory = await db
        .select({
          territoryId: rides.territoryId,
          rides: sql<number>`count(*)::int`,
          revenue: sql<number>`coalesce(sum(${rides.totalFare}), 0)::bigint`,
        })
        .from(rides)
        .where(and(eq(rides.status, 'completed'), gte(rides.completedAt, month)))
        .groupBy(rides.territoryId);
      const allTiers: DriverTier[] = [];
      const rows: PlatformAnalytics['territories'] = [];
      for (const territory of list) {
        const people = await territoryPeople(territory.id);
        allTiers.push(...people.drivers.map((d) => d.tier));
        const figures = perTerritory.find((r) => r.territoryId === territory.id);
        rows.push({
          territoryId: territory.id,
          name: territory.name,
          drivers: people.drivers.length,
          monthRides: figures?.rides ?? 0,
          monthRevenue: Number(figures?.revenue ?? 0),
          health: { score: people.health.score, average: people.health.average, colour: people.health.colour },
          retentionPercent: people.retention.percent,
        });
      }
      const tiers = tierCounts(allTiers);
      return { rides: rideCounts, revenue, ledger: await paymentViews.ledgerTotals(), tiers, territories: rows };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

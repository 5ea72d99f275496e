import {
  assignTiers,
  computeMetrics,
  tierGoals,
  TIER_RULES,
  unjudgedMetrics,
  driverTiers as tierNames,
  type DriverMetrics,
  type DriverPerformance,
  type DriverTier,
  type JudgedMetric,
  type TierAssignment,
} from '@coride/domain';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { driverProfiles } from '../applications/profile-tables';
import { bonusPoolRuns, driverTiers } from '../community/tables';
import { notFound } from '../../lib/app-error';
import { histories, type MeasuredHistory } from './driver-history';

/*
 * A driver's performance and the territory cohort it is judged in: a read model joining across modules
 * (applications' driver profiles, community's stored tiers and bonus-pool runs, the measured histories
 * of rides and sessions); writes nothing. Community's tier job and bonus pool judge through it.
 */

/** Performance is judged over the last 90 days (our choice; docs/community-economics.md). */
export const PERFORMANCE_PERIOD_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * Which metrics had no data for the driver in the period, so the figure is a default (5.0, 100%): the
 * ones no tier can be reached on (unjudgedMetrics), and safety without a safety rating or incident
 * (judged on its clean record, shown as not measured).
 */
export function unmeasuredOf(history: MeasuredHistory): JudgedMetric[] {
  const missing = unjudgedMetrics(history);
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
  const cohort = driverIds.map((id) => ({ driverId: id, metrics: computeMetrics(all.get(id)!), unjudged: unjudgedMetrics(all.get(id)!) }));
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
    goals: tierGoals(mine.metrics, mine.assignment.topFraction, unjudgedMetrics(mine.history)),
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

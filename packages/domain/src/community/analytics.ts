import { z } from 'zod';
import { communityHealthSchema, type HealthColour } from './community-health';
import { driverTiers, judgedMetrics, type DriverTier, type JudgedMetric } from './performance';
import { ledgerTotalsSchema } from '../payments';
import { roundTo } from './shared';

/**
 * Read models of the analytics screens (spec §2 "Driver performance dashboard", "Real-time earnings
 * tracker", "Licensee analytics dashboard") and the rule-based insights. Every figure comes from
 * rides and the ledger; money in integer cents.
 */

/** One UTC day of the driver's money: their part of fares and tips captured that day, and bonuses paid. */
export const driverEarningsDaySchema = z.object({
  /** 'YYYY-MM-DD' (UTC). */
  day: z.string(),
  fares: z.number().int(),
  tips: z.number().int(),
  bonuses: z.number().int(),
  rides: z.number().int(),
});
export type DriverEarningsDay = z.infer<typeof driverEarningsDaySchema>;

export const DAILY_EARNINGS_MAX_DAYS = 31;
export const driverEarningsDailyQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(DAILY_EARNINGS_MAX_DAYS).default(14) });

/** GET /api/drivers/earnings/daily?days=N: the last N days, oldest first (today last). */
export const driverEarningsDailySchema = z.object({ days: z.array(driverEarningsDaySchema) });
export type DriverEarningsDaily = z.infer<typeof driverEarningsDailySchema>;

/** Month-over-month growth in percent, 1 decimal; null when the previous month had nothing to compare with. */
export function growthPercent(current: number, previous: number): number | null {
  return previous === 0 ? null : roundTo((100 * (current - previous)) / previous, 1);
}

export const territoryDriverStatuses = ['active', 'inactive', 'probation'] as const;
export type TerritoryDriverStatus = (typeof territoryDriverStatuses)[number];

/** Days without a completed ride after which an approved driver counts as inactive (our choice). */
export const ACTIVE_WINDOW_DAYS = 30;

/** Spec §4 statuses we can derive: not approved or idle for ACTIVE_WINDOW_DAYS → inactive; Probationary → probation. */
export function territoryDriverStatus(driver: { isApproved: boolean; tier: DriverTier; lastCompletedAt: Date | null }, now: Date): TerritoryDriverStatus {
  if (!driver.isApproved) return 'inactive';
  if (!driver.lastCompletedAt || now.getTime() - driver.lastCompletedAt.getTime() > ACTIVE_WINDOW_DAYS * 86_400_000) return 'inactive';
  return driver.tier === 'Probationary' ? 'probation' : 'active';
}

/**
 * How many of these drivers completed a ride in the last ACTIVE_WINDOW_DAYS: 'active' and
 * 'probation' both mean a ride in the window (probation is only the tier), 'inactive' means none.
 */
export function countActiveInWindow(drivers: readonly { status: TerritoryDriverStatus }[]): number {
  return drivers.filter((driver) => driver.status !== 'inactive').length;
}

export const analyticsDriverSchema = z.object({
  driverId: z.string(),
  name: z.string(),
  /** The tier judged now from the period's history (as GET /api/drivers/performance does). */
  tier: z.enum(driverTiers),
  /** The tier of the last stored run (driver_tiers), null when never computed. */
  storedTier: z.enum(driverTiers).nullable(),
  nextTier: z.enum(driverTiers).nullable(),
  /** Metrics below the next tier's minimum. */
  missing: z.array(z.enum(judgedMetrics)),
  ridesNeeded: z.number().int(),
  /** Average star rating over the performance period (null: no rating yet). */
  rating: z.number().nullable(),
  acceptanceRate: z.number(),
  overallScore: z.number(),
  /** Completed rides, all time. */
  totalRides: z.number().int(),
  monthRides: z.number().int(),
  /** The driver's part of this month's captured fares and tips, cents. */
  monthEarnings: z.number().int(),
  status: z.enum(territoryDriverStatuses),
});
export type AnalyticsDriver = z.infer<typeof analyticsDriverSchema>;

export const tierCountSchema = z.object({ tier: z.enum(driverTiers), count: z.number().int() });

export const insightKinds = [
  'ridesGrew',
  'ridesFell',
  'acceptanceRose',
  'acceptanceFell',
  'oneMetricFromTier',
  'driversInTrial',
  'healthBelowGreen',
  'retentionLow',
  'retentionGood',
  'commissionInEscrow',
  'steady',
] as const;
export type InsightKind = (typeof insightKinds)[number];

export const insightSchema = z.object({
  kind: z.enum(insightKinds),
  tone: z.enum(['positive', 'negative', 'neutral']),
  /** Values for the sentence (numbers, tier names, metric keys, colours); the UI words them. */
  values: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type Insight = z.infer<typeof insightSchema>;

/** A change in acceptance this big (percentage points) is worth a line (our choice). */
export const ACCEPTANCE_CHANGE_POINTS = 5;
/** Ride growth this big (percent either way) is worth a line (our choice). */
export const RIDES_GROWTH_PERCENT = 10;

export type InsightInputs = {
  ridesGrowthPercent: number | null;
  acceptance: { month: number | null; previousMonth: number | null };
  drivers: readonly Pick<AnalyticsDriver, 'nextTier' | 'missing' | 'ridesNeeded'>[];
  health: { colour: HealthColour; customerRating: number; driverRating: number; safetyScore: number };
  retention: { activeAtStart: number; percent: number | null; performingWell: boolean };
  pendingCommission: number;
};

/** Rule-based observations from the figures (spec §2 "Insights"): no number here that the data does not hold. */
export function analyticsInsights(input: InsightInputs): Insight[] {
  const insights: Insight[] = [];
  const growth = input.ridesGrowthPercent;
  if (growth !== null && Math.abs(growth) >= RIDES_GROWTH_PERCENT) {
    insights.push({ kind: growth > 0 ? 'ridesGrew' : 'ridesFell', tone: growth > 0 ? 'positive' : 'negative', values: { percent: Math.abs(growth) } });
  }
  const { month, previousMonth } = input.acceptance;
  if (month !== null && previousMonth !== null) {
    const delta = roundTo(month - previousMonth, 1);
    if (Math.abs(delta) >= ACCEPTANCE_CHANGE_POINTS) {
      insights.push({
        kind: delta > 0 ? 'acceptanceRose' : 'acceptanceFell',
        tone: delta > 0 ? 'positive' : 'negative',
        values: { points: Math.abs(delta), month, previousMonth },
      });
    }
  }
  const close = new Map<DriverTier, Map<JudgedMetric, number>>();
  for (const driver of input.drivers) {
    if (!driver.nextTier || driver.ridesNeeded > 0 || driver.missing.length !== 1) continue;
    const byMetric = close.get(driver.nextTier) ?? new Map<JudgedMetric, number>();
    byMetric.set(driver.missing[0]!, (byMetric.get(driver.missing[0]!) ?? 0) + 1);
    close.set(driver.nextTier, byMetric);
  }
  for (const tier of driverTiers) {
    const byMetric = close.get(tier);
    if (!byMetric) continue;
    const count = [...byMetric.values()].reduce((a, b) => a + b, 0);
    const [metric] = [...byMetric.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    insights.push({ kind: 'oneMetricFromTier', tone: 'neutral', values: { count, tier, metric } });
  }
  const inTrial = input.drivers.filter((driver) => driver.ridesNeeded > 0).length;
  if (inTrial > 0) insights.push({ kind: 'driversInTrial', tone: 'neutral', values: { count: inTrial } });
  if (input.health.colour !== 'green') {
    const parts = { customerRating: input.health.customerRating, driverRating: input.health.driverRating, safetyScore: input.health.safetyScore };
    const [weakest, value] = Object.entries(parts).sort((a, b) => a[1] - b[1])[0]!;
    insights.push({ kind: 'healthBelowGreen', tone: 'negative', values: { colour: input.health.colour, input: weakest, value } });
  }
  const { percent } = input.retention;
  if (percent !== null) {
    insights.push(
      input.retention.performingWell
        ? { kind: 'retentionGood', tone: 'positive', values: { percent } }
        : { kind: 'retentionLow', tone: 'negative', values: { percent } },
    );
  }
  if (input.pendingCommission > 0) insights.push({ kind: 'commissionInEscrow', tone: 'neutral', values: { cents: input.pendingCommission } });
  if (insights.length === 0) insights.push({ kind: 'steady', tone: 'neutral', values: {} });
  return insights;
}

/** GET /api/licensee/analytics?territoryId= (licensee: own territories; admin: any). */
export const licenseeAnalyticsSchema = z.object({
  territory: z.object({ id: z.string(), name: z.string(), zipCodes: z.array(z.string()) }),
  /** First instant of the current UTC month. */
  monthStart: z.string(),
  /**
   * What the ledger credited the territory's licensee for its rides (escrow releases less clawbacks):
   * this month, all time, and the licensee part still held in escrow. Bonus-pool contributions are not deducted.
   */
  commission: z.object({ month: z.number().int(), total: z.number().int(), pending: z.number().int() }),
  revenue: z.object({
    /** Total fare of completed rides (before any reward credit, as /api/licensee/territories counts it), by completion date. */
    month: z.number().int(),
    previousMonth: z.number().int(),
    total: z.number().int(),
    /** The last 30 UTC days, oldest first. */
    byDay: z.array(z.object({ day: z.string(), revenue: z.number().int(), rides: z.number().int() })),
  }),
  rides: z.object({ month: z.number().int(), previousMonth: z.number().int(), total: z.number().int(), growthPercent: z.number().nullable() }),
  /** Offers accepted of offers answered in the territory, percent (null: no offer answered). */
  acceptance: z.object({ month: z.number().nullable(), previousMonth: z.number().nullable() }),
  drivers: z.array(analyticsDriverSchema),
  tiers: z.array(tierCountSchema),
  health: communityHealthSchema,
  /** Inputs the product does not measure yet (their default of 5.0 applies). */
  unmeasured: z.array(z.enum(['customerRating', 'driverRating', 'safetyScore'])),
  retention: z.object({ activeAtStart: z.number().int(), stillActive: z.number().int(), percent: z.number().nullable(), performingWell: z.boolean() }),
  insights: z.array(insightSchema),
});
export type LicenseeAnalytics = z.infer<typeof licenseeAnalyticsSchema>;
export const licenseeAnalyticsQuerySchema = z.object({ territoryId: z.string().uuid() });

/** GET /api/admin/analytics: platform-wide statistics for the admin console. */
export const platformAnalyticsSchema = z.object({
  rides: z.object({ month: z.number().int(), previousMonth: z.number().int(), total: z.number().int(), growthPercent: z.number().nullable() }),
  revenue: z.object({ month: z.number().int(), previousMonth: z.number().int(), total: z.number().int() }),
  ledger: ledgerTotalsSchema,
  tiers: z.array(tierCountSchema),
  territories: z.array(
    z.object({
      territoryId: z.string(),
      name: z.string(),
      drivers: z.number().int(),
      monthRides: z.number().int(),
      monthRevenue: z.number().int(),
      health: z.object({ score: z.number(), average: z.number(), colour: communityHealthSchema.shape.colour }),
      retentionPercent: z.number().nullable(),
    }),
  ),
});
export type PlatformAnalytics = z.infer<typeof platformAnalyticsSchema>;

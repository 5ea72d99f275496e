import { z } from 'zod';
import { assertCount, fractionStrictlyAbove, roundTo } from './shared';

/**
 * Driver performance: metrics from plain history facts, the tier, the goals to the next tier and
 * what each tier brings. Spec §3 (driver metrics), §4 (tiers in order, streaks), §9 (driver tiers,
 * metric targets). Choices where the spec conflicts: docs/community-economics.md.
 */

/** Spec §4: "Driver tiers in order: Probationary, Bronze, Silver, Gold, Platinum". Lowest first. */
export const driverTiers = ['Probationary', 'Bronze', 'Silver', 'Gold', 'Platinum'] as const;
export type DriverTier = (typeof driverTiers)[number];
export type RankedTier = Exclude<DriverTier, 'Probationary'>;

export const tierIndex = (tier: DriverTier): number => driverTiers.indexOf(tier);
export const lowerTier = (a: DriverTier, b: DriverTier): DriverTier => (tierIndex(a) <= tierIndex(b) ? a : b);

/** What the server counts over the period it judges (ours: the last 90 days, its choice). */
export type DriverHistory = {
  /** Star ratings (1-5) riders gave: how many and their sum. */
  ratingsCount: number;
  ratingsSum: number;
  /** Ride offers sent to the driver, and how many they accepted (declines and timeouts are the rest). */
  offersMade: number;
  offersAccepted: number;
  /** Rides the driver completed, and accepted rides the driver cancelled (rider cancellations do not count). */
  ridesCompleted: number;
  ridesCancelledByDriver: number;
  /** Pickups within the quoted ETA plus PICKUP_GRACE_MINUTES, and later ones (see isPickupOnTime). */
  pickupsOnTime: number;
  pickupsLate: number;
  /** Optional safety ratings (1-5) from riders, when the product asks for them. */
  safetyRatingsCount?: number;
  safetyRatingsSum?: number;
  /** Safety incidents confirmed by the licensee (a report alone is not an incident). */
  safetyIncidents: number;
  /** Community actions recorded for the driver (mentoring, events, verified reports, training). */
  communityActions: number;
  /** Offers accepted in a row since the last decline, timeout or driver cancellation. */
  consecutiveAccepts: number;
};

/** Spec §4: "a bonus is earned every 10 accepted rides; progress is count modulo 10". */
export const STREAK_LENGTH = 10;
/** Our choice: a pickup is on time up to 2 minutes after the ETA quoted when the driver accepted. */
export const PICKUP_GRACE_MINUTES = 2;
/** Spec §3 gives missing customer ratings 5.0; we give a driver without data the same benefit of the doubt. */
export const DEFAULT_SCORE = 5;
/** Our choice: each confirmed safety incident in the period takes half a point off the safety score. */
export const SAFETY_POINTS_PER_INCIDENT = 0.5;
/** Our choice: each community action in the period is worth half a point, 5 at 10 actions. */
export const ENGAGEMENT_POINTS_PER_ACTION = 0.5;
/** Our choice: below this many completed rides a driver is Probationary (a trial period), whatever the metrics. */
export const MIN_RIDES_FOR_TIER = 20;

export function isPickupOnTime(quotedEtaMinutes: number, actualMinutes: number): boolean {
  return actualMinutes <= quotedEtaMinutes + PICKUP_GRACE_MINUTES;
}

export const driverMetricsSchema = z.object({
  /** 0-5, 2 decimals. */
  customerRating: z.number(),
  /** Percent 0-100, 1 decimal. */
  acceptanceRate: z.number(),
  /** Percent 0-100, 1 decimal. */
  completionRate: z.number(),
  /** 0-5, 2 decimals: 5 × the share of on-time pickups. */
  punctualityScore: z.number(),
  /** 0-5, 2 decimals. */
  safetyScore: z.number(),
  /** 0-5, 2 decimals. */
  communityEngagement: z.number(),
  /** Completed runs of 10 accepts in the current streak. */
  streakCount: z.number().int(),
  /** Accepts towards the next streak, 0-9. */
  streakProgress: z.number().int(),
  completedRides: z.number().int(),
  /** 0-5, 2 decimals, weighted by OVERALL_WEIGHTS. */
  overallScore: z.number(),
});
export type DriverMetrics = z.infer<typeof driverMetricsSchema>;

/** The metrics tiers are judged on, with their scale (spec §9: "scores on a 0-5 scale", rates in percent). */
export const judgedMetrics = ['customerRating', 'acceptanceRate', 'completionRate', 'punctualityScore', 'safetyScore', 'communityEngagement'] as const;
export type JudgedMetric = (typeof judgedMetrics)[number];
export const metricUnit: Record<JudgedMetric, 'stars' | 'percent' | 'score'> = {
  customerRating: 'stars',
  acceptanceRate: 'percent',
  completionRate: 'percent',
  punctualityScore: 'score',
  safetyScore: 'score',
  communityEngagement: 'score',
};

/**
 * Weights of the overall score (our choice; the spec names the score, 0-5, but not its formula).
 * Rates count as rate / 20 so every part is on the 0-5 scale. They add up to 1: riders' rating and
 * safety first, what a rider feels second, engagement last.
 */
export const OVERALL_WEIGHTS: Record<JudgedMetric, number> = {
  customerRating: 0.3,
  safetyScore: 0.2,
  acceptanceRate: 0.15,
  completionRate: 0.15,
  punctualityScore: 0.1,
  communityEngagement: 0.1,
};

const onFiveScale = (metric: JudgedMetric, value: number) => (metricUnit[metric] === 'percent' ? value / 20 : value);

export function overallScore(metrics: Record<JudgedMetric, number>): number {
  return roundTo(
    judgedMetrics.reduce((sum, metric) => sum + OVERALL_WEIGHTS[metric] * onFiveScale(metric, metrics[metric]), 0),
    2,
  );
}

function validateHistory(history: DriverHistory): void {
  for (const [name, value] of Object.entries(history)) if (value !== undefined) assertCount(name, value);
  const { ratingsCount, ratingsSum, safetyRatingsCount = 0, safetyRatingsSum = 0 } = history;
  if (ratingsSum < ratingsCount || ratingsSum > 5 * ratingsCount) throw new RangeError('ratingsSum must be 1 to 5 stars per rating');
  if (safetyRatingsSum < safetyRatingsCount || safetyRatingsSum > 5 * safetyRatingsCount) {
    throw new RangeError('safetyRatingsSum must be 1 to 5 per rating');
  }
  if (history.offersAccepted > history.offersMade) throw new RangeError('offersAccepted cannot exceed offersMade');
}

/** History facts -> the metrics the driver sees (spec §3 "Driver metrics"). */
export function computeMetrics(history: DriverHistory): DriverMetrics {
  validateHistory(history);
  const rate = (part: number, whole: number) => (whole === 0 ? 100 : roundTo((100 * part) / whole, 1));
  const pickups = history.pickupsOnTime + history.pickupsLate;
  const safetyBase = history.safetyRatingsCount ? history.safetyRatingsSum! / history.safetyRatingsCount : DEFAULT_SCORE;
  const judged: Record<JudgedMetric, number> = {
    customerRating: history.ratingsCount === 0 ? DEFAULT_SCORE : roundTo(history.ratingsSum / history.ratingsCount, 2),
    acceptanceRate: rate(history.offersAccepted, history.offersMade),
    completionRate: rate(history.ridesCompleted, history.ridesCompleted + history.ridesCancelledByDriver),
    punctualityScore: pickups === 0 ? DEFAULT_SCORE : roundTo((5 * history.pickupsOnTime) / pickups, 2),
    safetyScore: Math.max(0, roundTo(safetyBase - SAFETY_POINTS_PER_INCIDENT * history.safetyIncidents, 2)),
    communityEngagement: Math.min(5, roundTo(ENGAGEMENT_POINTS_PER_ACTION * history.communityActions, 2)),
  };
  return {
    ...judged,
    streakCount: Math.floor(history.consecutiveAccepts / STREAK_LENGTH),
    streakProgress: history.consecutiveAccepts % STREAK_LENGTH,
    completedRides: history.ridesCompleted,
    overallScore: overallScore(judged),
  };
}

/**
 * The minimum of every judged metric for each tier above Probationary (a driver below Bronze is
 * Probationary). Platinum is the spec's "metric targets" (§9: rating 4.7, acceptance 95%, completion
 * 98%, punctuality 4.5, safety 4.8, engagement 3.5), which contain the advancement conditions of §2/§4
 * (rating 4.7+, acceptance 95%+, safety 4.8+). Gold is the demo's gold line (rating 4.7+, acceptance
 * 90%+) with punctuality read on the 0-5 scale. Bronze and Silver are ours, stepping down evenly.
 */
export const TIER_REQUIREMENTS: Record<RankedTier, Record<JudgedMetric, number>> = {
  Bronze: { customerRating: 4.0, acceptanceRate: 70, completionRate: 90, punctualityScore: 3.5, safetyScore: 4.0, communityEngagement: 0 },
  Silver: { customerRating: 4.5, acceptanceRate: 80, completionRate: 93, punctualityScore: 4.0, safetyScore: 4.5, communityEngagement: 0 },
  Gold: { customerRating: 4.7, acceptanceRate: 90, completionRate: 95, punctualityScore: 4.25, safetyScore: 4.6, communityEngagement: 0 },
  Platinum: { customerRating: 4.7, acceptanceRate: 95, completionRate: 98, punctualityScore: 4.5, safetyScore: 4.8, communityEngagement: 3.5 },
};

/**
 * Percentile bands (spec §9 marketing tiers: Platinum top 10%, Gold upper 20%, Silver middle 40%,
 * Bronze bottom 20%). Those add up to 90%: Bronze takes the remaining 30%. A band caps the tier the
 * thresholds allow: a driver is Gold only with Gold's metrics AND a place in the top 30%.
 * The value is the largest fraction of the cohort strictly above the driver that still allows the tier.
 */
export const TIER_TOP_FRACTION: Record<RankedTier, number> = { Platinum: 0.1, Gold: 0.3, Silver: 0.7, Bronze: 1 };

/**
 * The metrics a tier's minimum cannot be met by because the period holds no data for them: no rating,
 * no offer, no finished ride, no pickup whose ETA was recorded. Their defaults (5.0, 100%) keep a
 * newcomer's figures from looking bad; they are not evidence, so no tier is reached on them (issue
 * 19, honest numbers). Safety is judged on its record, the confirmed incidents of the period's rides
 * and any safety ratings, and engagement on the actions counted: neither is ever without data.
 */
export function unjudgedMetrics(history: DriverHistory): JudgedMetric[] {
  const missing: JudgedMetric[] = [];
  if (history.ratingsCount === 0) missing.push('customerRating');
  if (history.offersMade === 0) missing.push('acceptanceRate');
  if (history.ridesCompleted + history.ridesCancelledByDriver === 0) missing.push('completionRate');
  if (history.pickupsOnTime + history.pickupsLate === 0) missing.push('punctualityScore');
  return missing;
}

/** A minimum holds when the value reaches it, and a value without data (`unjudged`) reaches none above 0. */
function holds(metrics: Pick<DriverMetrics, JudgedMetric>, unjudged: readonly JudgedMetric[], metric: JudgedMetric, minimum: number): boolean {
  return minimum <= 0 || (!unjudged.includes(metric) && metrics[metric] >= minimum);
}

function meets(metrics: Pick<DriverMetrics, JudgedMetric>, tier: RankedTier, unjudged: readonly JudgedMetric[]): boolean {
  return judgedMetrics.every((metric) => holds(metrics, unjudged, metric, TIER_REQUIREMENTS[tier][metric]));
}

/**
 * The highest tier whose minimums all hold; Probationary below Bronze or under MIN_RIDES_FOR_TIER rides.
 * `unjudged`: the metrics without data in the period (unjudgedMetrics), which meet no minimum.
 */
export function tierByThresholds(metrics: Pick<DriverMetrics, JudgedMetric | 'completedRides'>, unjudged: readonly JudgedMetric[] = []): DriverTier {
  if (metrics.completedRides < MIN_RIDES_FOR_TIER) return 'Probationary';
  const reached = (['Platinum', 'Gold', 'Silver', 'Bronze'] as const).find((tier) => meets(metrics, tier, unjudged));
  return reached ?? 'Probationary';
}

/** The highest tier the driver's place allows; `topFraction` = share of the cohort strictly above (0-1). */
export function tierByRank(topFraction: number): RankedTier {
  return (['Platinum', 'Gold', 'Silver'] as const).find((tier) => topFraction < TIER_TOP_FRACTION[tier]) ?? 'Bronze';
}

/** The tier: the lower of the thresholds' and the rank's. Without a rank (no cohort), thresholds alone. */
export function assignTier(
  metrics: Pick<DriverMetrics, JudgedMetric | 'completedRides'>,
  topFraction?: number,
  unjudged: readonly JudgedMetric[] = [],
): DriverTier {
  const byThresholds = tierByThresholds(metrics, unjudged);
  return topFraction === undefined ? byThresholds : lowerTier(byThresholds, tierByRank(topFraction));
}

/** `unjudged`: the member's metrics without data in the period (unjudgedMetrics); none when omitted. */
export type CohortMember = { driverId: string; metrics: DriverMetrics; unjudged?: readonly JudgedMetric[] };
export type TierAssignment = { driverId: string; tier: DriverTier; topFraction: number | null };

/**
 * Tiers for a territory's drivers. Drivers with MIN_RIDES_FOR_TIER rides or more are ranked by
 * overall score (equal scores share a place, so the result does not depend on input order); the rest
 * are Probationary and not ranked, so a newcomer's default 5.0 never pushes anyone down.
 */
export function assignTiers(cohort: readonly CohortMember[]): TierAssignment[] {
  const ranked = cohort.filter((member) => member.metrics.completedRides >= MIN_RIDES_FOR_TIER);
  const fractions = fractionStrictlyAbove(ranked.map((member) => member.metrics.overallScore));
  const fractionOf = new Map(ranked.map((member, i) => [member.driverId, fractions[i]!]));
  return cohort.map(({ driverId, metrics, unjudged }) => {
    const topFraction = fractionOf.get(driverId);
    return topFraction === undefined
      ? { driverId, tier: 'Probationary', topFraction: null }
      : { driverId, tier: assignTier(metrics, topFraction, unjudged), topFraction };
  });
}

export const tierGoalSchema = z.object({
  metric: z.enum(judgedMetrics),
  unit: z.enum(['stars', 'percent', 'score']),
  current: z.number(),
  target: z.number(),
  met: z.boolean(),
  /** false: no data in the period (unjudgedMetrics), so `current` is a default and the minimum is not met. */
  measured: z.boolean(),
});
export const tierGoalsSchema = z.object({
  currentTier: z.enum(driverTiers),
  /** null at Platinum: the UI shows the congratulations message (spec §2 Goals tab). */
  nextTier: z.enum(driverTiers).nullable(),
  /** Every minimum of the next tier with the driver's value; the unmet ones are what is missing. */
  requirements: z.array(tierGoalSchema),
  /** Completed rides still needed to leave the trial period (0 when done). */
  ridesNeeded: z.number().int(),
  /** The rank the next tier needs, as "top N%", and whether the driver is there (null: no cohort). */
  rank: z.object({ topPercent: z.number(), met: z.boolean().nullable() }).nullable(),
});
export type TierGoals = z.infer<typeof tierGoalsSchema>;

/** What is missing for the next tier (spec §2 Goals tab: "rating 4.7+, acceptance 95%+, safety 4.8+"). */
export function tierGoals(metrics: DriverMetrics, topFraction?: number | null, unjudged: readonly JudgedMetric[] = []): TierGoals {
  const currentTier = assignTier(metrics, topFraction ?? undefined, unjudged);
  const nextTier = driverTiers[tierIndex(currentTier) + 1] as RankedTier | undefined;
  if (!nextTier) return { currentTier, nextTier: null, requirements: [], ridesNeeded: 0, rank: null };
  const requirements = judgedMetrics
    .filter((metric) => TIER_REQUIREMENTS[nextTier][metric] > 0)
    .map((metric) => ({
      metric,
      unit: metricUnit[metric],
      current: metrics[metric],
      target: TIER_REQUIREMENTS[nextTier][metric],
      met: holds(metrics, unjudged, metric, TIER_REQUIREMENTS[nextTier][metric]),
      measured: !unjudged.includes(metric),
    }));
  const topPercent = Math.round(TIER_TOP_FRACTION[nextTier] * 100);
  return {
    currentTier,
    nextTier,
    requirements,
    ridesNeeded: Math.max(0, MIN_RIDES_FOR_TIER - metrics.completedRides),
    rank: topPercent === 100 ? null : { topPercent, met: topFraction == null ? null : topFraction < TIER_TOP_FRACTION[nextTier] },
  };
}

/** Keys of the tier perks (spec §9 "Perks"); English labels in TIER_PERK_LABELS, the UI translates. */
export const tierPerks = [
  'airport_queue_priority',
  'free_car_washes_2',
  'premium_customer_requests',
  'priority_matching',
  'free_car_wash_1',
  'customer_preference_matching',
  'standard_matching',
  'training_resources',
  'performance_tracking',
  'improvement_support',
  'mentor',
  'training_modules',
  'mandatory_training',
  'weekly_check_ins',
  'performance_plan',
] as const;
export type TierPerk = (typeof tierPerks)[number];

export const TIER_PERK_LABELS: Record<TierPerk, string> = {
  airport_queue_priority: 'Airport queue priority',
  free_car_washes_2: '2 free car washes per month',
  premium_customer_requests: 'Premium customer requests',
  priority_matching: 'Priority matching',
  free_car_wash_1: '1 free car wash per month',
  customer_preference_matching: 'Customer preference matching',
  standard_matching: 'Standard matching',
  training_resources: 'Training resources',
  performance_tracking: 'Performance tracking',
  improvement_support: 'Improvement support',
  mentor: 'A mentor',
  training_modules: 'Training modules',
  mandatory_training: 'Mandatory training',
  weekly_check_ins: 'Weekly check-ins',
  performance_plan: 'A performance plan',
};

export type TierRules = {
  /**
   * Spec §9 "base rate" (96 … 92%), kept for traceability only and never applied: contract §2 gives
   * every driver the whole subtotal (≥ 94% of what the rider paid) whatever the tier.
   */
  specBaseRatePercent: number;
  /** Spec §9 streak bonus, in cents per completed streak of 10 accepts; paid from the bonus pool. */
  streakBonusCents: number;
  /** Spec §9 peak-hour minimum, cents per peak hour online; a guarantee paid from the bonus pool. */
  peakHourMinimumCentsPerHour: number;
  /** Spec §9 monthly bonus: the most the pool pays the driver as a performance bonus in a month. */
  monthlyBonusCapCents: number;
  perks: readonly TierPerk[];
};

/** Spec §9 "Driver tiers" table (base rate / streak bonus / peak-hour minimum / monthly bonus) and perks. */
export const TIER_RULES: Record<DriverTier, TierRules> = {
  Platinum: {
    specBaseRatePercent: 96,
    streakBonusCents: 300,
    peakHourMinimumCentsPerHour: 2500,
    monthlyBonusCapCents: 50_000,
    perks: ['airport_queue_priority', 'free_car_washes_2', 'premium_customer_requests'],
  },
  Gold: {
    specBaseRatePercent: 95,
    streakBonusCents: 200,
    peakHourMinimumCentsPerHour: 2200,
    monthlyBonusCapCents: 30_000,
    perks: ['priority_matching', 'free_car_wash_1', 'customer_preference_matching'],
  },
  Silver: {
    specBaseRatePercent: 94,
    streakBonusCents: 150,
    peakHourMinimumCentsPerHour: 2000,
    monthlyBonusCapCents: 15_000,
    perks: ['standard_matching', 'training_resources', 'performance_tracking'],
  },
  Bronze: {
    specBaseRatePercent: 93,
    streakBonusCents: 100,
    peakHourMinimumCentsPerHour: 1800,
    monthlyBonusCapCents: 0,
    perks: ['improvement_support', 'mentor', 'training_modules'],
  },
  Probationary: {
    specBaseRatePercent: 92,
    streakBonusCents: 0,
    peakHourMinimumCentsPerHour: 1600,
    monthlyBonusCapCents: 0,
    perks: ['mandatory_training', 'weekly_check_ins', 'performance_plan'],
  },
};

/** Streak bonus for `streaks` completed runs of 10 accepts at `tier` (spec §9). */
export function streakBonusCents(tier: DriverTier, streaks: number): number {
  assertCount('streaks', streaks);
  return streaks * TIER_RULES[tier].streakBonusCents;
}

/** What the peak-hour minimum adds: the shortfall of peak earnings against hours × the tier's minimum. */
export function peakHourShortfallCents(tier: DriverTier, peakHours: number, peakEarningsCents: number): number {
  if (!(peakHours >= 0) || !Number.isFinite(peakHours)) throw new RangeError('peakHours must be a non-negative number');
  assertCount('peakEarningsCents', peakEarningsCents);
  return Math.max(0, Math.floor(peakHours * TIER_RULES[tier].peakHourMinimumCentsPerHour) - peakEarningsCents);
}

export const tierRulesSchema = z.object({
  streakBonusCents: z.number().int(),
  peakHourMinimumCentsPerHour: z.number().int(),
  monthlyBonusCapCents: z.number().int(),
  perks: z.array(z.enum(tierPerks)),
});

/** GET /api/drivers/performance (contract §4): metrics from real ride history. */
export const driverPerformanceResponseSchema = z.object({
  tier: z.enum(driverTiers),
  metrics: driverMetricsSchema,
  /** Share of the territory's ranked drivers above this one, in percent (null while Probationary by ride count). */
  topPercent: z.number().nullable(),
  rules: tierRulesSchema,
  goals: tierGoalsSchema,
  /** Bonus pool payout of the last closed month, cents. */
  monthlyBonus: z.number().int(),
  /** Period the metrics cover. */
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type DriverPerformanceResponse = z.infer<typeof driverPerformanceResponseSchema>;

/** GET /api/drivers/performance: the driver's metrics over the judged period, tier, goals and tier rules. */
export const driverPerformanceSchema = z.object({
  periodDays: z.number().int(),
  tier: z.enum(driverTiers),
  /** Share of the territory's ranked drivers strictly above this driver (null: not ranked yet). */
  topFraction: z.number().nullable(),
  cohortSize: z.number().int(),
  metrics: driverMetricsSchema,
  goals: tierGoalsSchema,
  rules: z.object({
    streakBonusCents: z.number().int(),
    peakHourMinimumCentsPerHour: z.number().int(),
    monthlyBonusCapCents: z.number().int(),
    perks: z.array(z.enum(tierPerks)),
  }),
  /**
   * Metrics with no data for this driver in the period, so their default applies (5.0): punctuality
   * without a pickup whose ETA was recorded at accept, safety without a safety rating or incident.
   */
  unmeasured: z.array(z.enum(judgedMetrics)),
  /** The period the metrics cover (ISO). */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The tier stored by the last recompute (scheduled or on demand) and when it ran; null: never. */
  storedTier: z.object({ tier: z.enum(driverTiers), computedAt: z.string() }).nullable(),
  /** Bonus pool payout of the last month whose pool ran for the driver's territory, cents (0: none). */
  monthlyBonus: z.number().int(),
  lastBonus: z
    .object({
      month: z.string(),
      quintile: z.number().int().nullable(),
      guarantee: z.number().int(),
      streak: z.number().int(),
      performance: z.number().int(),
      total: z.number().int(),
    })
    .nullable(),
});
export type DriverPerformance = z.infer<typeof driverPerformanceSchema>;

/** One driver's stored tier (GET /api/licensee/driver-tiers): as the last recompute judged them. */
export const driverTierRowSchema = z.object({
  driverId: z.string(),
  name: z.string(),
  tier: z.enum(driverTiers),
  overallScore: z.number(),
  /** Share of the territory's ranked drivers strictly above (0-1); null while unranked (under 20 rides). */
  topFraction: z.number().nullable(),
  metrics: driverMetricsSchema,
  computedAt: z.string(),
});
export type DriverTierRow = z.infer<typeof driverTierRowSchema>;

/** GET /api/licensee/driver-tiers?territoryId=: a territory's drivers by tier, best score first. */
export const driverTiersResponseSchema = z.object({
  territoryId: z.string(),
  /** When the newest of these rows was computed; null when the territory was never computed. */
  computedAt: z.string().nullable(),
  drivers: z.array(driverTierRowSchema),
});
export type DriverTiersResponse = z.infer<typeof driverTiersResponseSchema>;

/** POST /api/licensee/tiers/recompute: what was recomputed. */
export const tierRecomputeResponseSchema = z.object({
  computedAt: z.string(),
  territories: z.array(z.object({ territoryId: z.string(), drivers: z.number().int() })),
});
export type TierRecomputeResponse = z.infer<typeof tierRecomputeResponseSchema>;

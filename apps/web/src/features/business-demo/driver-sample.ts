/**
 * The driver view's sample driver: what the visitor sets (rates and counts a driver would recognise),
 * turned into the history facts computeMetrics reads, so the metrics, overall score, tier and goals are
 * the product's own. And the earnings tracker: the month's fares at the sample trip's price plus what
 * the bonus pool promises (poolTargets) in the chosen quintile.
 */
import { poolTargets, QUINTILES, type DriverPayout, type Quintile } from '@coride/domain/community/bonus-pool';
import { projectMonthlyCents, WEEKS_PER_MONTH } from '@coride/domain/community/estimates';
import { computeMetrics, type DriverHistory, type DriverMetrics, type DriverTier } from '@coride/domain/community/performance';
import type { FareExample } from './fare-example';
import { parseLimited } from './limits';

/** Each input's range and whether it must be whole. */
export const DRIVER_LIMITS = {
  rating: { min: 1, max: 5, integer: false, step: '0.01' },
  acceptance: { min: 0, max: 100, integer: false, step: '0.1' },
  completedRides: { min: 0, max: 100_000, integer: true, step: '1' },
  cancelledRides: { min: 0, max: 100_000, integer: true, step: '1' },
  onTime: { min: 0, max: 100, integer: false, step: '0.1' },
  safetyRating: { min: 1, max: 5, integer: false, step: '0.01' },
  incidents: { min: 0, max: 20, integer: true, step: '1' },
  communityActions: { min: 0, max: 100, integer: true, step: '1' },
  consecutiveAccepts: { min: 0, max: 10_000, integer: true, step: '1' },
  ridesPerWeek: { min: 0, max: 500, integer: true, step: '1' },
  hoursPerWeek: { min: 0, max: 100, integer: false, step: '0.5' },
} as const;
export type DriverField = keyof typeof DRIVER_LIMITS;
export type DriverInputs = Record<DriverField, number>;

export const DEFAULT_DRIVER_INPUTS: DriverInputs = {
  rating: 4.8,
  acceptance: 92,
  completedRides: 240,
  cancelledRides: 4,
  onTime: 92,
  safetyRating: 4.9,
  incidents: 0,
  communityActions: 4,
  consecutiveAccepts: 27,
  ridesPerWeek: 45,
  hoursPerWeek: 32,
};

/** A field's text as a number within its limits (a whole number when required), or null. */
export function parseDriverField(field: DriverField, text: string): number | null {
  return parseLimited(DRIVER_LIMITS[field], text);
}

/** Denominators that keep every input exact: 2-decimal ratings over 100, 1-decimal percentages over 1,000. */
const RATINGS = 100;
const OFFERS = 1000;
const PICKUPS = 1000;

/** The history facts a driver with these rates would have: exact for 2-decimal ratings and 1-decimal percentages. */
export function historyFromInputs(inputs: DriverInputs): DriverHistory {
  return {
    ratingsCount: RATINGS,
    ratingsSum: Math.round(inputs.rating * RATINGS),
    offersMade: OFFERS,
    offersAccepted: Math.round((inputs.acceptance / 100) * OFFERS),
    ridesCompleted: inputs.completedRides,
    ridesCancelledByDriver: inputs.cancelledRides,
    pickupsOnTime: Math.round((inputs.onTime / 100) * PICKUPS),
    pickupsLate: PICKUPS - Math.round((inputs.onTime / 100) * PICKUPS),
    safetyRatingsCount: RATINGS,
    safetyRatingsSum: Math.round(inputs.safetyRating * RATINGS),
    safetyIncidents: inputs.incidents,
    communityActions: inputs.communityActions,
    consecutiveAccepts: inputs.consecutiveAccepts,
  };
}

export const driverMetricsFromInputs = (inputs: DriverInputs): DriverMetrics => computeMetrics(historyFromInputs(inputs));

export type EarningsTracker = {
  weekly: { rides: number; fares: number; tips: number; total: number };
  monthly: { rides: number; fares: number; tips: number; onlineHours: number };
  /** What the pool promises in the chosen quintile, before any scaling for a short pool. */
  bonus: DriverPayout['target'];
  bonusTotal: number;
  /** The month: fares + tips + the pool's promise. */
  monthTotal: number;
  /** The performance bonus in each quintile, for the chart. */
  byQuintile: { quintile: Quintile; multiplier: number; performance: number }[];
};

/**
 * The earnings tracker: `ridesPerWeek` rides at the sample fare (the driver keeps the whole subtotal
 * and every tip, splitFare), projected to a month with projectMonthlyCents (× 4.33), and the pool's
 * targets for the month with poolTargets in `quintile`.
 */
export function earningsTracker(input: {
  fare: FareExample;
  ridesPerWeek: number;
  hoursPerWeek: number;
  tier: DriverTier;
  metrics: DriverMetrics;
  quintile: Quintile;
}): EarningsTracker {
  const { fare, ridesPerWeek, hoursPerWeek, tier, metrics, quintile } = input;
  const fares = ridesPerWeek * fare.subtotal;
  const tips = ridesPerWeek * fare.tip;
  const monthly = {
    rides: Math.round(ridesPerWeek * WEEKS_PER_MONTH),
    fares: projectMonthlyCents(fares),
    tips: projectMonthlyCents(tips),
    onlineHours: Math.round(hoursPerWeek * WEEKS_PER_MONTH * 10) / 10,
  };
  const poolDriver = (q: Quintile) =>
    poolTargets(
      {
        driverId: 'sample',
        tier,
        overallScore: metrics.overallScore,
        acceptanceRate: metrics.acceptanceRate,
        completedRides: monthly.rides,
        baseEarnings: monthly.fares,
        streaksCompleted: metrics.streakCount,
        onlineHours: monthly.onlineHours,
      },
      monthly.rides > 0 ? q : null,
    );
  const bonus = poolDriver(quintile);
  const bonusTotal = bonus.guarantee + bonus.streak + bonus.performance;
  return {
    weekly: { rides: ridesPerWeek, fares, tips, total: fares + tips },
    monthly,
    bonus,
    bonusTotal,
    monthTotal: monthly.fares + monthly.tips + bonusTotal,
    byQuintile: QUINTILES.map(({ quintile: q, multiplierBp }) => ({ quintile: q, multiplier: multiplierBp / 10_000, performance: poolDriver(q).performance })),
  };
}

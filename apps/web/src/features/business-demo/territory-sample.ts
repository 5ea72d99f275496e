/**
 * The licensee view's sample territory: eight sample drivers (history facts, fictional) plus the
 * visitor's driver from the driver view. Their metrics come from computeMetrics, their tiers from
 * assignTiers (thresholds and rank in this cohort), the territory's health from communityHealth and
 * driverRetention, the month's money from splitFare at the sample fare, the pool's funding from
 * poolFunding and the license fee from licenseFeeCents.
 */
import { poolFunding, type PoolFunding } from '@coride/domain/community/bonus-pool';
import { communityHealth, driverRetention, type HealthColour } from '@coride/domain/community/community-health';
import { licenseFeeCents } from '@coride/domain/community/license';
import { assignTiers, computeMetrics, driverTiers, type DriverHistory, type DriverMetrics, type DriverTier } from '@coride/domain/community/performance';
import { roundTo } from '@coride/domain/community/shared';
import { payees, type Split } from '@coride/domain/money';
import type { FareExample } from './fare-example';
import { parseLimited } from './limits';

export const YOU = 'you';

type SampleDriver = { id: string; name: string; monthlyRides: number; history: DriverHistory };

const history = (h: Partial<DriverHistory> & Pick<DriverHistory, 'ridesCompleted'>): DriverHistory => ({
  ratingsCount: 100,
  ratingsSum: 480,
  offersMade: 1000,
  offersAccepted: 920,
  ridesCancelledByDriver: 3,
  pickupsOnTime: 920,
  pickupsLate: 80,
  safetyRatingsCount: 100,
  safetyRatingsSum: 490,
  safetyIncidents: 0,
  communityActions: 2,
  consecutiveAccepts: 12,
  ...h,
});

/** Fictional drivers, chosen so the cohort spans every tier. */
export const SAMPLE_DRIVERS: readonly SampleDriver[] = [
  {
    id: 'd1',
    name: 'Amara O.',
    monthlyRides: 210,
    history: history({
      ridesCompleted: 620,
      ratingsSum: 495,
      offersAccepted: 980,
      ridesCancelledByDriver: 2,
      pickupsOnTime: 960,
      pickupsLate: 40,
      safetyRatingsSum: 497,
      communityActions: 9,
      consecutiveAccepts: 64,
    }),
  },
  {
    id: 'd2',
    name: 'Luis R.',
    monthlyRides: 190,
    history: history({
      ridesCompleted: 410,
      ratingsSum: 488,
      offersAccepted: 940,
      ridesCancelledByDriver: 5,
      pickupsOnTime: 900,
      pickupsLate: 100,
      safetyRatingsSum: 482,
      consecutiveAccepts: 31,
    }),
  },
  {
    id: 'd3',
    name: 'Mei L.',
    monthlyRides: 160,
    history: history({
      ridesCompleted: 300,
      ratingsSum: 472,
      offersAccepted: 880,
      ridesCancelledByDriver: 12,
      pickupsOnTime: 860,
      pickupsLate: 140,
      safetyRatingsSum: 470,
    }),
  },
  {
    id: 'd4',
    name: 'Kwame A.',
    monthlyRides: 150,
    history: history({
      ridesCompleted: 280,
      ratingsSum: 466,
      offersAccepted: 850,
      ridesCancelledByDriver: 15,
      pickupsOnTime: 840,
      pickupsLate: 160,
      safetyRatingsSum: 468,
    }),
  },
  {
    id: 'd5',
    name: 'Sofia P.',
    monthlyRides: 120,
    history: history({
      ridesCompleted: 150,
      ratingsSum: 452,
      offersAccepted: 830,
      ridesCancelledByDriver: 11,
      pickupsOnTime: 820,
      pickupsLate: 180,
      safetyRatingsSum: 460,
    }),
  },
  {
    id: 'd6',
    name: 'Omar H.',
    monthlyRides: 90,
    history: history({
      ridesCompleted: 95,
      ratingsSum: 420,
      offersAccepted: 760,
      ridesCancelledByDriver: 8,
      pickupsOnTime: 760,
      pickupsLate: 240,
      safetyRatingsSum: 440,
    }),
  },
  {
    id: 'd7',
    name: 'Priya S.',
    monthlyRides: 70,
    history: history({
      ridesCompleted: 60,
      ratingsSum: 390,
      offersAccepted: 650,
      ridesCancelledByDriver: 9,
      pickupsOnTime: 700,
      pickupsLate: 300,
      safetyRatingsSum: 410,
      safetyIncidents: 1,
    }),
  },
  { id: 'd8', name: 'Jonas K.', monthlyRides: 12, history: history({ ridesCompleted: 12, ratingsCount: 0, ratingsSum: 0, consecutiveAccepts: 12 }) },
];

export const TERRITORY_LIMITS = {
  zipCodes: { min: 1, max: 10, integer: true, step: '1' },
  riderRating: { min: 1, max: 5, integer: false, step: '0.01' },
  activeAtStart: { min: 0, max: 10_000, integer: true, step: '1' },
  stillActive: { min: 0, max: 10_000, integer: true, step: '1' },
} as const;
export type TerritoryField = keyof typeof TERRITORY_LIMITS;
export type TerritoryInputs = Record<TerritoryField, number>;
export const DEFAULT_TERRITORY_INPUTS: TerritoryInputs = { zipCodes: 8, riderRating: 4.8, activeAtStart: 40, stillActive: 36 };

export function parseTerritoryField(field: TerritoryField, text: string): number | null {
  return parseLimited(TERRITORY_LIMITS[field], text);
}

export type TerritoryDriver = { id: string; name: string; monthlyRides: number; metrics: DriverMetrics; tier: DriverTier; topFraction: number | null };

export type Territory = {
  drivers: TerritoryDriver[];
  tierCounts: Record<DriverTier, number>;
  rides: number;
  /** Every account's part of what the month's riders paid (fares only, no tips). */
  money: Split;
  paid: number;
  funding: PoolFunding;
  licenseFee: number;
  health: { customerRating: number; driverRating: number; safetyScore: number; average: number; score: number; colour: HealthColour };
  retention: { percent: number | null; performingWell: boolean };
};

/**
 * The sample drivers and `you` (when given) with their metrics and the tiers assignTiers gives them
 * in this cohort (thresholds, and rank by overall score among drivers with 20+ rides).
 */
export function sampleCohort(you: { metrics: DriverMetrics; monthlyRides: number } | null): TerritoryDriver[] {
  const members = SAMPLE_DRIVERS.map((driver) => ({
    id: driver.id,
    name: driver.name,
    monthlyRides: driver.monthlyRides,
    metrics: computeMetrics(driver.history),
  }));
  if (you) members.push({ id: YOU, name: YOU, monthlyRides: you.monthlyRides, metrics: you.metrics });
  const tiers = new Map(assignTiers(members.map((m) => ({ driverId: m.id, metrics: m.metrics }))).map((a) => [a.driverId, a]));
  return members.map((m) => ({ ...m, tier: tiers.get(m.id)!.tier, topFraction: tiers.get(m.id)!.topFraction }));
}

/**
 * The territory for a month: the sample drivers plus `you` (the visitor's metrics and monthly rides),
 * every ride priced like the sample fare.
 */
export function buildTerritory(input: { you: { metrics: DriverMetrics; monthlyRides: number } | null; fare: FareExample; inputs: TerritoryInputs }): Territory {
  const { you, fare, inputs } = input;
  if (inputs.stillActive > inputs.activeAtStart) throw new RangeError('stillActive cannot exceed activeAtStart');
  const drivers = sampleCohort(you);
  const tierCounts = Object.fromEntries(driverTiers.map((tier) => [tier, drivers.filter((d) => d.tier === tier).length])) as Record<DriverTier, number>;

  const rides = drivers.reduce((sum, d) => sum + d.monthlyRides, 0);
  // Each ride settles exactly like the sample fare (splitFare, without its tip).
  const perRide: Split = { ...fare.split, driver: fare.split.driver - fare.tip };
  const money = Object.fromEntries(payees.map((payee) => [payee, perRide[payee] * rides])) as Split;
  const paid = fare.totalFare * rides;
  const funding = poolFunding({
    rideSubtotals: fare.subtotal * rides,
    platformSoftware: money.platformSoftware,
    corporateAdmin: money.corporateAdmin,
    licensee: money.licensee,
  });

  const average = (values: number[]) => roundTo(values.reduce((a, b) => a + b, 0) / values.length, 2);
  const driverRating = average(drivers.map((d) => d.metrics.customerRating));
  const safetyScore = average(drivers.map((d) => d.metrics.safetyScore));
  const health = communityHealth({ customerRating: inputs.riderRating, driverRating, safetyScore });
  return {
    drivers,
    tierCounts,
    rides,
    money,
    paid,
    funding,
    licenseFee: licenseFeeCents(inputs.zipCodes),
    health: { customerRating: inputs.riderRating, driverRating, safetyScore, ...health },
    retention: driverRetention(inputs.activeAtStart, inputs.stillActive),
  };
}

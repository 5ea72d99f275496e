import { z } from 'zod';
import { assertCount, roundTo } from './shared';

/**
 * A territory's community health (spec §3 "Licensee analytics": communityHealthScore,
 * driverRetention; §9 "Bonus quintiles (demo)": the score, its colours and the retention line).
 */

export const healthColours = ['green', 'yellow', 'orange', 'red'] as const;
export type HealthColour = (typeof healthColours)[number];

/**
 * Spec §9: "green at 4.5+, yellow 4+, orange 3.5+, otherwise red". The bands are on the 0-5 average
 * the score is made from (4.5 on the 0-100 score would make everything green): 90, 80, 70 on the score.
 */
export const HEALTH_COLOUR_BANDS: readonly { colour: Exclude<HealthColour, 'red'>; minAverage: number }[] = [
  { colour: 'green', minAverage: 4.5 },
  { colour: 'yellow', minAverage: 4 },
  { colour: 'orange', minAverage: 3.5 },
];

/** Spec §9: the score is the average times 20 (0-5 -> 0-100). */
export const HEALTH_SCORE_FACTOR = 20;

export type HealthInputs = {
  /** Average rating of the territory's riders, 0-5 (spec §3: a missing rating counts as 5.0). */
  customerRating: number;
  /** Average rating riders gave the territory's drivers, 0-5. */
  driverRating: number;
  /** The territory's safety score, 0-5 (the drivers' safetyScore, performance.ts). */
  safetyScore: number;
};

export function healthColour(average: number): HealthColour {
  return HEALTH_COLOUR_BANDS.find((band) => average >= band.minAverage)?.colour ?? 'red';
}

/**
 * Spec §9: "community health score = average of customer rating, driver rating and safety score,
 * times 20". The average is rounded to 2 decimals (as shown) before the colour is chosen, so 4.4999…
 * from floating point is the 4.50 the licensee sees.
 */
export function communityHealth(inputs: HealthInputs): { average: number; score: number; colour: HealthColour } {
  for (const [name, value] of Object.entries(inputs)) {
    if (!(value >= 0 && value <= 5)) throw new RangeError(`${name} must be between 0 and 5`);
  }
  const average = roundTo((inputs.customerRating + inputs.driverRating + inputs.safetyScore) / 3, 2);
  return { average, score: roundTo(average * HEALTH_SCORE_FACTOR, 1), colour: healthColour(average) };
}

/** Spec §9: "driver retention above 85% is called performing well" (strictly above). */
export const RETENTION_PERFORMING_WELL_PERCENT = 85;

/**
 * Retention over a period: of the drivers active at its start, the percentage still active at its end
 * (new drivers do not count, so recruiting cannot hide departures). No percentage (null) when nobody
 * was active at the start: there is nothing to measure, and 100% would be a figure nobody earned.
 */
export function driverRetention(activeAtStart: number, stillActive: number): { percent: number | null; performingWell: boolean } {
  assertCount('activeAtStart', activeAtStart);
  assertCount('stillActive', stillActive);
  if (stillActive > activeAtStart) throw new RangeError('stillActive cannot exceed activeAtStart');
  if (activeAtStart === 0) return { percent: null, performingWell: false };
  const percent = roundTo((100 * stillActive) / activeAtStart, 1);
  return { percent, performingWell: percent > RETENTION_PERFORMING_WELL_PERCENT };
}

export const communityHealthSchema = z.object({
  communityHealthScore: z.number(),
  average: z.number(),
  colour: z.enum(healthColours),
  customerRating: z.number(),
  driverRating: z.number(),
  safetyScore: z.number(),
  driverRetention: z.number().nullable(),
  retentionPerformingWell: z.boolean(),
});
export type CommunityHealth = z.infer<typeof communityHealthSchema>;

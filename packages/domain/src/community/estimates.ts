/**
 * The spec's earnings display estimates (§9 "Earnings display estimates") that survive: the product
 * has a ledger, so real figures replace the rest (see docs/community-economics.md).
 */

/** Spec §9: "monthly projection weekly x 4.33" (52 weeks / 12 months). */
export const WEEKS_PER_MONTH = 4.33;
/** Spec §9: "online hours estimated as rides x 0.5"; used only when presence was not recorded. */
export const ESTIMATED_ONLINE_HOURS_PER_RIDE = 0.5;

/** A month's earnings projected from a week's, in cents (rounded to the cent). */
export function projectMonthlyCents(weeklyCents: number): number {
  if (!Number.isSafeInteger(weeklyCents) || weeklyCents < 0) throw new RangeError('weeklyCents must be non-negative integer cents');
  return Math.round(weeklyCents * WEEKS_PER_MONTH);
}

/** Online hours when the server has no presence record: half an hour per completed ride. */
export function estimateOnlineHours(completedRides: number): number {
  if (!Number.isInteger(completedRides) || completedRides < 0) throw new RangeError('completedRides must be a non-negative integer');
  return completedRides * ESTIMATED_ONLINE_HOURS_PER_RIDE;
}

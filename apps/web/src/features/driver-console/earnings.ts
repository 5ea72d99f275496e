import type { Ride } from '@coride/domain';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** What the driver keeps from a ride: the whole subtotal plus every tip (contract section 2). */
export function driverEarningOf(ride: Pick<Ride, 'subtotal' | 'tip'>): number {
  return ride.subtotal + ride.tip;
}

export type EarningsSummary = {
  lastSevenDays: number;
  allTime: number;
  tips: number;
  completedRides: number;
  /** Null until there is a completed ride. */
  averagePerRide: number | null;
};

/** Totals in cents from the driver's completed rides; other statuses earn nothing. */
export function summarizeEarnings(rides: Ride[], now: number): EarningsSummary {
  const completed = rides.filter((ride) => ride.status === 'completed');
  const weekStart = now - WEEK_MS;
  let lastSevenDays = 0;
  let allTime = 0;
  let tips = 0;
  for (const ride of completed) {
    const earning = driverEarningOf(ride);
    allTime += earning;
    tips += ride.tip;
    if (ride.completedAt && Date.parse(ride.completedAt) >= weekStart) lastSevenDays += earning;
  }
  return {
    lastSevenDays,
    allTime,
    tips,
    completedRides: completed.length,
    averagePerRide: completed.length ? Math.round(allTime / completed.length) : null,
  };
}

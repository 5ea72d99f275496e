import { isActiveRideStatus } from '@coride/domain/ride-state';
import type { Ride } from '@coride/domain/rides';

type RideTimes = Pick<Ride, 'requestedAt' | 'acceptedAt' | 'startedAt'>;

/** When the ride last changed state: started, else accepted, else requested. */
export function lastChangedAt(ride: RideTimes): string {
  return ride.startedAt ?? ride.acceptedAt ?? ride.requestedAt;
}

/**
 * The rides staff may still cancel (requested, accepted, in progress), the one that has gone longest
 * without a change first: a stuck ride is one whose driver stopped moving it forward, so it sinks to
 * the top however old its booking is. The API lists newest first, which would bury it.
 */
export function activeRidesOf<T extends RideTimes & Pick<Ride, 'status'>>(rides: readonly T[]): T[] {
  return rides.filter((ride) => isActiveRideStatus(ride.status)).sort((a, b) => Date.parse(lastChangedAt(a)) - Date.parse(lastChangedAt(b)));
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago `iso` was, in the largest whole unit (days, hours, minutes), as a negative value for
 * Intl.RelativeTimeFormat ("3 hours ago"). Under a minute reads as 0 minutes ("this minute").
 */
export function elapsedSince(iso: string, now: number): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const elapsed = Math.max(0, now - Date.parse(iso));
  for (const [unit, size] of units) {
    if (elapsed >= size) return { value: -Math.floor(elapsed / size), unit };
  }
  return { value: 0, unit: 'minute' };
}

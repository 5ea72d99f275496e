import type { RideStatus } from './ride-state';

/*
 * SOS rules without zod (ADR 032): what the ride's pages need to show the SOS button, kept light so
 * the booking page's chunk does not carry the request schemas.
 */

/** The ride states in which SOS can be raised: a driver has the ride and it has not ended. */
export const SOS_RIDE_STATUSES: readonly RideStatus[] = ['accepted', 'in_progress'];

export const canRaiseSos = (status: string): boolean => (SOS_RIDE_STATUSES as readonly string[]).includes(status);

/** A second press by the same person on the same ride within this window answers the alert already raised. */
export const SOS_REPEAT_WINDOW_MS = 60_000;

/** The 911 link shown beside the SOS button at all times. */
export const EMERGENCY_NUMBER = '911';

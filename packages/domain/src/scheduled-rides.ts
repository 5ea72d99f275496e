/*
 * Scheduled rides (contract §9, ADR 034): how far ahead a ride may be booked and when its dispatch
 * starts. Pure; the server checks a booking's `scheduledAt` with its own (injectable) clock.
 */

/** A scheduled ride is at least this far ahead: nearer than that, book a ride now. */
export const SCHEDULE_MIN_AHEAD_MINUTES = 15;
/** And at most this far ahead. */
export const SCHEDULE_MAX_AHEAD_DAYS = 30;
/** The dispatch of a scheduled ride starts this many minutes before its time unless configured (SCHEDULE_LEAD_MINUTES). */
export const DEFAULT_SCHEDULE_LEAD_MINUTES = 10;
/** Scheduled rides a rider may hold at once. */
export const MAX_SCHEDULED_RIDES_PER_RIDER = 5;

const MINUTE_MS = 60_000;

export type ScheduleCheck = { ok: true } | { ok: false; code: 'SCHEDULE_TOO_SOON' | 'SCHEDULE_TOO_FAR'; message: string };

/** Whether a ride may be scheduled for `scheduledAt` when asked at `now`: 15 minutes to 30 days ahead, both included. */
export function checkScheduledAt(scheduledAt: Date, now: Date): ScheduleCheck {
  const ahead = scheduledAt.getTime() - now.getTime();
  if (!(ahead >= SCHEDULE_MIN_AHEAD_MINUTES * MINUTE_MS)) {
    return { ok: false, code: 'SCHEDULE_TOO_SOON', message: `Schedule a ride at least ${SCHEDULE_MIN_AHEAD_MINUTES} minutes ahead, or book it now` };
  }
  if (ahead > SCHEDULE_MAX_AHEAD_DAYS * 24 * 60 * MINUTE_MS) {
    return { ok: false, code: 'SCHEDULE_TOO_FAR', message: `Rides can be scheduled at most ${SCHEDULE_MAX_AHEAD_DAYS} days ahead` };
  }
  return { ok: true };
}

/** The moment the dispatch of a ride scheduled for `scheduledAt` starts. */
export function dispatchStartOf(scheduledAt: Date, leadMinutes: number): Date {
  return new Date(scheduledAt.getTime() - leadMinutes * MINUTE_MS);
}

/** Whether the dispatch of a ride scheduled for `scheduledAt` is due at `now`. */
export function isDispatchDue(scheduledAt: Date, now: Date, leadMinutes: number): boolean {
  return dispatchStartOf(scheduledAt, leadMinutes).getTime() <= now.getTime();
}

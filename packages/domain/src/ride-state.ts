/**
 * The ride state machine of the contract: requested -> accepted -> in_progress -> completed, with
 * cancellation by the rider (requested, accepted), the assigned driver (accepted), the system
 * (requested, when no driver is left or the fare hold fails) or staff (an admin or the territory's
 * licensee, in any active state: a ride stuck because its driver vanished).
 *
 * A ride booked for later (ADR 034) starts `scheduled`: the system moves it to `requested` when its
 * dispatch starts (SCHEDULE_LEAD_MINUTES before its time), or cancels it (the rider is on another
 * ride then, or has no card); until then the rider or staff may cancel it, free. A scheduled ride is
 * not active: it holds no driver, no fare hold, and does not stop its rider from riding now.
 */
export const rideStatuses = ['scheduled', 'requested', 'accepted', 'in_progress', 'completed', 'cancelled'] as const;
export type RideStatus = (typeof rideStatuses)[number];

export const activeRideStatuses: readonly RideStatus[] = ['requested', 'accepted', 'in_progress'];

export type RideActor = 'rider' | 'driver' | 'system' | 'staff';
export type RideCommand = 'dispatch' | 'accept' | 'start' | 'complete' | 'cancel';

const transitions: Record<RideCommand, { from: readonly RideStatus[]; to: RideStatus; actors: readonly RideActor[] }[]> = {
  dispatch: [{ from: ['scheduled'], to: 'requested', actors: ['system'] }],
  accept: [{ from: ['requested'], to: 'accepted', actors: ['driver'] }],
  start: [{ from: ['accepted'], to: 'in_progress', actors: ['driver'] }],
  complete: [{ from: ['in_progress'], to: 'completed', actors: ['driver'] }],
  cancel: [
    { from: ['scheduled', 'requested', 'accepted'], to: 'cancelled', actors: ['rider'] },
    { from: ['accepted'], to: 'cancelled', actors: ['driver'] },
    { from: ['scheduled', 'requested'], to: 'cancelled', actors: ['system'] },
    { from: ['scheduled', 'requested', 'accepted', 'in_progress'], to: 'cancelled', actors: ['staff'] },
  ],
};

export type TransitionResult = { ok: true; status: RideStatus } | { ok: false; reason: string };

export function nextRideStatus(current: RideStatus, command: RideCommand, actor: RideActor): TransitionResult {
  const rule = transitions[command].find((r) => r.actors.includes(actor) && r.from.includes(current));
  if (rule) return { ok: true, status: rule.to };
  return { ok: false, reason: `A ${current.replace('_', ' ')} ride cannot be ${pastTense[command]} by the ${actor}` };
}

const pastTense: Record<RideCommand, string> = { dispatch: 'dispatched', accept: 'accepted', start: 'started', complete: 'completed', cancel: 'cancelled' };

export function isActiveRideStatus(status: RideStatus): boolean {
  return activeRideStatuses.includes(status);
}

/** Booked for later and not dispatched yet (ADR 034). */
export function isScheduledRideStatus(status: RideStatus): boolean {
  return status === 'scheduled';
}

/** The progress bar of the spec's tracker. */
export function rideProgress(status: RideStatus): number {
  switch (status) {
    case 'requested':
      return 10;
    case 'accepted':
      return 35;
    case 'in_progress':
      return 70;
    case 'completed':
      return 100;
    default:
      return 0;
  }
}

/** Who ended a cancelled ride: staff (an admin or the territory's licensee) cancel stuck rides with a reason. */
export function isStaffCancellation(cancelledBy: string | null | undefined): boolean {
  return cancelledBy === 'admin' || cancelledBy === 'licensee';
}

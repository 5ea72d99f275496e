/**
 * The ride state machine of the contract: requested -> accepted -> in_progress -> completed, with
 * cancellation by the rider (requested, accepted), the assigned driver (accepted), the system
 * (requested, when no driver is left or the fare hold fails) or staff (an admin or the territory's
 * licensee, in any active state: a ride stuck because its driver vanished).
 */
export const rideStatuses = ['requested', 'accepted', 'in_progress', 'completed', 'cancelled'] as const;
export type RideStatus = (typeof rideStatuses)[number];

export const activeRideStatuses: readonly RideStatus[] = ['requested', 'accepted', 'in_progress'];

export type RideActor = 'rider' | 'driver' | 'system' | 'staff';
export type RideCommand = 'accept' | 'start' | 'complete' | 'cancel';

const transitions: Record<RideCommand, { from: readonly RideStatus[]; to: RideStatus; actors: readonly RideActor[] }[]> = {
  accept: [{ from: ['requested'], to: 'accepted', actors: ['driver'] }],
  start: [{ from: ['accepted'], to: 'in_progress', actors: ['driver'] }],
  complete: [{ from: ['in_progress'], to: 'completed', actors: ['driver'] }],
  cancel: [
    { from: ['requested', 'accepted'], to: 'cancelled', actors: ['rider'] },
    { from: ['accepted'], to: 'cancelled', actors: ['driver'] },
    { from: ['requested'], to: 'cancelled', actors: ['system'] },
    { from: ['requested', 'accepted', 'in_progress'], to: 'cancelled', actors: ['staff'] },
  ],
};

export type TransitionResult = { ok: true; status: RideStatus } | { ok: false; reason: string };

export function nextRideStatus(current: RideStatus, command: RideCommand, actor: RideActor): TransitionResult {
  const rule = transitions[command].find((r) => r.actors.includes(actor) && r.from.includes(current));
  if (rule) return { ok: true, status: rule.to };
  return { ok: false, reason: `A ${current.replace('_', ' ')} ride cannot be ${pastTense[command]} by the ${actor}` };
}

const pastTense: Record<RideCommand, string> = { accept: 'accepted', start: 'started', complete: 'completed', cancel: 'cancelled' };

export function isActiveRideStatus(status: RideStatus): boolean {
  return activeRideStatuses.includes(status);
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

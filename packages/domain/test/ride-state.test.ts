import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeRideStatuses, isActiveRideStatus, nextRideStatus, rideStatuses, type RideActor, type RideCommand, type RideStatus } from '../src';

const commands: RideCommand[] = ['dispatch', 'accept', 'start', 'complete', 'cancel'];
const actors: RideActor[] = ['rider', 'driver', 'system', 'staff'];

/** The contract's state machine, written out: everything not listed here is refused. */
const allowed: [RideStatus, RideCommand, RideActor, RideStatus][] = [
  ['requested', 'accept', 'driver', 'accepted'],
  ['accepted', 'start', 'driver', 'in_progress'],
  ['in_progress', 'complete', 'driver', 'completed'],
  ['requested', 'cancel', 'rider', 'cancelled'],
  ['accepted', 'cancel', 'rider', 'cancelled'],
  ['accepted', 'cancel', 'driver', 'cancelled'],
  ['requested', 'cancel', 'system', 'cancelled'],
  ['requested', 'cancel', 'staff', 'cancelled'],
  ['accepted', 'cancel', 'staff', 'cancelled'],
  ['in_progress', 'cancel', 'staff', 'cancelled'],
  // A ride booked for later (ADR 034): dispatched by the system, cancelled free until then.
  ['scheduled', 'dispatch', 'system', 'requested'],
  ['scheduled', 'cancel', 'rider', 'cancelled'],
  ['scheduled', 'cancel', 'system', 'cancelled'],
  ['scheduled', 'cancel', 'staff', 'cancelled'],
];

const pastTense: Record<RideCommand, string> = { dispatch: 'dispatched', accept: 'accepted', start: 'started', complete: 'completed', cancel: 'cancelled' };
const label = (status: RideStatus) => status.replace('_', ' ');

describe('nextRideStatus', () => {
  it.each(
    allowed.map(([from, command, actor, to]) => ({
      from,
      command,
      actor,
      to,
      name: `a ${label(from)} ride ${pastTense[command]} by the ${actor} becomes ${label(to)}`,
    })),
  )('$name', ({ from, command, actor, to }) => {
    expect(nextRideStatus(from, command, actor)).toEqual({ ok: true, status: to });
  });

  it.each([
    ['requested', 'start', 'driver', 'A requested ride cannot be started by the driver'],
    ['requested', 'complete', 'driver', 'A requested ride cannot be completed by the driver'],
    ['accepted', 'complete', 'driver', 'A accepted ride cannot be completed by the driver'],
    ['accepted', 'accept', 'driver', 'A accepted ride cannot be accepted by the driver'],
    ['in_progress', 'cancel', 'rider', 'A in progress ride cannot be cancelled by the rider'],
    ['in_progress', 'cancel', 'driver', 'A in progress ride cannot be cancelled by the driver'],
    ['requested', 'cancel', 'driver', 'A requested ride cannot be cancelled by the driver'],
    ['accepted', 'cancel', 'system', 'A accepted ride cannot be cancelled by the system'],
    ['requested', 'accept', 'rider', 'A requested ride cannot be accepted by the rider'],
    ['accepted', 'start', 'rider', 'A accepted ride cannot be started by the rider'],
    ['completed', 'cancel', 'rider', 'A completed ride cannot be cancelled by the rider'],
    ['cancelled', 'accept', 'driver', 'A cancelled ride cannot be accepted by the driver'],
    ['cancelled', 'cancel', 'system', 'A cancelled ride cannot be cancelled by the system'],
    ['completed', 'cancel', 'staff', 'A completed ride cannot be cancelled by the staff'],
    ['in_progress', 'complete', 'staff', 'A in progress ride cannot be completed by the staff'],
  ] as const)('refuses: %s ride, command %s by the %s ("%s")', (from, command, actor, reason) => {
    expect(nextRideStatus(from, command, actor)).toEqual({ ok: false, reason });
  });

  it('refuses every combination of status, command and actor that the state machine does not list', () => {
    const refused: string[] = [];
    for (const status of rideStatuses) {
      for (const command of commands) {
        for (const actor of actors) {
          const result = nextRideStatus(status, command, actor);
          const rule = allowed.find(([from, c, a]) => from === status && c === command && a === actor);
          if (rule) expect(result).toEqual({ ok: true, status: rule[3] });
          else {
            expect(result.ok).toBe(false);
            refused.push(`${status}/${command}/${actor}`);
          }
        }
      }
    }
    expect(refused).toHaveLength(rideStatuses.length * commands.length * actors.length - allowed.length);
  });

  it('never moves a completed or cancelled ride anywhere', () => {
    for (const terminal of ['completed', 'cancelled'] as const) {
      for (const command of commands) for (const actor of actors) expect(nextRideStatus(terminal, command, actor).ok).toBe(false);
    }
  });

  it('counts requested, accepted and in progress as active, and nothing else', () => {
    expect([...activeRideStatuses].sort()).toEqual(['accepted', 'in_progress', 'requested']);
    expect(rideStatuses.filter(isActiveRideStatus).sort()).toEqual(['accepted', 'in_progress', 'requested']);
  });
});

/*
 * Model test: random command sequences on a small world of three rides and two drivers, A and B.
 * The model is what the server does: it asks nextRideStatus, acts as "driver" only for the driver
 * assigned to the ride (anyone else gets 404 before the state machine is asked), and refuses an
 * accept by a driver who already has an active ride (the rides_one_active_per_driver index).
 */
type DriverName = 'A' | 'B';
type ModelRide = { status: RideStatus; driver: DriverName | null; drivers: Set<DriverName> };
type Command =
  | { kind: 'accept'; ride: number; driver: DriverName }
  | { kind: 'start' | 'complete'; ride: number; driver: DriverName }
  | { kind: 'cancel'; ride: number; by: 'rider' | 'system' | 'staff' }
  | { kind: 'cancel'; ride: number; by: 'driver'; driver: DriverName };

const RIDES = 3;
const driverName = fc.constantFrom<DriverName>('A', 'B');
const rideIndex = fc.integer({ min: 0, max: RIDES - 1 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('accept' as const), ride: rideIndex, driver: driverName }),
  fc.record({ kind: fc.constantFrom('start' as const, 'complete' as const), ride: rideIndex, driver: driverName }),
  fc.record({ kind: fc.constant('cancel' as const), ride: rideIndex, by: fc.constantFrom('rider' as const, 'system' as const, 'staff' as const) }),
  fc.record({ kind: fc.constant('cancel' as const), ride: rideIndex, by: fc.constant('driver' as const), driver: driverName }),
);

const isDriverBusy = (rides: ModelRide[], driver: DriverName) =>
  rides.some((r) => r.driver === driver && (r.status === 'accepted' || r.status === 'in_progress'));

/** Applies one command; returns whether it was accepted. */
function apply(rides: ModelRide[], c: Command): boolean {
  const ride = rides[c.ride]!;
  let actor: RideActor;
  if (c.kind === 'accept') {
    if (isDriverBusy(rides, c.driver)) return false;
    actor = 'driver';
  } else if (c.kind === 'cancel' && c.by !== 'driver') {
    actor = c.by;
  } else {
    if (ride.driver !== c.driver) return false; // not their ride: 404
    actor = 'driver';
  }
  const result = nextRideStatus(ride.status, c.kind, actor);
  if (!result.ok) return false;
  ride.status = result.status;
  if (c.kind === 'accept') {
    ride.driver = c.driver;
    ride.drivers.add(c.driver);
  }
  return true;
}

describe('the ride state machine under random command sequences', () => {
  it('never gives a ride two drivers, never lets a driver hold two active rides, and never leaves a terminal state', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 40 }), (sequence) => {
        const rides: ModelRide[] = Array.from({ length: RIDES }, () => ({ status: 'requested', driver: null, drivers: new Set<DriverName>() }));
        for (const c of sequence) {
          const before = rides.map((r) => ({ status: r.status, driver: r.driver }));
          apply(rides, c);
          rides.forEach((ride, i) => {
            const previous = before[i]!;
            expect(ride.drivers.size).toBeLessThanOrEqual(1);
            if (previous.status === 'completed' || previous.status === 'cancelled') expect(ride).toMatchObject(previous);
            if (ride.status === 'accepted' || ride.status === 'in_progress' || ride.status === 'completed') expect(ride.driver).not.toBeNull();
          });
          for (const driver of ['A', 'B'] as const) {
            expect(rides.filter((r) => r.driver === driver && (r.status === 'accepted' || r.status === 'in_progress')).length).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('can still run every ride to completion: the invariants do not come from refusing everything', () => {
    const rides: ModelRide[] = Array.from({ length: RIDES }, () => ({ status: 'requested', driver: null, drivers: new Set<DriverName>() }));
    const script: Command[] = [
      { kind: 'accept', ride: 0, driver: 'A' },
      { kind: 'accept', ride: 1, driver: 'B' },
      { kind: 'start', ride: 0, driver: 'A' },
      { kind: 'complete', ride: 0, driver: 'A' },
      { kind: 'cancel', ride: 1, by: 'driver', driver: 'B' },
      { kind: 'accept', ride: 2, driver: 'A' },
      { kind: 'start', ride: 2, driver: 'A' },
      { kind: 'complete', ride: 2, driver: 'A' },
    ];
    expect(script.map((c) => apply(rides, c))).toEqual(script.map(() => true));
    expect(rides.map((r) => r.status)).toEqual(['completed', 'cancelled', 'completed']);
    // And the guards do refuse: a second accept of a taken ride, a busy driver, someone else's ride.
    const fresh: ModelRide[] = Array.from({ length: RIDES }, () => ({ status: 'requested', driver: null, drivers: new Set<DriverName>() }));
    expect(apply(fresh, { kind: 'accept', ride: 0, driver: 'A' })).toBe(true);
    expect(apply(fresh, { kind: 'accept', ride: 0, driver: 'B' })).toBe(false);
    expect(apply(fresh, { kind: 'accept', ride: 1, driver: 'A' })).toBe(false);
    expect(apply(fresh, { kind: 'start', ride: 0, driver: 'B' })).toBe(false);
  });
});

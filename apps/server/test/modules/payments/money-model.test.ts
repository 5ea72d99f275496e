import type { Dispute, DriverOffer, Ride } from '@coride/domain';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerInvariants, rows } from '../../support/ledger';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { isFeedbackOpen } from '@coride/domain/ride-feedback';
import { api, approvedLicensee, book, expectError, expectOk, HERALD_SQUARE, onlineDriver, rider, signInAdmin, type Person } from '../../support/world';
import { pinOf } from '../../support/ride-pin';

/*
 * Model-based test of the money flows (fast-check commands): book / complete / tip / cancel /
 * dispute / resolve / release / clock advance, each step possibly hit by an injected failure (a throw
 * inside the transaction or between the provider call and the bookkeeping) or repeated. After every
 * step the books must balance; after every run each ride's money must be where the model says, and
 * nothing may have been posted twice.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DRIVERS = 3;
const RIDERS = 6;

type ModelRide = {
  id: string;
  rider: number;
  driver: number;
  total: number;
  status: 'accepted' | 'completed' | 'cancelled';
  completedAt: number;
  captured: boolean;
  tip: number;
  dispute: 'none' | 'open' | 'resolved';
  disputeId: string;
  refund: number;
  /** Charges already paid out when the dispute was opened stay paid out (a refund is then a clawback). */
  releasedAtDispute: { fare: boolean; tip: boolean };
};
type Model = { rides: ModelRide[] };

type World = {
  t: TestApp;
  clock: { now: Date };
  arm: (point: string | null) => void;
  riders: Person[];
  drivers: Person[];
  licensee: Person;
};
type Real = World & { sourceBefore: Map<string, number> };

const accepted = (m: Model) => m.rides.filter((r) => r.status === 'accepted');
const pick = <T>(list: T[], index: number): T => list[index % list.length]!;

async function settle(w: World): Promise<void> {
  await w.t.app.services.payments.settle();
}

class Book implements fc.AsyncCommand<Model, Real> {
  constructor(readonly rider: number) {}
  check = (m: Model) => accepted(m).length < DRIVERS && !accepted(m).some((r) => r.rider === this.rider);
  async run(m: Model, w: Real) {
    const person = w.riders[this.rider]!;
    const ride = await expectOk<Ride>(await book(w.t.app, person), 201);
    const busy = new Set(accepted(m).map((r) => r.driver));
    await w.t.app.services.dispatcher.sweep();
    for (let attempt = 0; attempt < 100; attempt += 1) {
      for (let d = 0; d < DRIVERS; d += 1) {
        if (busy.has(d)) continue;
        const offers = await expectOk<DriverOffer[]>(await api.get(w.t.app, '/api/drivers/offers', w.drivers[d]!));
        if (offers.some((o) => o.ride.id === ride.id)) {
          await expectOk(await api.post(w.t.app, `/api/rides/${ride.id}/accept`, w.drivers[d]!));
          m.rides.push({
            id: ride.id,
            rider: this.rider,
            driver: d,
            total: ride.totalFare,
            status: 'accepted',
            completedAt: 0,
            captured: false,
            tip: 0,
            dispute: 'none',
            disputeId: '',
            refund: 0,
            releasedAtDispute: { fare: false, tip: false },
          });
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no free driver was offered ride ${ride.id}`);
  }
  toString = () => `Book(rider ${this.rider})`;
}

class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly fault: string | null,
  ) {}
  check = (m: Model) => accepted(m).length > 0;
  async run(m: Model, w: Real) {
    const ride = pick(accepted(m), this.index);
    w.arm(this.fault);
    await expectOk(await api.post(w.t.app, `/api/rides/${ride.id}/cancel`, w.riders[ride.rider]!));
    ride.status = 'cancelled';
  }
  toString = () => `Cancel(${this.index}, fault ${this.fault})`;
}

class Complete implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly retries: number,
    readonly fault: string | null,
  ) {}
  check = (m: Model) => accepted(m).length > 0;
  async run(m: Model, w: Real) {
    const ride = pick(accepted(m), this.index);
    const driver = w.drivers[ride.driver]!;
    await expectOk(await api.post(w.t.app, `/api/rides/${ride.id}/start`, driver, await pinOf(w.t.app, ride.id, w.riders[ride.rider]!)));
    w.arm(this.fault);
    // A failed capture does not fail the completion: the ride is done, the settlement run retries.
    await expectOk(await api.post(w.t.app, `/api/rides/${ride.id}/complete`, driver));
    const retries = await Promise.all(Array.from({ length: this.retries }, () => api.post(w.t.app, `/api/rides/${ride.id}/complete`, driver)));
    for (const response of retries) expect(response.statusCode).toBe(200);
    ride.status = 'completed';
    ride.completedAt = w.clock.now.getTime();
    // A retry of the completion captures what the failure left undone.
    ride.captured = this.fault === null || this.retries > 0;
  }
  toString = () => `Complete(${this.index}, ${this.retries} retries, fault ${this.fault})`;
}

class Tip implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly amount: number,
    readonly fault: string | null,
  ) {}
  candidates = (m: Model) => m.rides.filter((r) => r.status === 'completed' && r.tip === 0);
  check = (m: Model) => this.candidates(m).length > 0;
  async run(m: Model, w: Real) {
    const ride = pick(this.candidates(m), this.index);
    const person = w.riders[ride.rider]!;
    if (!isFeedbackOpen({ status: ride.status, completedAt: new Date(ride.completedAt) }, w.clock.now)) {
      // Tips close 7 days after the ride (contract §10): refused, and no money moves.
      expectError(await api.post(w.t.app, `/api/rides/${ride.id}/tip`, person, { amount: this.amount }), 409, 'FEEDBACK_CLOSED');
      return;
    }
    w.arm(this.fault);
    const first = await api.post(w.t.app, `/api/rides/${ride.id}/tip`, person, { amount: this.amount });
    if (this.fault) {
      expect(first.statusCode).toBe(500);
      // The rider tries again: the provider's idempotency key makes it one charge.
      await expectOk(await api.post(w.t.app, `/api/rides/${ride.id}/tip`, person, { amount: this.amount }));
    } else {
      expect(first.statusCode, first.body).toBe(200);
    }
    expect((await api.post(w.t.app, `/api/rides/${ride.id}/tip`, person, { amount: this.amount })).statusCode).toBe(409);
    ride.tip = this.amount;
  }
  toString = () => `Tip(${this.index}, ${this.amount}, fault ${this.fault})`;
}

class OpenDispute implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  candidates = (m: Model, now: number) => m.rides.filter((r) => r.status === 'completed' && r.dispute === 'none' && now - r.completedAt < 7 * DAY - 1000);
  check = (m: Model) => m.rides.some((r) => r.status === 'completed' && r.dispute === 'none');
  async run(m: Model, w: Real) {
    const list = this.candidates(m, w.clock.now.getTime());
    if (list.length === 0) return; // every candidate is past the 7 days (the model's clock is the real one)
    const ride = pick(list, this.index);
    const dispute = await expectOk<Dispute>(
      await api.post(w.t.app, `/api/rides/${ride.id}/disputes`, w.riders[ride.rider]!, {
        reason: 'overcharged',
        description: 'The fare was higher than it should be.',
      }),
      201,
    );
    ride.dispute = 'open';
    ride.disputeId = dispute.id;
    const released = await rows<{ kind: 'fare' | 'tip' }>(
      w.t.database.db,
      sql`select kind from charges where ride_id = ${ride.id} and released_at is not null`,
    );
    ride.releasedAtDispute = { fare: released.some((c) => c.kind === 'fare'), tip: released.some((c) => c.kind === 'tip') };
  }
  toString = () => `OpenDispute(${this.index})`;
}

class Resolve implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly resolution: 'refund_full' | 'refund_partial' | 'release',
    readonly fraction: number,
    readonly fault: string | null,
  ) {}
  candidates = (m: Model) => m.rides.filter((r) => r.dispute === 'open');
  check = (m: Model) => this.candidates(m).length > 0;
  async run(m: Model, w: Real) {
    const ride = pick(this.candidates(m), this.index);
    const disputable = ride.captured ? ride.total - ride.refund : 0;
    const amount =
      this.resolution === 'refund_full' ? disputable : this.resolution === 'refund_partial' ? Math.max(1, Math.floor(disputable * this.fraction)) : 0;
    const body = { resolution: this.resolution, note: 'Looked into it.', ...(this.resolution === 'refund_partial' ? { refundAmount: amount } : {}) };
    w.arm(this.fault);
    const response = await api.post(w.t.app, `/api/disputes/${ride.disputeId}/resolve`, w.licensee, body);
    if (this.resolution !== 'release' && disputable === 0) {
      // Nothing captured yet (a failed capture not retried): the licensee must wait.
      expect(response.statusCode).toBe(409);
      w.arm(null);
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    expect((await api.post(w.t.app, `/api/disputes/${ride.disputeId}/resolve`, w.licensee, body)).statusCode).toBe(409);
    ride.dispute = 'resolved';
    ride.refund += amount;
  }
  toString = () => `Resolve(${this.index}, ${this.resolution}, ${this.fraction.toFixed(2)}, fault ${this.fault})`;
}

class Settle implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly workers: number,
    readonly fault: string | null,
  ) {}
  check = () => true;
  async run(m: Model, w: Real) {
    w.arm(this.fault);
    const outcomes = await Promise.allSettled(Array.from({ length: this.workers }, () => settle(w)));
    if (!this.fault) for (const outcome of outcomes) expect(outcome.status).toBe('fulfilled');
    w.arm(null);
    // The run finishes whatever failures left undone (captures first, before any release fault).
    for (const ride of m.rides) if (ride.status === 'completed') ride.captured = true;
  }
  toString = () => `Settle(${this.workers} workers, fault ${this.fault})`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly hours: number) {}
  check = () => true;
  async run(_m: Model, w: Real) {
    w.clock.now = new Date(w.clock.now.getTime() + this.hours * HOUR);
  }
  toString = () => `Advance(${this.hours} h)`;
}

const index = fc.nat({ max: 50 });
const bookCommand = fc.integer({ min: 0, max: RIDERS - 1 }).map((r) => new Book(r));
const completeCommand = fc
  .tuple(index, fc.integer({ min: 0, max: 3 }), fc.constantFrom(null, null, 'capture:after-provider', 'capture:in-transaction'))
  .map(([i, r, f]) => new Complete(i, r, f));
// Booking and completing appear twice so that runs reach the later steps of a ride's life.
const commands = fc.commands(
  [
    bookCommand,
    bookCommand,
    completeCommand,
    completeCommand,
    fc.tuple(index, fc.constantFrom(null, null, 'void:after-provider')).map(([i, f]) => new Cancel(i, f)),
    fc
      .tuple(index, fc.integer({ min: 1, max: 2000 }), fc.constantFrom(null, null, 'tip:after-provider', 'tip:in-transaction'))
      .map(([i, a, f]) => new Tip(i, a, f)),
    index.map((i) => new OpenDispute(i)),
    fc
      .tuple(
        index,
        fc.constantFrom('refund_full' as const, 'refund_partial' as const, 'release' as const),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(null, 'refund:after-provider', 'refund:in-transaction'),
      )
      .map(([i, r, x, f]) => new Resolve(i, r, x, f)),
    fc.tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom(null, null, 'release:in-transaction')).map(([n, f]) => new Settle(n, f)),
    fc.integer({ min: 1, max: 80 }).map((h) => new Advance(h)),
  ],
  { maxCommands: 30, size: 'max' },
);

async function sourceBalances(w: World): Promise<Map<string, number>> {
  const result = await rows<{ id: string; balance: string }>(w.t.database.db, sql`select id, balance::text from ledger_accounts where id like 'rider:%'`);
  return new Map(result.map((row) => [row.id, Number(row.balance)]));
}

/** After a run: every ride's money is where the model says, once. */
async function checkAgainstModel(m: Model, w: Real): Promise<void> {
  const { db } = w.t.database;
  // Let every hold run out, and let the settlement finish what failures left.
  w.clock.now = new Date(w.clock.now.getTime() + 8 * DAY);
  await settle(w);
  const held = m.rides
    .filter((r) => r.status === 'completed' && r.dispute === 'open')
    .reduce((sum, r) => sum + (r.releasedAtDispute.fare ? 0 : r.total - r.refund) + (r.releasedAtDispute.tip ? 0 : r.tip), 0);
  expect(await ledgerInvariants(db), 'escrow holds exactly the rides with an open dispute').toBe(held);

  for (const ride of m.rides) {
    const charges = await rows<{ kind: string; status: string; amount: number; refunded: number; released: boolean }>(
      db,
      sql`select kind, status, amount, refunded, released_at is not null as released from charges where ride_id = ${ride.id} order by kind`,
    );
    if (ride.status === 'cancelled') {
      expect(charges).toEqual([{ kind: 'fare', status: 'voided', amount: ride.total, refunded: 0, released: false }]);
      continue;
    }
    const isHeld = ride.dispute === 'open';
    const expected = [{ kind: 'fare', status: 'captured', amount: ride.total, refunded: ride.refund, released: !isHeld || ride.releasedAtDispute.fare }];
    if (ride.tip > 0) expected.push({ kind: 'tip', status: 'captured', amount: ride.tip, refunded: 0, released: !isHeld || ride.releasedAtDispute.tip });
    expect(charges, `charges of ${ride.id}`).toEqual(expected);
  }

  // Each rider's payment source paid exactly the fares and tips of the run, less refunds.
  const after = await sourceBalances(w);
  for (const [i, person] of w.riders.entries()) {
    const id = `rider:${person.id}`;
    const paid = m.rides.filter((r) => r.rider === i && r.status === 'completed').reduce((sum, r) => sum + r.total + r.tip - r.refund, 0);
    expect((w.sourceBefore.get(id) ?? 0) - (after.get(id) ?? 0), `payments of rider ${i}`).toBe(paid);
  }

  // Close what is still open so the next run starts with an empty escrow.
  for (const ride of m.rides.filter((r) => r.dispute === 'open')) {
    await expectOk(await api.post(w.t.app, `/api/disputes/${ride.disputeId}/resolve`, w.licensee, { resolution: 'release', note: 'Closing the run.' }));
  }
  await settle(w);
  expect(await ledgerInvariants(db)).toBe(0);
}

describe.each(backends)('money model on %s', (backend) => {
  let world: World;
  let armed: string | null = null;
  const executed: string[] = [];

  beforeAll(async () => {
    const clock = { now: new Date('2026-11-20T12:00:00Z') };
    // Sessions must outlive the weeks the runs move the clock through.
    const t = await createTestApp(
      backend,
      { SESSION_TTL_HOURS: '1000000' },
      () => clock.now,
      (point) => {
        if (point === armed) {
          armed = null;
          throw new Error(`injected failure at ${point}`);
        }
      },
    );
    const admin = await signInAdmin(t.app);
    const licensee = await approvedLicensee(t.app, admin);
    const drivers = [];
    for (let i = 0; i < DRIVERS; i += 1) drivers.push(await onlineDriver(t.app, admin, HERALD_SQUARE));
    const riders = [];
    for (let i = 0; i < RIDERS; i += 1) riders.push(await rider(t.app));
    world = { t, clock, arm: (point) => (armed = point), riders, drivers, licensee };
  }, 120_000);
  afterAll(() => world?.t.close());

  it('keeps the books balanced and every cent where the model says, whatever the order and the failures', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const real: Real = { ...world, sourceBefore: await sourceBalances(world) };
        const model: Model = { rides: [] };
        await fc.asyncModelRun(
          () => ({ model, real }),
          [...cmds].map((cmd) => ({
            check: (m: Readonly<Model>) => cmd.check(m as Model),
            run: async (m: Model, r: Real) => {
              await cmd.run(m, r);
              executed.push(cmd.toString());
              armed = null; // a fault the step did not reach is dropped
              await ledgerInvariants(r.t.database.db);
            },
            toString: () => cmd.toString(),
          })),
        );
        // Rides left accepted are cancelled so the next run starts with free drivers and riders.
        for (const ride of accepted(model)) {
          await expectOk(await api.post(world.t.app, `/api/rides/${ride.id}/cancel`, world.riders[ride.rider]!));
          ride.status = 'cancelled';
        }
        await checkAgainstModel(model, real);
      }),
      { numRuns: 25, endOnFailure: true },
    );
    // The runs reached the steps that move money (a model test that only ever books proves little).
    const ran = (name: string) => executed.filter((c) => c.startsWith(name)).length;
    console.info(
      `money model on ${backend}: ${executed.length} steps`,
      Object.fromEntries(['Book', 'Complete', 'Tip', 'OpenDispute', 'Resolve', 'Settle', 'Cancel'].map((n) => [n, ran(n)])),
    );
    expect(ran('Complete')).toBeGreaterThanOrEqual(8);
    expect(ran('Tip') + ran('OpenDispute') + ran('Resolve')).toBeGreaterThanOrEqual(5);
  }, 600_000);
});

import type { ServerMessage } from '@coride/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerInvariants, rows } from '../../support/ledger';
import { connectAs, listen, type TestSocket } from '../../support/realtime';
import { DECLINED_ON_CHARGE, KEY, StripeStub } from '../../support/stripe-stub';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, book, expectOk, HERALD_SQUARE, onlineDriver, rider, signInAdmin, type Person, type Ride } from '../../support/world';

/** The embedded provider's test card that is refused at authorisation. */
const EMBEDDED_DECLINING = '4000000000000002';
const PROCESSOR_LATENCY_MS = 3000;

type RideRow = { status: string; cancel_reason: string | null; driver_id: string | null; fare_held_at: Date | null };
const rideOf = async (t: TestApp, riderId: string) =>
  (
    await rows<RideRow & { id: string }>(t.database.db, sql`select id, status, cancel_reason, driver_id, fare_held_at from rides where rider_id = ${riderId}`)
  )[0];
const offersOf = (t: TestApp, rideId: string) =>
  rows<{ driver_id: string; offered_at: Date }>(t.database.db, sql`select driver_id, offered_at from ride_offers where ride_id = ${rideId}`);
const statusOf = async (t: TestApp, rideId: string) =>
  (await rows<{ status: string }>(t.database.db, sql`select status from rides where id = ${rideId}`))[0]!.status;
const chargeOf = async (t: TestApp, rideId: string) =>
  (
    await rows<{ status: string; provider_ref: string | null }>(
      t.database.db,
      sql`select status, provider_ref from charges where ride_id = ${rideId} and kind = 'fare'`,
    )
  )[0];

/**
 * A bot driver that accepts every offer the moment it arrives over its socket: the fastest driver a
 * declined card could hope for (security review H1: it used to get a free, completed ride).
 */
function acceptEverything(t: TestApp, driver: Person, socket: TestSocket) {
  const offered: string[] = [];
  const accepts: Promise<{ statusCode: number }>[] = [];
  socket.socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as ServerMessage;
    if (message.type !== 'ride_request') return;
    offered.push(message.ride.id);
    accepts.push(api.post(t.app, `/api/rides/${message.ride.id}/accept`, driver));
  });
  return { offered, accepts };
}

const processors = [
  { name: 'the embedded provider', declining: EMBEDDED_DECLINING },
  { name: 'Stripe (a local stub server)', declining: DECLINED_ON_CHARGE },
] as const;

describe.each(backends)('a ride is offered only once its fare is held (%s)', (backend) => {
  describe.each(processors)('with $name answering a hold after 3 s', ({ name, declining }) => {
    let t: TestApp;
    let stripe: StripeStub | undefined;
    let driver: Person;
    let socket: TestSocket;
    let bot: ReturnType<typeof acceptEverything>;

    beforeAll(async () => {
      const overrides: Record<string, string> = { DISPATCH_SWEEP_MS: '50' };
      if (name.startsWith('Stripe')) {
        stripe = new StripeStub();
        stripe.intentDelayMs = PROCESSOR_LATENCY_MS;
        Object.assign(overrides, { STRIPE_SECRET_KEY: KEY, STRIPE_API_URL: await stripe.start() });
      } else {
        overrides.EMBEDDED_AUTH_DELAY_MS = String(PROCESSOR_LATENCY_MS);
      }
      t = await createTestApp(backend, overrides);
      const admin = await signInAdmin(t.app);
      await approvedLicensee(t.app, admin);
      driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
      socket = await connectAs(await listen(t.app), driver.token);
      bot = acceptEverything(t, driver, socket);
    });
    afterAll(async () => {
      await socket?.close();
      await t?.close();
      await stripe?.stop();
    });

    it('cancels a declined booking without ever offering it, so nobody rides for free', async () => {
      const person = await rider(t.app, { card: declining });
      const startedAt = Date.now();
      const response = await book(t.app, person);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(PROCESSOR_LATENCY_MS - 100);

      // The sweep ran ~60 times during the hold; give it a few more rounds after the refusal too.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ride = await rideOf(t, person.id);
      expect(ride).toMatchObject({ status: 'cancelled', cancel_reason: 'payment_failed', driver_id: null, fare_held_at: null });
      expect(await offersOf(t, ride!.id)).toEqual([]);
      expect(bot.offered).not.toContain(ride!.id);
      expect(await chargeOf(t, ride!.id)).toMatchObject({ status: 'failed' });
    });

    it('offers a held booking at once, and the ride goes ahead and is paid', async () => {
      const person = await rider(t.app);
      const response = await book(t.app, person);
      const booked = await expectOk<Ride>(response, 201);
      const held = await rideOf(t, person.id);
      expect(held!.fare_held_at).not.toBeNull();

      await expect.poll(async () => (await rideOf(t, person.id))!.status, { timeout: 10_000 }).toBe('accepted');
      const offers = await offersOf(t, booked.id);
      expect(offers.map((o) => o.driver_id)).toEqual([driver.id]);
      expect(new Date(offers[0]!.offered_at).getTime()).toBeGreaterThanOrEqual(new Date(held!.fare_held_at!).getTime());
      expect((await Promise.all(bot.accepts)).map((r) => r.statusCode)).toContain(200);

      await expectOk(await api.post(t.app, `/api/rides/${booked.id}/start`, driver, { pin: booked.pin }));
      await expectOk(await api.post(t.app, `/api/rides/${booked.id}/complete`, driver));
      expect(await chargeOf(t, booked.id)).toMatchObject({ status: 'captured' });
      await ledgerInvariants(t.database.db);
    });
  });
});

describe.each(backends)('a booking cut short between the ride and its hold (%s)', (backend) => {
  let t: TestApp;
  let driver: Person;
  const clock = { now: new Date('2026-11-20T12:00:00Z') };
  let crashAt: string | undefined;

  beforeAll(async () => {
    t = await createTestApp(
      backend,
      {},
      () => clock.now,
      (point) => {
        if (point === crashAt) throw new Error(`injected crash at ${point}`);
      },
    );
    const admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
    driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
  });
  afterAll(() => t?.close());

  async function crashedBooking(card?: string) {
    const person = await rider(t.app, card ? { card } : {});
    crashAt = 'book:before-hold';
    const response = await book(t.app, person);
    crashAt = undefined;
    expect(response.statusCode).toBe(500);
    const ride = (await rideOf(t, person.id))!;
    return { person, ride };
  }

  it('leaves no ride at all when it fails before the charge is recorded', async () => {
    const person = await rider(t.app);
    crashAt = 'book:after-ride-insert';
    const response = await book(t.app, person);
    crashAt = undefined;
    expect(response.statusCode).toBe(500);
    expect(await rideOf(t, person.id)).toBeUndefined();
    expect(await rows(t.database.db, sql`select id from charges where rider_id = ${person.id}`)).toEqual([]);
  });

  it('keeps a ride whose hold was never asked for out of dispatch, then holds and dispatches it', async () => {
    const { ride } = await crashedBooking();
    expect(ride).toMatchObject({ status: 'requested', fare_held_at: null });
    expect(await chargeOf(t, ride.id)).toMatchObject({ status: 'authorized', provider_ref: null });

    await t.app.services.dispatcher.sweep();
    expect(await offersOf(t, ride.id)).toEqual([]);
    expect((await api.post(t.app, `/api/rides/${ride.id}/accept`, driver)).statusCode).toBe(404);

    // The rider's request may still be waiting on the processor: the sweep leaves it alone a minute.
    clock.now = new Date(clock.now.getTime() + 30_000);
    expect(await t.app.services.rides.resumeUnheldBookings()).toBe(0);
    clock.now = new Date(clock.now.getTime() + 31_000);
    expect(await t.app.services.rides.resumeUnheldBookings()).toBe(1);
    await t.app.services.dispatcher.sweep();
    expect(await statusOf(t, ride.id)).toBe('requested');
    expect((await offersOf(t, ride.id)).map((o) => o.driver_id)).toEqual([driver.id]);
    expect((await chargeOf(t, ride.id))!.provider_ref).not.toBeNull();
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/cancel`, driver));
  });

  it('cancels such a ride when the card refuses the hold the sweep asks for', async () => {
    const { ride } = await crashedBooking(EMBEDDED_DECLINING);
    clock.now = new Date(clock.now.getTime() + 61_000);
    await t.app.services.rides.resumeUnheldBookings();
    await t.app.services.dispatcher.sweep();
    const [after] = await rows<RideRow>(t.database.db, sql`select status, cancel_reason, driver_id, fare_held_at from rides where id = ${ride.id}`);
    expect(after).toMatchObject({ status: 'cancelled', cancel_reason: 'payment_failed', fare_held_at: null });
    expect(await offersOf(t, ride.id)).toEqual([]);
    expect(await chargeOf(t, ride.id)).toMatchObject({ status: 'failed' });
  });

  it('refuses, in the database itself, to assign, start or complete a ride whose fare is not held', async () => {
    const { ride } = await crashedBooking();
    for (const status of ['accepted', 'in_progress', 'completed']) {
      await expect(t.database.db.execute(sql`update rides set status = ${status}, driver_id = ${driver.id} where id = ${ride.id}`)).rejects.toThrow();
    }
    // Even with an offer forged into the table, accepting it is a conflict, never an assignment.
    await t.database.db.execute(
      sql`insert into ride_offers (ride_id, driver_id, round, distance_miles, offered_at, expires_at) values (${ride.id}, ${driver.id}, 1, 0.5, ${clock.now}, ${new Date(clock.now.getTime() + 60_000)})`,
    );
    const accept = await api.post(t.app, `/api/rides/${ride.id}/accept`, driver);
    expect(accept.statusCode).toBe(409);
    const [after] = await rows<{ status: string; driver_id: string | null }>(t.database.db, sql`select status, driver_id from rides where id = ${ride.id}`);
    expect(after).toEqual({ status: 'requested', driver_id: null });
  });
});

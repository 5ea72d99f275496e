import { randomUUID } from 'node:crypto';
import type { Ride } from '@coride/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rideOffers, rides } from '../../../src/db/schema';
import { driverPayload, register } from '../../support/fixtures';
import { HubTap } from '../../support/realtime';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, book, expectOk, offset, onlineDriver, rider, signInAdmin, TIMES_SQUARE, type Person } from '../../support/world';

/*
 * Real concurrency needs a real server: PGlite runs one query at a time, so these races only race on
 * PostgreSQL (DATABASE_URL). The app's pool has 10 connections, so up to 10 requests are in the
 * database at the same moment.
 */
describe.runIf(backends.includes('postgres'))('races on postgres', () => {
  let t: TestApp;
  let tap: HubTap;
  let admin: Person;
  const clock = new Date('2026-11-20T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp('postgres', { OFFER_TIMEOUT_SECONDS: '15' }, () => clock);
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
  });
  afterAll(() => t?.close());

  afterEach(async () => {
    // The marketplace's invariants, checked on the data itself after every race.
    const { db } = t.database;
    const active = ['accepted', 'in_progress'] as const;
    const perDriver = await db
      .select({ driverId: rides.driverId, count: sql<number>`count(*)::int` })
      .from(rides)
      .where(inArray(rides.status, [...active]))
      .groupBy(rides.driverId);
    expect(perDriver.filter((row) => row.count > 1 || row.driverId === null)).toEqual([]);
    const perRider = await db
      .select({ riderId: rides.riderId, count: sql<number>`count(*)::int` })
      .from(rides)
      .where(inArray(rides.status, ['requested', ...active]))
      .groupBy(rides.riderId);
    expect(perRider.filter((row) => row.count > 1)).toEqual([]);
    const acceptedOffers = await db
      .select({ rideId: rideOffers.rideId, count: sql<number>`count(*)::int` })
      .from(rideOffers)
      .where(eq(rideOffers.status, 'accepted'))
      .groupBy(rideOffers.rideId);
    expect(acceptedOffers.filter((row) => row.count > 1)).toEqual([]);
  });

  /** An idle online driver keeps a new ride `requested` (with nobody to offer it to, dispatch cancels it at once). */
  const idleDriver = () => onlineDriver(t.app, admin, offset(TIMES_SQUARE, 0.2));

  async function registerDrivers(count: number): Promise<Person[]> {
    const drivers: Person[] = [];
    for (let i = 0; i < count; i += 10) {
      const chunk = await Promise.all(Array.from({ length: Math.min(10, count - i) }, () => register(t.app, driverPayload())));
      drivers.push(...chunk.map((d) => ({ id: d.user.id, token: d.token })));
    }
    return drivers;
  }

  const countBy = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

  it('lets exactly one of 50 drivers accepting the same ride at once win; the other 49 get 409', async () => {
    await idleDriver();
    const person = await rider(t.app);
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, person), 201);
    await tap.dispatched(ride.id, since);

    // Dispatch offers a ride to batches of 3 (defaultDispatchSettings), so it never hands one ride to 50
    // drivers at once. To race 50 accepts, 50 registered drivers get a pending offer written directly:
    // accept only needs the driver role and a pending, unexpired offer.
    const drivers = await registerDrivers(50);
    await t.database.db.insert(rideOffers).values(
      drivers.map((d) => ({
        rideId: ride.id,
        driverId: d.id,
        round: 1,
        distanceMiles: 0.5,
        offeredAt: clock,
        expiresAt: new Date(clock.getTime() + 15_000),
      })),
    );

    const responses = await Promise.all(drivers.map((d) => api.post(t.app, `/api/rides/${ride.id}/accept`, d)));
    expect(countBy(responses.map((r) => r.statusCode))).toEqual({ 200: 1, 409: 49 });
    for (const loser of responses.filter((r) => r.statusCode === 409)) expect(loser.json()).toMatchObject({ code: 'OFFER_TAKEN' });

    const winner = drivers[responses.findIndex((r) => r.statusCode === 200)]!;
    expect(responses.find((r) => r.statusCode === 200)!.json()).toMatchObject({ status: 'accepted', driver: { id: winner.id } });
    const [row] = await t.database.db.select().from(rides).where(eq(rides.id, ride.id));
    expect(row).toMatchObject({ status: 'accepted', driverId: winner.id });
    const offers = await t.database.db.select().from(rideOffers).where(eq(rideOffers.rideId, ride.id));
    expect(offers.filter((o) => o.status === 'accepted').map((o) => o.driverId)).toEqual([winner.id]);
    expect(offers.filter((o) => o.status === 'pending')).toEqual([]);
  });

  it('gives a rider exactly one ride when 20 bookings with different Idempotency-Keys arrive at once: one 201, nineteen 409', async () => {
    await idleDriver();
    const person = await rider(t.app);
    const since = tap.mark();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => book(t.app, person, undefined, undefined, { 'idempotency-key': `attempt-${i}` })));

    expect(countBy(responses.map((r) => r.statusCode))).toEqual({ 201: 1, 409: 19 });
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/already have an active ride/) });
    }
    const created = responses.find((r) => r.statusCode === 201)!.json() as Ride;
    const stored = await t.database.db.select({ id: rides.id }).from(rides).where(eq(rides.riderId, person.id));
    expect(stored).toEqual([{ id: created.id }]);
    await tap.dispatched(created.id, since);
  });

  it('answers 20 bookings with the same Idempotency-Key at once with one ride: 201 once, 200 for the rest', async () => {
    await idleDriver();
    const person = await rider(t.app);
    const since = tap.mark();
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => book(t.app, person, undefined, undefined, { 'idempotency-key': key })));

    expect(countBy(responses.map((r) => r.statusCode))).toEqual({ 200: 19, 201: 1 });
    const rideIds = new Set(responses.map((r) => (r.json() as Ride).id));
    expect(rideIds.size).toBe(1);
    const stored = await t.database.db.select({ id: rides.id, idempotencyKey: rides.idempotencyKey }).from(rides).where(eq(rides.riderId, person.id));
    expect(stored).toEqual([{ id: [...rideIds][0], idempotencyKey: key }]);
    await tap.dispatched([...rideIds][0]!, since);
  });

  it('refuses an accept whose offer expired while the accept was in flight: the ride stays requested (chaos run finding)', async () => {
    await idleDriver();
    const person = await rider(t.app);
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, person), 201);
    await tap.dispatched(ride.id, since);
    const [driver] = await registerDrivers(1);
    const [offer] = await t.database.db
      .insert(rideOffers)
      .values({ rideId: ride.id, driverId: driver!.id, round: 1, distanceMiles: 0.5, offeredAt: clock, expiresAt: new Date(clock.getTime() + 15_000) })
      .returning({ id: rideOffers.id });

    // Another process (here a second connection) holds the offer row, as the sweep does while it expires
    // it; the accept, which read the offer as pending, reaches its write and waits on that row.
    const sweeper = await t.twin(() => clock);
    let answer: Promise<{ statusCode: number }> | undefined;
    try {
      await sweeper.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from ride_offers where id = ${offer!.id} for update`);
        answer = api.post(t.app, `/api/rides/${ride.id}/accept`, driver!);
        await expect
          .poll(async () => {
            const [row] = await t.database.db
              .select({ waiting: sql<number>`count(*)::int` })
              .from(sql`pg_stat_activity`)
              .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
            return row!.waiting;
          })
          .toBeGreaterThan(0);
        await tx.update(rideOffers).set({ status: 'expired', respondedAt: clock }).where(eq(rideOffers.id, offer!.id));
      });
      const response = await answer!;
      expect(response.statusCode).toBe(409);
    } finally {
      await sweeper.closeTwin();
    }
    const [stored] = await t.database.db.select({ status: rides.status, driverId: rides.driverId }).from(rides).where(eq(rides.id, ride.id));
    expect(stored).toEqual({ status: 'requested', driverId: null });
  });
});

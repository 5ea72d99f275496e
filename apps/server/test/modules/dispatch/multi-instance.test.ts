import type { LatLng, Ride } from '@coride/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { driverOnlineSessions, rideOffers, rides } from '../../../src/db/schema';
import type { AppInstance } from '../../../src/lib/app-instance';
import { connectRedis } from '../../../src/lib/redis';
import { RedisConnections } from '../../../src/modules/realtime/redis-connections';
import { driverPayload, register } from '../../support/fixtures';
import { connectAs, HubTap, listen, rideIdOf, type TestSocket } from '../../support/realtime';
import { redisUrl } from '../../support/redis';
import { createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, coordinates, expectOk, goOnline, offset, registeredDriver, rider, signInAdmin, type Person, CITIES } from '../../support/world';

const { BOSTON_WATERFRONT, BOSTON, PHILADELPHIA, DENVER, ATLANTA, AUSTIN, SEATTLE } = CITIES;

type Instance = Awaited<ReturnType<TestApp['twin']>>;

/*
 * Several API processes on one PostgreSQL and one Redis (contract §7), as 2-4 apps built in this
 * process on one test database and one Redis key prefix: a rider, a driver and their sockets may each
 * be on any of them. Each scenario has a territory of its own, so one test's drivers are never
 * candidates for another's rides. Points are zip code centroids.
 */

const OFFER_TIMEOUT_MS = 15_000;

describe.runIf(process.env.DATABASE_URL && redisUrl)('several instances on one PostgreSQL and one Redis', () => {
  let t: TestApp;
  let a: AppInstance;
  let b: Instance;
  let c: Instance;
  const taps = new Map<AppInstance, HubTap>();
  const urls = new Map<AppInstance, string>();
  let redis: Redis;
  let admin: Person;
  let clock = new Date('2026-11-20T12:00:00Z');
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const sockets: TestSocket[] = [];

  async function instance(app: AppInstance): Promise<void> {
    taps.set(app, new HubTap(app));
    urls.set(app, await listen(app));
  }
  const tap = (app: AppInstance) => taps.get(app)!;
  const socketOn = async (app: AppInstance, person: Person) => {
    const socket = await connectAs(urls.get(app)!, person.token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp('postgres+redis', { OFFER_TIMEOUT_SECONDS: String(OFFER_TIMEOUT_MS / 1000) }, () => clock);
    a = t.app;
    [b, c] = [await t.twin(), await t.twin()];
    for (const app of [a, b, c]) await instance(app);
    redis = await connectRedis(redisUrl!, 'coride-test');
    admin = await signInAdmin(a);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  });
  afterAll(async () => {
    redis?.disconnect();
    await b?.closeTwin();
    await c?.closeTwin();
    await t?.close();
  });

  /** A territory of the zip codes, through instance A. */
  async function territory(zipCodes: string[], name: string): Promise<void> {
    await approvedLicensee(a, admin, zipCodes, name);
  }

  /** An approved driver of the territory at `point`, online through `app`. */
  async function driverAt(app: AppInstance, point: LatLng): Promise<Person> {
    const driver = await registeredDriver(a, admin, { driveArea: coordinates(point) });
    await goOnline(app, driver, point);
    return driver;
  }

  const bookOn = async (app: AppInstance, person: Person, from: LatLng, to: LatLng) =>
    expectOk<Ride>(
      await api.post(app, '/api/rides', person, { pickupLocation: { address: 'Pickup', ...from }, dropoffLocation: { address: 'Drop-off', ...to } }),
      201,
    );

  const openSessions = (driverId: string) =>
    t.database.db
      .select()
      .from(driverOnlineSessions)
      .where(and(eq(driverOnlineSessions.driverId, driverId), isNull(driverOnlineSessions.endedAt)));

  it('offers a ride booked on B to a driver whose socket is on A, takes the acceptance through C, and forwards the locations sent on A to the rider on C', async () => {
    await territory(['02108', '02109'], 'Boston');
    const driver = await driverAt(a, BOSTON);
    const person = await rider(b);
    const [driverSocket, riderSocket] = [await socketOn(a, driver), await socketOn(c, person)];

    const ride = await bookOn(b, person, offset(BOSTON, 0.1), BOSTON_WATERFRONT);
    expect((await driverSocket.next('ride_request')).ride.id).toBe(ride.id);

    const accepted = await expectOk<Ride>(await api.post(c, `/api/rides/${ride.id}/accept`, driver));
    expect(accepted).toMatchObject({ id: ride.id, status: 'accepted', driver: { id: driver.id } });
    expect((await riderSocket.next('ride_accepted')).ride.id).toBe(ride.id);

    // A's socket, C's acceptance: the active ride reaches A through the shared store (past the 1 s throttle).
    advance(2000);
    const near = offset(BOSTON, 0.05);
    driverSocket.send({ type: 'location_update', location: near });
    expect(await riderSocket.next('driver_location')).toMatchObject({ driverId: driver.id, rideId: ride.id, location: near });

    // Redis lost the entry (restarted empty, or the write after the commit never happened): read from PostgreSQL.
    await redis.del(`${t.config.redisKeyPrefix}ride:drv:${driver.id}`);
    advance(2000);
    const nearer = offset(BOSTON, 0.02);
    driverSocket.send({ type: 'location_update', location: nearer });
    expect(await riderSocket.next('driver_location')).toMatchObject({ rideId: ride.id, location: nearer });

    // The ride ends through B: A stops forwarding at once (its next location reaches nobody).
    await expectOk(await api.post(b, `/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    await expectOk(await api.post(b, `/api/rides/${ride.id}/complete`, driver));
    const since = tap(a).mark();
    await a.services.dispatcher.forwardLocation(driver.id, BOSTON);
    expect(tap(a).to(person.id, 'driver_location', since)).toEqual([]);
  });

  it('answers the winner’s retried accept with 200 and the ride, on any instance, and a loser’s with 409', async () => {
    await territory(['19103'], 'Philadelphia');
    const [first, second] = [await driverAt(a, PHILADELPHIA), await driverAt(b, offset(PHILADELPHIA, 0.2))];
    const person = await rider(c);
    const since = tap(c).mark();
    const ride = await bookOn(c, person, offset(PHILADELPHIA, 0.05), offset(PHILADELPHIA, 1));
    await tap(c).dispatched(ride.id, since);

    expect((await api.post(a, `/api/rides/${ride.id}/accept`, first)).statusCode).toBe(200);
    // The response was lost (the process died after the commit): the app asks again, elsewhere.
    for (const app of [b, c, a]) {
      const retried = await api.post(app, `/api/rides/${ride.id}/accept`, first);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ id: ride.id, status: 'accepted', driver: { id: first.id } });
    }
    expect((await api.post(b, `/api/rides/${ride.id}/accept`, second)).statusCode).toBe(409);

    // Still 200 once the ride is under way; the offer was accepted once.
    await expectOk(await api.post(b, `/api/rides/${ride.id}/start`, first, { pin: ride.pin }));
    expect((await api.post(c, `/api/rides/${ride.id}/accept`, first)).json()).toMatchObject({ id: ride.id, status: 'in_progress' });
    const offers = await t.database.db.select().from(rideOffers).where(eq(rideOffers.rideId, ride.id));
    expect(offers.filter((offer) => offer.status === 'accepted').map((offer) => offer.driverId)).toEqual([first.id]);
  });

  it('gives a ride to exactly one of 50 drivers who each send their accept to all three instances at once', async () => {
    await territory(['80202'], 'Denver');
    await driverAt(a, DENVER);
    const person = await rider(b);
    const since = tap(b).mark();
    const ride = await bookOn(b, person, offset(DENVER, 0.05), offset(DENVER, 1));
    await tap(b).dispatched(ride.id, since);

    // Dispatch offers a ride to 3 at a time; to race 50 drivers, each gets a pending offer written directly.
    const drivers: Person[] = [];
    for (let i = 0; i < 50; i += 10) {
      const chunk = await Promise.all(Array.from({ length: 10 }, () => register(a, driverPayload())));
      drivers.push(...chunk.map((d) => ({ id: d.user.id, token: d.token })));
    }
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

    const attempts = drivers.flatMap((driver) => [a, b, c].map((app) => ({ driver, app })));
    const responses = await Promise.all(attempts.map(({ driver, app }) => api.post(app, `/api/rides/${ride.id}/accept`, driver)));

    const winners = new Set(attempts.filter((_, i) => responses[i]!.statusCode === 200).map(({ driver }) => driver.id));
    expect(winners.size).toBe(1);
    const [winner] = [...winners];
    // All three requests of the winner are 200 (the same driver asking twice at once is a retry); the 147 others 409.
    attempts.forEach(({ driver }, i) => expect(responses[i]!.statusCode).toBe(driver.id === winner ? 200 : 409));
    const [row] = await t.database.db.select().from(rides).where(eq(rides.id, ride.id));
    expect(row).toMatchObject({ status: 'accepted', driverId: winner });
    const offers = await t.database.db.select().from(rideOffers).where(eq(rideOffers.rideId, ride.id));
    expect(offers.filter((offer) => offer.status === 'accepted').map((offer) => offer.driverId)).toEqual([winner]);
  });

  it('has three sweepers expire each offer of an instance that died exactly once, and move each of its rides on once', async () => {
    await territory(['30303'], 'Atlanta');
    // The rides are booked through D, which then dies: its offers are left pending, their messages maybe unsent.
    const d = await t.twin();
    const dTap = new HubTap(d);
    for (let i = 0; i < 30; i += 1) await driverAt(i % 2 ? a : b, offset(ATLANTA, 0.01 * (i + 1)));
    const booked: Ride[] = [];
    for (let i = 0; i < 5; i += 1) {
      const person = await rider(d);
      const since = dTap.mark();
      const ride = await bookOn(d, person, offset(ATLANTA, 0.02 * i), offset(ATLANTA, 1));
      await dTap.dispatched(ride.id, since);
      booked.push(ride);
    }
    const ids = new Set(booked.map((ride) => ride.id));
    const firstOffers = (await t.database.db.select().from(rideOffers)).filter((offer) => ids.has(offer.rideId));
    expect(firstOffers).toHaveLength(15);
    await d.closeTwin();

    advance(OFFER_TIMEOUT_MS + 1000);
    const marks = new Map([a, b, c].map((app) => [app, tap(app).mark()]));
    await Promise.all([a, b, c].map((app) => app.services.dispatcher.sweep()));

    const sent = (type: 'offer_withdrawn' | 'ride_request') =>
      [a, b, c].flatMap((app) =>
        tap(app)
          .published.slice(marks.get(app))
          .filter((entry) => entry.message.type === type && ids.has(rideIdOf(entry.message) ?? ''))
          .map((entry) => `${rideIdOf(entry.message)}:${entry.userId}`),
      );
    // Each expired offer was withdrawn by exactly one sweeper.
    expect(sent('offer_withdrawn').sort()).toEqual(firstOffers.map((offer) => `${offer.rideId}:${offer.driverId}`).sort());
    // Each ride had exactly one next round: one batch of three, whoever ran it.
    const offers = (await t.database.db.select().from(rideOffers)).filter((offer) => ids.has(offer.rideId));
    const first = new Set(firstOffers.map((offer) => offer.id));
    for (const ride of booked) {
      const ofRide = offers.filter((offer) => offer.rideId === ride.id);
      expect(ofRide.filter((offer) => first.has(offer.id)).map((offer) => offer.status)).toEqual(['expired', 'expired', 'expired']);
      expect(ofRide.filter((offer) => !first.has(offer.id)).map((offer) => offer.status)).toEqual(['pending', 'pending', 'pending']);
    }
    expect(sent('ride_request')).toHaveLength(15);
    expect(new Set(sent('ride_request')).size).toBe(15);
  });

  it('has the sweep pass over an offer or a ride another process holds, instead of waiting for it', async () => {
    await territory(['78701'], 'Austin');
    for (let i = 0; i < 7; i += 1) await driverAt(a, offset(AUSTIN, 0.05 * (i + 1)));
    const person = await rider(b);
    const since = tap(b).mark();
    const ride = await bookOn(b, person, AUSTIN, offset(AUSTIN, 1));
    await tap(b).dispatched(ride.id, since);
    const [offer] = await t.database.db.select().from(rideOffers).where(eq(rideOffers.rideId, ride.id));
    const offerStatus = async () => (await t.database.db.select().from(rideOffers).where(eq(rideOffers.id, offer!.id)))[0]!.status;
    const offersMade = async () => (await t.database.db.select().from(rideOffers).where(eq(rideOffers.rideId, ride.id))).length;
    /** The sweep's outcome, or "blocked" if it is still waiting after 5 s (it would wait for ever on a lock its caller holds). */
    const sweepOn = (app: AppInstance) =>
      Promise.race([app.services.dispatcher.sweep().then(() => 'done'), new Promise<string>((resolve) => setTimeout(() => resolve('blocked'), 5000).unref())]);

    // Another process holds one overdue offer's row (its own sweep, in a transaction): the sweep expires the others.
    advance(OFFER_TIMEOUT_MS + 1000);
    await t.database.db.transaction(async (tx) => {
      await tx.select().from(rideOffers).where(eq(rideOffers.id, offer!.id)).for('update');
      expect(await sweepOn(c)).toBe('done');
    });
    expect(await offerStatus()).toBe('pending');
    expect(await offersMade()).toBe(3);
    await c.services.dispatcher.sweep();
    expect(await offerStatus()).toBe('expired');
    expect(await offersMade()).toBe(6);

    // Another process holds the ride, waiting for its next round: the sweep leaves the round to it.
    advance(OFFER_TIMEOUT_MS + 1000);
    await t.database.db.transaction(async (tx) => {
      await tx.select().from(rides).where(eq(rides.id, ride.id)).for('update');
      expect(await sweepOn(b)).toBe('done');
    });
    expect(await offersMade()).toBe(6);
    await b.services.dispatcher.sweep();
    expect(await offersMade()).toBe(7);
  });

  it('keeps a driver online while a socket is open on any instance, and ends the session with the last one', async () => {
    await territory(['98101'], 'Seattle');
    const driver = await driverAt(a, SEATTLE);
    const [onA, onB] = [await socketOn(a, driver), await socketOn(b, driver)];
    expect(await c.services.hub.isConnected(driver.id)).toBe(true);

    // Every "no connection left" decision of A is recorded: there must be none for this driver.
    const endedByA: string[] = [];
    const disconnected = a.services.drivers.disconnected;
    a.services.drivers.disconnected = (driverId) => {
      endedByA.push(driverId);
      return disconnected(driverId);
    };
    try {
      const connKey = `${t.config.redisKeyPrefix}conn:${driver.id}`;
      await onA.close();
      await vi.waitFor(async () => expect(Object.keys(await redis.hgetall(connKey))).toHaveLength(1));
      await new Promise((resolve) => setImmediate(resolve));
      expect(endedByA).toEqual([]);
      expect(await openSessions(driver.id)).toHaveLength(1);
      expect(await a.services.hub.isConnected(driver.id)).toBe(true);

      advance(60_000);
      await onB.close();
      await vi.waitFor(async () => expect(await openSessions(driver.id)).toEqual([]));
      const [session] = await t.database.db.select().from(driverOnlineSessions).where(eq(driverOnlineSessions.driverId, driver.id));
      expect(session!.endedAt).toEqual(clock);
      expect(await a.services.hub.isConnected(driver.id)).toBe(false);
    } finally {
      a.services.drivers.disconnected = disconnected;
    }
  });

  it('ends no session of drivers connected elsewhere when an instance closes and starts again', async () => {
    const driver = await driverAt(a, offset(SEATTLE, 0.1));
    await socketOn(a, driver);
    const [before] = await openSessions(driver.id);
    expect(before).toBeDefined();

    await c.closeTwin();
    c = await t.twin();
    await instance(c);

    expect(await openSessions(driver.id)).toEqual([before]);
    expect(await c.services.hub.isConnected(driver.id)).toBe(true);
  });

  it('has the janitor end the sessions of drivers whose only connections were on an instance that died', async () => {
    const [gone, stays] = [await driverAt(a, offset(SEATTLE, 0.2)), await driverAt(a, offset(SEATTLE, 0.3))];
    // The dead instance: its heartbeat lives 300 ms and is never renewed (a kill -9 stops it the same way).
    const diedAt = clock;
    const dead = new RedisConnections(redis, t.config.redisKeyPrefix, { instanceTtlMs: 300, now: () => diedAt });
    expect(await dead.start()).toBe(false);
    await dead.add(gone.id);
    await dead.add(stays.id);
    await socketOn(b, stays);
    expect(await a.services.hub.isConnected(gone.id)).toBe(true);

    advance(60_000);
    await vi.waitFor(async () => expect(await a.services.hub.isConnected(gone.id)).toBe(false));
    // A round of the janitor (the job runs one every 5 s on one of the instances; it may have run already).
    await c.services.drivers.endSessionsOfGone(await c.services.connections.reap());
    const [ended] = await t.database.db.select().from(driverOnlineSessions).where(eq(driverOnlineSessions.driverId, gone.id));
    expect(ended!.endedAt).toEqual(diedAt);
    expect(await openSessions(stays.id)).toHaveLength(1);
    expect(await c.services.connections.reap()).toEqual([]);

    // It was only paused: its next heartbeat registers its connections again, and says whose.
    expect((await dead.heartbeat()).reconnected).toEqual(expect.arrayContaining([gone.id, stays.id]));
    expect(await b.services.hub.isConnected(gone.id)).toBe(true);
    await dead.close();
  });

  it('runs a round of a job once when three instances start it at the same moment', async () => {
    const locks = [t.database, b.database, c.database].map((database) => database.tryExclusive);
    let runs = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const round = async () => {
      runs += 1;
      await gate;
    };
    let settled = 0;
    const attempts = locks.map((lock) => lock('job:tier recompute', round).finally(() => (settled += 1)));
    // The two that lost answer at once, while the winner's round is still running.
    await vi.waitFor(() => expect(settled).toBe(2), { timeout: 5000 });
    expect(runs).toBe(1);
    open();
    expect((await Promise.all(attempts)).filter(Boolean)).toHaveLength(1);
    // Free again once the round is over.
    expect(await locks[1]!('job:tier recompute', async () => undefined)).toBe(true);
  });
});

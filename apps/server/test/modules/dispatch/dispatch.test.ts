import type { DriverOffer, LatLng, Ride } from '@coride/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPresence, rideOffers, rides, users } from '../../../src/db/schema';
import { connectAs, HubTap, listen } from '../../support/realtime';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  coordinates,
  expectOk,
  goOffline,
  goOnline,
  offset,
  registeredDriver,
  rider,
  signInAdmin,
  type Person,
  CITIES,
} from '../../support/world';

const { BOSTON_WATERFRONT, BOSTON, PHILADELPHIA, DENVER, ATLANTA, AUSTIN, SEATTLE } = CITIES;

/* Each scenario gets a territory of its own (CITIES, and two more here), so one test's drivers are never another's candidates. */
const MIAMI = { lat: 25.774, lng: -80.193 }; // downtown Miami
const MINNEAPOLIS = { lat: 44.985367, lng: -93.270208 }; // 55401

const OFFER_TIMEOUT_MS = 15_000;

describe.each(sharedBackends)('dispatch on %s', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let wsUrl: string;
  let admin: Person;
  let clock = new Date('2026-11-20T12:00:00Z');
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const sweep = () => t.app.services.dispatcher.sweep();

  beforeAll(async () => {
    t = await createTestApp(backend, { OFFER_TIMEOUT_SECONDS: String(OFFER_TIMEOUT_MS / 1000) }, () => clock);
    tap = new HubTap(t.app);
    wsUrl = await listen(t.app);
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t?.close());

  /** An approved licensee's territory; checks that `center` lies in it. */
  async function territory(zipCodes: string[], name: string, center: LatLng): Promise<string> {
    const { territoryId } = await approvedLicensee(t.app, admin, zipCodes, name);
    expect((await t.app.services.territories.place(center))?.territory?.name).toBe(name);
    return territoryId;
  }

  /** An approved driver whose driving area is `home` (so its territory), online at `location`. */
  async function driverAt(home: LatLng, location: LatLng): Promise<Person> {
    const driver = await registeredDriver(t.app, admin, { driveArea: coordinates(home) });
    await goOnline(t.app, driver, location);
    return driver;
  }

  /** Books from `pickup` to a mile north of it and waits for the booking's dispatch round to finish. */
  async function bookAt(person: Person, pickup: LatLng): Promise<Ride> {
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, person, { address: 'Pickup', ...pickup }, { address: 'Drop-off', ...offset(pickup, 1) }), 201);
    await tap.dispatched(ride.id, since);
    return ride;
  }

  const offersOf = (rideId: string) => t.database.db.select().from(rideOffers).where(eq(rideOffers.rideId, rideId));
  const rideRow = async (rideId: string) => (await t.database.db.select().from(rides).where(eq(rides.id, rideId)))[0]!;
  const openOffers = async (driver: Person) => expectOk<DriverOffer[]>(await api.get(t.app, '/api/drivers/offers', driver));
  const accept = (driver: Person, rideId: string) => api.post(t.app, `/api/rides/${rideId}/accept`, driver);
  const decline = (driver: Person, rideId: string) => api.post(t.app, `/api/rides/${rideId}/decline`, driver);
  const ids = (people: Person[]) => people.map((p) => p.id).sort();

  it('offers a ride to the three nearest idle drivers of its territory, then the next nearest; never to one outside the territory, offline or unapproved', async () => {
    await territory(['02108', '02110'], 'Boston', BOSTON);
    await territory(['02109'], 'Boston Waterfront', BOSTON_WATERFRONT);
    const byDistance: Person[] = [];
    for (const miles of [0.6, 0.1, 1.0, 0.3]) byDistance.push(await driverAt(BOSTON, offset(BOSTON, miles)));
    const [at06, at01, at10, at03] = byDistance as [Person, Person, Person, Person];

    // Closer to the pickup than anyone, but each for a reason not a candidate.
    const outsider = await driverAt(BOSTON_WATERFRONT, BOSTON);
    expect((await expectOk<{ territoryName: string }>(await api.get(t.app, '/api/drivers/me', outsider))).territoryName).toBe('Boston Waterfront');
    const wentOffline = await driverAt(BOSTON, BOSTON);
    await goOffline(t.app, wentOffline);
    const unapproved = await registeredDriver(t.app, admin, { driveArea: coordinates(BOSTON), approve: false });
    expect((await api.patch(t.app, '/api/drivers/status', unapproved, { status: 'online', location: BOSTON })).statusCode).toBe(403);

    const person = await rider(t.app);
    const since = tap.mark();
    const ride = await bookAt(person, BOSTON);

    const firstBatch = (await offersOf(ride.id)).sort((a, b) => a.distanceMiles - b.distanceMiles);
    expect(firstBatch.map((o) => o.driverId)).toEqual([at01.id, at03.id, at06.id]);
    expect(firstBatch.map((o) => Math.round(o.distanceMiles * 10) / 10)).toEqual([0.1, 0.3, 0.6]);
    expect(tap.recipients('ride_request', ride.id, since).sort()).toEqual(ids([at01, at03, at06]));
    expect(await openOffers(at10)).toEqual([]);

    // The batch declines one by one; the next nearest is offered only when the whole batch has answered.
    expect((await decline(at01, ride.id)).statusCode).toBe(200);
    expect((await decline(at03, ride.id)).statusCode).toBe(200);
    expect(await openOffers(at10)).toEqual([]);
    expect((await decline(at06, ride.id)).statusCode).toBe(200);
    expect((await openOffers(at10)).map((o) => o.ride.id)).toEqual([ride.id]);
    expect((await decline(at10, ride.id)).statusCode).toBe(200);

    const offered = (await offersOf(ride.id)).map((o) => o.driverId).sort();
    expect(offered).toEqual(ids([at01, at03, at06, at10]));
    const everyoneTold = tap.recipients('ride_request', ride.id, since);
    for (const never of [outsider, wentOffline, unapproved]) {
      expect(offered).not.toContain(never.id);
      expect(everyoneTold).not.toContain(never.id);
    }
    expect(await rideRow(ride.id)).toMatchObject({ status: 'cancelled', cancelReason: 'no_drivers' });
  });

  it('expires an unanswered offer after OFFER_TIMEOUT_SECONDS, so the driver can no longer accept it, and offers the ride to the next driver', async () => {
    await territory(['19103'], 'Center City', PHILADELPHIA);
    const near = await driverAt(PHILADELPHIA, offset(PHILADELPHIA, 0.5));
    const far = await driverAt(PHILADELPHIA, offset(PHILADELPHIA, 3)); // beyond the first 2-mile radius
    const person = await rider(t.app);
    const since = tap.mark();
    const ride = await bookAt(person, PHILADELPHIA);
    const bookedAt = clock.getTime();

    expect(tap.recipients('ride_request', ride.id, since)).toEqual([near.id]);
    expect(tap.to(near.id, 'ride_request', since)[0]!.expiresAt).toBe(new Date(bookedAt + OFFER_TIMEOUT_MS).toISOString());

    advance(OFFER_TIMEOUT_MS - 1000);
    await sweep();
    expect((await openOffers(near)).map((o) => o.ride.id)).toEqual([ride.id]);
    expect(tap.recipients('ride_request', ride.id, since)).toEqual([near.id]);

    advance(2000);
    const expiry = tap.mark();
    await sweep();
    expect(tap.to(near.id, 'offer_withdrawn', expiry)).toEqual([{ type: 'offer_withdrawn', rideId: ride.id, reason: 'expired' }]);
    expect(tap.recipients('ride_request', ride.id, expiry)).toEqual([far.id]);
    expect(tap.to(far.id, 'ride_request', expiry)[0]!.expiresAt).toBe(new Date(clock.getTime() + OFFER_TIMEOUT_MS).toISOString());

    const late = await accept(near, ride.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'OFFER_EXPIRED', error: expect.stringMatching(/expired/) });
    expect(await openOffers(near)).toEqual([]);
    const offers = await offersOf(ride.id);
    expect(offers.find((o) => o.driverId === near.id)).toMatchObject({ status: 'expired', round: 1 });
    expect(offers.find((o) => o.driverId === far.id)).toMatchObject({ status: 'pending', round: 2 });

    const accepted = await expectOk<Ride>(await accept(far, ride.id));
    expect(accepted).toMatchObject({ status: 'accepted', driver: { id: far.id } });
  });

  it('moves on to the next driver as soon as the offered one declines, without waiting for the timeout', async () => {
    await territory(['80202'], 'LoDo', DENVER);
    const near = await driverAt(DENVER, offset(DENVER, -0.5));
    const far = await driverAt(DENVER, offset(DENVER, 0, 3));
    const person = await rider(t.app);
    const since = tap.mark();
    const ride = await bookAt(person, DENVER);
    expect(tap.recipients('ride_request', ride.id, since)).toEqual([near.id]);

    const afterDecline = tap.mark();
    expect((await decline(near, ride.id)).json()).toEqual({ ok: true });
    // Same clock: no timeout involved.
    expect(tap.recipients('ride_request', ride.id, afterDecline)).toEqual([far.id]);
    expect((await openOffers(far)).map((o) => o.ride.id)).toEqual([ride.id]);
    expect(await openOffers(near)).toEqual([]);

    expect((await decline(near, ride.id)).statusCode).toBe(409);
    expect((await accept(near, ride.id)).statusCode).toBe(409);
    const offers = await offersOf(ride.id);
    expect(offers.find((o) => o.driverId === near.id)).toMatchObject({ status: 'declined', respondedAt: clock });
    expect(offers.find((o) => o.driverId === far.id)).toMatchObject({ status: 'pending', round: 2 });
    expect((await accept(far, ride.id)).statusCode).toBe(200);
  });

  it('withdraws the open offers of a driver who goes offline and moves the ride on at once', async () => {
    const zip = t.app.services.zips.locate(MIAMI)!.zip;
    await territory([zip], 'Downtown Miami', MIAMI);
    const leaving = await driverAt(MIAMI, offset(MIAMI, -0.3));
    const staying = await driverAt(MIAMI, offset(MIAMI, 0, 2));
    const ride = await bookAt(await rider(t.app), MIAMI);
    expect((await openOffers(leaving)).map((o) => o.ride.id)).toEqual([ride.id]);

    const since = tap.mark();
    await expectOk(await api.patch(t.app, '/api/drivers/status', leaving, { status: 'offline' }));
    expect(await openOffers(leaving)).toEqual([]);
    expect((await offersOf(ride.id)).find((o) => o.driverId === leaving.id)).toMatchObject({ status: 'declined' });
    // Same clock: the next driver is asked without waiting for the offer's timeout.
    expect(tap.recipients('ride_request', ride.id, since)).toEqual([staying.id]);
  });

  it('cancels the ride with reason no_drivers when no driver is left, and tells the rider over the WebSocket', async () => {
    await territory(['30303'], 'Downtown Atlanta', ATLANTA);
    const only = await driverAt(ATLANTA, offset(ATLANTA, 0.2));
    const person = await rider(t.app);
    const socket = await connectAs(wsUrl, person.token);
    try {
      const ride = await bookAt(person, ATLANTA);
      expect((await decline(only, ride.id)).statusCode).toBe(200);

      const told = await socket.next('ride_cancelled');
      expect(told.reason).toBe('no_drivers');
      expect(told.ride).toMatchObject({
        id: ride.id,
        status: 'cancelled',
        cancelReason: 'no_drivers',
        cancelledBy: 'system',
        cancelledAt: clock.toISOString(),
      });
      expect(await expectOk<Ride>(await api.get(t.app, `/api/rides/${ride.id}`, person))).toMatchObject({ status: 'cancelled', cancelReason: 'no_drivers' });

      // With nobody online at all, a new booking is cancelled straight away, and the rider told.
      await goOffline(t.app, only);
      const again = await bookAt(person, ATLANTA);
      const toldAgain = await socket.next('ride_cancelled');
      expect(toldAgain).toMatchObject({ reason: 'no_drivers', ride: { id: again.id, status: 'cancelled' } });
      expect(await offersOf(again.id)).toEqual([]);
    } finally {
      await socket.close();
    }
  });

  it('never gives a driver two active rides: a busy driver is skipped, and accepting a second offer while on a ride is 409', async () => {
    await territory(['78701'], 'Downtown Austin', AUSTIN);
    const busy = await driverAt(AUSTIN, offset(AUSTIN, 0.2));
    const first = await bookAt(await rider(t.app), AUSTIN);
    expect((await accept(busy, first.id)).statusCode).toBe(200);

    const second = await bookAt(await rider(t.app), AUSTIN);
    expect(tap.recipients('ride_request', second.id)).toEqual([]);
    expect(await rideRow(second.id)).toMatchObject({ status: 'cancelled', cancelReason: 'no_drivers' });

    const spare = await driverAt(AUSTIN, offset(AUSTIN, 0.4));
    const third = await bookAt(await rider(t.app), AUSTIN);
    expect(tap.recipients('ride_request', third.id)).toEqual([spare.id]);
    // Dispatch never offers a busy driver a ride, but two rounds racing on two instances could; the
    // offer row is written directly to stand for that race. The database index is the last word.
    await t.database.db.insert(rideOffers).values({
      rideId: third.id,
      driverId: busy.id,
      round: 1,
      distanceMiles: 0.2,
      offeredAt: clock,
      expiresAt: new Date(clock.getTime() + OFFER_TIMEOUT_MS),
    });
    const refused = await accept(busy, third.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', error: 'You already have an active ride' });
    expect(await rideRow(third.id)).toMatchObject({ status: 'requested', driverId: null });
    const busyRides = await t.database.db
      .select({ id: rides.id })
      .from(rides)
      .where(and(eq(rides.driverId, busy.id), inArray(rides.status, ['accepted', 'in_progress'])));
    expect(busyRides).toEqual([{ id: first.id }]);

    expect(await expectOk<Ride>(await accept(spare, third.id))).toMatchObject({ status: 'accepted', driver: { id: spare.id } });
  });

  it('still finds the idle driver behind as many busy drivers as one lookup of the dispatch index returns', async () => {
    const territoryId = await territory(['55401'], 'Downtown Minneapolis', MINNEAPOLIS);
    const blocker = await bookAt(await rider(t.app), MINNEAPOLIS); // nobody online yet: cancelled at once
    const idle = await driverAt(MINNEAPOLIS, offset(MINNEAPOLIS, 1.2));

    // As many busy drivers as dispatch looks up at a time (30), all nearer than the idle one. They only
    // need to exist, sit in the dispatch index and be busy: they are written directly (users rows, index
    // entries, and a pending offer each on the cancelled blocker ride) instead of 4 requests per driver.
    const busy = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          role: 'driver' as const,
          email: `busy.${i}.${blocker.id}@example.com`,
          passwordHash: 'unused',
          firstName: 'Busy',
          lastName: `Driver${i}`,
        })),
      )
      .returning({ id: users.id });
    await Promise.all(
      busy.map((driver, i) => t.app.services.index.upsert({ driverId: driver.id, territoryId, ...offset(MINNEAPOLIS, 0.05 + i * 0.01), ts: clock.getTime() })),
    );
    await t.database.db.insert(driverPresence).values(busy.map((driver) => ({ driverId: driver.id, status: 'online' as const })));
    await t.database.db.insert(rideOffers).values(
      busy.map((driver) => ({
        rideId: blocker.id,
        driverId: driver.id,
        round: 1,
        distanceMiles: 0.1,
        offeredAt: clock,
        expiresAt: new Date(clock.getTime() + OFFER_TIMEOUT_MS),
      })),
    );

    const since = tap.mark();
    const ride = await bookAt(await rider(t.app), MINNEAPOLIS);
    expect(tap.recipients('ride_request', ride.id, since)).toEqual([idle.id]);
    expect(await rideRow(ride.id)).toMatchObject({ status: 'requested' });
  });

  // Restarts the app: keep this test last in the describe.
  it('keeps open offers and online drivers across a restart: the new app lists the offer and the driver can accept it', async () => {
    await territory(['98101'], 'Downtown Seattle', SEATTLE);
    const first = await driverAt(SEATTLE, offset(SEATTLE, 0.2));
    const second = await driverAt(SEATTLE, offset(SEATTLE, 0.3));
    const person = await rider(t.app);
    const since = tap.mark();
    const ride = await bookAt(person, SEATTLE);
    expect(tap.recipients('ride_request', ride.id, since).sort()).toEqual(ids([first, second]));
    const before = await openOffers(first);
    expect(before.map((o) => o.ride.id)).toEqual([ride.id]);

    t = await t.restart();
    tap = new HubTap(t.app);

    const after = await openOffers(first);
    expect(after).toEqual(before);
    const accepted = await expectOk<Ride>(await accept(first, ride.id));
    expect(accepted).toMatchObject({ status: 'accepted', driver: { id: first.id } });
    expect(tap.to(second.id, 'offer_withdrawn')).toEqual([{ type: 'offer_withdrawn', rideId: ride.id, reason: 'taken' }]);
    expect((await api.get(t.app, `/api/rides/${ride.id}`, person)).json()).toMatchObject({ status: 'accepted' });

    // The online drivers came back from the database into the dispatch index.
    const next = await bookAt(await rider(t.app), SEATTLE);
    expect(tap.recipients('ride_request', next.id)).toEqual([second.id]);
  });
});

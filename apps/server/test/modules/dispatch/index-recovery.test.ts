import type { LatLng, Ride } from '@coride/domain';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPresence, rideOffers } from '../../../src/db/schema';
import { connectRedis } from '../../../src/lib/redis';
import { FallbackDriverIndex } from '../../../src/modules/dispatch/fallback-driver-index';
import { RedisDriverIndex } from '../../../src/modules/dispatch/redis-driver-index';
import { HubTap } from '../../support/realtime';
import { deletePrefix } from '../../support/redis';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import {
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
  eventually,
} from '../../support/world';

const { BOSTON, DENVER, ATLANTA, AUSTIN, SEATTLE } = CITIES;

/*
 * The dispatch index is derived state: PostgreSQL's driver_presence is the truth. These tests break
 * the index the ways a deployment of several processes can (a process dying between "offline" in the
 * database and the index removal, Redis restarting empty, a lost write) and check that dispatch stays
 * right and the index heals. On every backend; the Redis-only ones where REDIS_URL is set.
 */

describe.each(sharedBackends)('the dispatch index heals on %s', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let admin: Person;
  let clock = new Date('2026-11-20T12:00:00Z');
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

  beforeAll(async () => {
    t = await createTestApp(backend, {}, () => clock);
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t?.close());

  const index = () => t.app.services.index;
  const setPresenceOffline = (driver: Person) => t.database.db.update(driverPresence).set({ status: 'offline' }).where(eq(driverPresence.driverId, driver.id));

  async function driverAt(home: LatLng, location: LatLng): Promise<Person> {
    const driver = await registeredDriver(t.app, admin, { driveArea: coordinates(home) });
    await goOnline(t.app, driver, location);
    return driver;
  }

  async function bookAt(pickup: LatLng): Promise<Ride> {
    const since = tap.mark();
    const ride = await expectOk<Ride>(
      await book(t.app, await rider(t.app), { address: 'Pickup', ...pickup }, { address: 'Drop-off', ...offset(pickup, 1) }),
      201,
    );
    await tap.dispatched(ride.id, since);
    return ride;
  }

  it('uses the index of its deployment: Redis when REDIS_URL is set', () => {
    const used = index();
    // With Redis, wrapped: the database answers while Redis cannot (redis-outage.test.ts).
    expect(used instanceof FallbackDriverIndex && used.shared instanceof RedisDriverIndex).toBe(backend === 'postgres+redis');
  });

  it('never offers a ride to a driver the database has offline, though the index still has them (a process died in between)', async () => {
    await approvedLicensee(t.app, admin, ['02108'], 'Downtown Boston');
    const stale = await driverAt(BOSTON, offset(BOSTON, 0.1));
    const farther = await driverAt(BOSTON, offset(BOSTON, 0.4));
    await setPresenceOffline(stale);
    expect(await index().get(stale.id)).toBeDefined();

    const since = tap.mark();
    const ride = await bookAt(BOSTON);
    expect(tap.recipients('ride_request', ride.id, since)).toEqual([farther.id]);
    const offered = await t.database.db.select({ driverId: rideOffers.driverId }).from(rideOffers).where(eq(rideOffers.rideId, ride.id));
    expect(offered.map((o) => o.driverId)).toEqual([farther.id]);
  });

  it('reconciles with driver_presence: removes drivers no longer online, adds the online ones it lost', async () => {
    // What earlier tests left behind is settled first, so the counts below are this test's.
    advance(60_000);
    await t.app.services.drivers.reconcileIndex();
    const { territoryId } = await approvedLicensee(t.app, admin, ['80202'], 'Denver LoDo');
    const gone = await driverAt(DENVER, offset(DENVER, 0.1));
    const lost = await driverAt(DENVER, offset(DENVER, 0.2));
    await setPresenceOffline(gone);
    await index().remove(lost.id); // a write that never reached the index
    expect(await index().countOnline(territoryId)).toBe(1);

    // Entries written in the last seconds are left alone (their database change may be in flight).
    advance(60_000);
    const result = await t.app.services.drivers.reconcileIndex();
    expect(result).toMatchObject({ added: 1, removed: 1 });
    expect(await index().get(gone.id)).toBeUndefined();
    expect((await index().get(lost.id))?.territoryId).toBe(territoryId);
    expect(await t.app.services.drivers.reconcileIndex()).toMatchObject({ added: 0, removed: 0 });
  });

  it("puts a driver missing from the index back on their next location, if the database has them online; an offline driver's location adds no one", async () => {
    const { territoryId } = await approvedLicensee(t.app, admin, ['30303'], 'Downtown Atlanta');
    const lost = await driverAt(ATLANTA, offset(ATLANTA, 0.1));
    const offline = await driverAt(ATLANTA, offset(ATLANTA, 0.2));
    await index().remove(lost.id);
    await goOffline(t.app, offline);

    advance(2000);
    const moved = offset(ATLANTA, 0.3);
    await t.app.services.drivers.updateLocation(lost.id, moved);
    await t.app.services.drivers.updateLocation(offline.id, moved);
    const found = await index().get(lost.id);
    expect(found?.territoryId).toBe(territoryId);
    expect(found!.lat).toBeCloseTo(moved.lat, 5);
    expect(await index().get(offline.id)).toBeUndefined();
    expect(await index().countOnline(territoryId)).toBe(1);
  });
});

describe.runIf(sharedBackends.includes('postgres+redis'))('the Redis dispatch index across instances and restarts', () => {
  let t: TestApp;
  let redis: Redis;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp('postgres+redis', { INDEX_RECONCILE_MS: '100' });
    redis = await connectRedis(process.env.REDIS_URL!, 'coride-test-index');
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
  });

  it('is rebuilt from driver_presence by the reconcile job after Redis lost everything (no persistence)', async () => {
    const { territoryId } = await approvedLicensee(t.app, admin, ['78701'], 'Downtown Austin');
    const drivers = [];
    for (const miles of [0.1, 0.2, 0.3]) {
      const driver = await registeredDriver(t.app, admin, { driveArea: coordinates(AUSTIN) });
      await goOnline(t.app, driver, offset(AUSTIN, miles));
      drivers.push(driver);
    }
    expect(await t.app.services.index.countOnline(territoryId)).toBe(3);

    expect(await deletePrefix(redis, t.config.redisKeyPrefix)).toBeGreaterThan(0);
    expect(await t.app.services.index.countOnline(territoryId)).toBe(0);

    await eventually(async () => expect(await t.app.services.index.countOnline(territoryId)).toBe(3));
    const nearest = await t.app.services.index.nearest(territoryId, AUSTIN, { limit: 3, radiusMiles: 2 });
    expect(nearest.map((d) => d.driverId)).toEqual(drivers.map((d) => d.id));
  });

  it('lets an instance offer a ride to a driver who went online through another instance', async () => {
    const { territoryId } = await approvedLicensee(t.app, admin, ['98101'], 'Downtown Seattle');
    const twin = await t.twin();
    try {
      const driver = await registeredDriver(t.app, admin, { driveArea: coordinates(SEATTLE) });
      await goOnline(t.app, driver, offset(SEATTLE, 0.2));
      expect(await twin.services.index.countOnline(territoryId)).toBe(1);

      const ride = await expectOk<Ride>(
        await book(twin, await rider(twin), { address: 'Pickup', ...SEATTLE }, { address: 'Drop-off', ...offset(SEATTLE, 1) }),
        201,
      );
      await eventually(async () => {
        const offered = await t.database.db.select({ driverId: rideOffers.driverId }).from(rideOffers).where(eq(rideOffers.rideId, ride.id));
        expect(offered.map((o) => o.driverId)).toEqual([driver.id]);
      });
    } finally {
      await twin.closeTwin();
    }
  });
});

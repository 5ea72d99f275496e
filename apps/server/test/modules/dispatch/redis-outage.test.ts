import type { LatLng, Ride } from '@coride/domain';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../../src/lib/redis';
import type { ActiveRide, ActiveRideLoader } from '../../../src/modules/dispatch/active-rides';
import { RedisActiveRides } from '../../../src/modules/dispatch/redis-active-rides';
import { RedisDriverIndex } from '../../../src/modules/dispatch/redis-driver-index';
import { RedisConnections } from '../../../src/modules/realtime/redis-connections';
import { HubTap } from '../../support/realtime';
import { deletePrefix, redisUrl, uniquePrefix } from '../../support/redis';
import { TcpProxy } from '../../support/tcp-proxy';
import { createTestApp, type TestApp } from '../../support/test-app';
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
  eventually,
} from '../../support/world';

/** Reconnecting and the reconcile job are asynchronous and slower than the default wait allows. */
const untilRepaired = (check: () => Promise<void>) => eventually(check, { timeoutMs: 10_000, everyMs: 50 });
const { BOSTON, DENVER, ATLANTA } = CITIES;

/*
 * PostgreSQL is the truth and Redis holds only what can be rebuilt (contract §7): while Redis is
 * unreachable or hangs, the ride flow answers as usual from the database, and what Redis missed is
 * repaired once it is back. The app reaches the machine's Redis through a proxy of the test's own, which
 * the test cuts (Redis stopped or restarting) or hangs (Redis paused), so no other test sees the fault.
 */

/** Resolves once the client answers a PING again (it reconnects on its own after the proxy heals). */
async function answering(redis: Redis): Promise<void> {
  await untilRepaired(async () => {
    await redis.ping();
  });
}

const hasBackends = Boolean(process.env.DATABASE_URL && redisUrl);

describe.runIf(hasBackends)('a Redis outage degrades the ride flow, never fails it', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let tap: HubTap;
  let direct: Redis;
  let admin: Person;
  const prefix = uniquePrefix();
  /** The app's clock runs with real time; moved forward to pass the location throttle. */
  let skewMs = 0;
  const now = () => new Date(Date.now() + skewMs);

  beforeAll(async () => {
    proxy = await TcpProxy.start(redisUrl!);
    t = await createTestApp('postgres+redis', { REDIS_URL: proxy.urlFor(redisUrl!), REDIS_KEY_PREFIX: prefix, INDEX_RECONCILE_MS: '200' }, now);
    tap = new HubTap(t.app);
    direct = await connectRedis(redisUrl!, 'coride-test-outage');
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => {
    proxy.heal();
    // Ready again once the app's Redis connection answers (it reconnects with a growing wait).
    await untilRepaired(async () => expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200));
  });
  afterAll(async () => {
    proxy?.heal();
    await t?.close();
    direct?.disconnect();
    await proxy?.close();
  });

  /** What Redis itself holds, read past the proxy and past the app's fallback. */
  const redisIndex = () => new RedisDriverIndex(direct, prefix);

  async function bookAt(person: Person, pickup: LatLng): Promise<{ ride: Ride; offeredTo: string[] }> {
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, person, { address: 'Pickup', ...pickup }, { address: 'Drop-off', ...offset(pickup, 1) }), 201);
    await tap.dispatched(ride.id, since);
    return { ride, offeredTo: tap.recipients('ride_request', ride.id, since) };
  }

  it('while Redis is unreachable: a driver goes online, is offered the booking and drives it, the rider sees them move; every answer is 200', async () => {
    await approvedLicensee(t.app, admin, ['02108'], 'Downtown Boston');
    const driver = await registeredDriver(t.app, admin, { driveArea: coordinates(BOSTON) });
    const person = await rider(t.app);
    const start = offset(BOSTON, 0.2);

    proxy.cut();
    await goOnline(t.app, driver, start);
    const { ride, offeredTo } = await bookAt(person, BOSTON);
    expect(offeredTo).toEqual([driver.id]);

    const accepted = await expectOk<Ride>(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
    expect(accepted.status).toBe('accepted');
    // The driver's position and the pickup ETA come from driver_presence.
    expect(accepted.driver?.currentLocation?.lat).toBeCloseTo(start.lat, 5);
    expect(accepted.etaMinutes).not.toBeNull();
    const view = await expectOk<Ride>(await api.get(t.app, `/api/rides/${ride.id}`, person));
    expect(view.driver?.currentLocation?.lat).toBeCloseTo(start.lat, 5);

    // Their ride is read from the database, so their positions still reach the rider.
    skewMs += 2000;
    const since = tap.mark();
    await t.app.services.drivers.updateLocation(driver.id, offset(BOSTON, 0.1));
    expect(tap.to(person.id, 'driver_location', since).map((m) => m.rideId)).toEqual([ride.id]);

    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    const completed = await expectOk<Ride>(await api.post(t.app, `/api/rides/${ride.id}/complete`, driver));
    expect(completed.status).toBe('completed');
    await goOffline(t.app, driver);
  });

  it('answers index reads from driver_presence while Redis is unreachable, and the reconcile puts back what Redis missed once it returns', async () => {
    const { territoryId } = await approvedLicensee(t.app, admin, ['80202'], 'Denver LoDo');
    const driver = await registeredDriver(t.app, admin, { driveArea: coordinates(DENVER) });
    const at = offset(DENVER, 0.1);

    proxy.cut();
    await goOnline(t.app, driver, at);
    const index = t.app.services.index;
    expect(await index.get(driver.id)).toMatchObject({ driverId: driver.id, territoryId });
    expect(await index.countOnline(territoryId)).toBe(1);
    const nearest = await index.nearest(territoryId, DENVER, { limit: 5, radiusMiles: 2 });
    expect(nearest.map((d) => d.driverId)).toEqual([driver.id]);
    expect(nearest[0]!.distanceMiles).toBeCloseTo(0.1, 2);
    // Redis itself never got the driver: the write was dropped, not queued.
    expect(await redisIndex().get(driver.id)).toBeUndefined();

    proxy.heal();
    await untilRepaired(async () => expect(await redisIndex().get(driver.id)).toMatchObject({ territoryId }));
    expect(await redisIndex().countOnline(territoryId)).toBe(1);
  });

  it('while Redis hangs (paused, packets dropped): going online, booking and the ride view answer after a bounded wait, from the database', async () => {
    await approvedLicensee(t.app, admin, ['30303'], 'Downtown Atlanta');
    const driver = await registeredDriver(t.app, admin, { driveArea: coordinates(ATLANTA) });
    const person = await rider(t.app);

    proxy.hang();
    await goOnline(t.app, driver, offset(ATLANTA, 0.1));
    const { ride, offeredTo } = await bookAt(person, ATLANTA);
    expect(offeredTo).toEqual([driver.id]);
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
    const view = await expectOk<Ride>(await api.get(t.app, `/api/rides/${ride.id}`, person));
    expect(view.driver?.id).toBe(driver.id);
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/complete`, driver));
  });
});

/** A loader standing in for the rides table, counting its reads. */
function table() {
  const rows = new Map<string, ActiveRide>();
  let reads = 0;
  const loader: ActiveRideLoader = {
    async ofDriver(driverId) {
      reads += 1;
      return rows.get(driverId);
    },
    all: async () => [...rows].map(([driverId, row]) => ({ driverId, ride: row })),
  };
  return { rows, loader, reads: () => reads };
}

const activeRide = (rideId: string): ActiveRide => ({
  rideId,
  riderId: `rider-of-${rideId}`,
  status: 'accepted',
  pickup: { lat: 40.759, lng: -73.991 },
  dropoff: { lat: 40.7506, lng: -73.9935 },
});

describe.runIf(Boolean(redisUrl))('the Redis stores when Redis is unreachable', () => {
  let proxy: TcpProxy;
  let viaProxy: Redis;
  let direct: Redis;
  const prefix = uniquePrefix();

  beforeAll(async () => {
    proxy = await TcpProxy.start(redisUrl!);
    viaProxy = await connectRedis(proxy.urlFor(redisUrl!), 'coride-test-outage-proxy');
    direct = await connectRedis(redisUrl!, 'coride-test-outage-direct');
  });
  afterEach(async () => {
    proxy.heal();
    await answering(viaProxy);
  });
  afterAll(async () => {
    await deletePrefix(direct, prefix);
    viaProxy?.disconnect();
    direct?.disconnect();
    await proxy?.close();
  });

  it('active rides: read from the database (once per driver for a few seconds), and a change Redis missed is not served stale once it is back', async () => {
    const db = table();
    db.rows.set('d1', activeRide('r1'));
    const store = new RedisActiveRides(viaProxy, prefix, db.loader);
    const otherProcess = new RedisActiveRides(direct, prefix, db.loader);
    await store.set('d1', activeRide('r1'));

    proxy.cut();
    // The ride ended meanwhile; the clear could not reach Redis.
    db.rows.delete('d1');
    await expect(store.clear('d1', 'r1')).rejects.toThrow();
    const readsBefore = db.reads();
    expect(await store.get('d1')).toBeUndefined();
    db.rows.set('d2', activeRide('r2'));
    expect(await store.get('d2')).toEqual(activeRide('r2'));
    expect(await store.get('d2')).toEqual(activeRide('r2'));
    expect(db.reads() - readsBefore).toBe(2);

    proxy.heal();
    await answering(viaProxy);
    // Redis still holds r1 for d1 (it never heard of the end). The next use of the store drops what it missed.
    await store.get('d2');
    expect(await otherProcess.get('d1')).toBeUndefined();
  });

  it('connection registry: a write that fails does not fail the socket, and the users it could not settle are settled by the next heartbeat', async () => {
    const registry = new RedisConnections(viaProxy, prefix, { instanceTtlMs: 10_000, now: () => new Date() });
    await registry.start();
    await registry.add('u1');

    proxy.cut();
    await expect(registry.add('u2')).resolves.toBeUndefined();
    // Not known: counted as still connected, so no online session is ended by mistake.
    expect(await registry.remove('u1')).toBe(true);
    expect(await registry.isConnected('u3')).toBe(true);

    proxy.heal();
    await answering(viaProxy);
    const { disconnected } = await registry.heartbeat();
    expect(disconnected.sort()).toEqual(['u1', 'u3']);
    expect(await registry.isConnected('u2')).toBe(true);
    expect(await registry.isConnected('u1')).toBe(false);
    await registry.close();
  });
});

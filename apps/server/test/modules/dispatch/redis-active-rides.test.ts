import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../../src/lib/redis';
import type { ActiveRide, ActiveRideLoader } from '../../../src/modules/dispatch/active-rides';
import { defaultActiveRideOptions, RedisActiveRides } from '../../../src/modules/dispatch/redis-active-rides';
import { deletePrefix, redisUrl, uniquePrefix } from '../../support/redis';

const ride = (rideId: string, status: ActiveRide['status'] = 'accepted'): ActiveRide => ({
  rideId,
  riderId: `rider-of-${rideId}`,
  status,
  pickup: { lat: 40.759, lng: -73.991 },
  dropoff: { lat: 40.7506, lng: -73.9935 },
});

/** A loader standing in for the rides table: what the database says now, and how often it was asked. */
function table() {
  const rows = new Map<string, ActiveRide>();
  let reads = 0;
  let duringRead: (() => Promise<void>) | undefined;
  const loader: ActiveRideLoader = {
    async ofDriver(driverId) {
      reads += 1;
      const row = rows.get(driverId);
      await duringRead?.();
      return row;
    },
    all: async () => [...rows].map(([driverId, row]) => ({ driverId, ride: row })),
  };
  return {
    rows,
    loader,
    reads: () => reads,
    /** Runs `change` while the next read is between the database and Redis. */
    duringNextRead(change: () => Promise<void>) {
      duringRead = async () => {
        duringRead = undefined;
        await change();
      };
    },
  };
}

/** The driver -> active ride view shared through Redis (REDIS_URL), with PostgreSQL behind it. */
describe.skipIf(!redisUrl)('the active-ride store in Redis', () => {
  let redis: Redis;
  const prefix = uniquePrefix();
  beforeAll(async () => {
    redis = await connectRedis(redisUrl!, 'coride-test');
  });
  afterAll(async () => {
    await deletePrefix(redis, prefix);
    redis.disconnect();
  });

  it('reads a missing entry from the database once, then from Redis', async () => {
    const db = table();
    db.rows.set('d1', ride('r1'));
    const store = new RedisActiveRides(redis, prefix, db.loader);
    expect(await store.get('d1')).toEqual(ride('r1'));
    expect(await store.get('d1')).toEqual(ride('r1'));
    expect(db.reads()).toBe(1);
    // Written by another process's store after a transition: seen without asking the database.
    await new RedisActiveRides(redis, prefix, db.loader).set('d1', ride('r1', 'in_progress'));
    expect(await store.get('d1')).toEqual(ride('r1', 'in_progress'));
    expect(db.reads()).toBe(1);
  });

  it('remembers "no active ride" for a while, so an idle driver’s locations cost no query each', async () => {
    const db = table();
    const store = new RedisActiveRides(redis, prefix, db.loader);
    for (let i = 0; i < 5; i += 1) expect(await store.get('idle')).toBeUndefined();
    expect(db.reads()).toBe(1);
    expect(await redis.pttl(`${prefix}ride:drv:idle`)).toBeLessThanOrEqual(defaultActiveRideOptions.absentMs);
    // Accepting a ride replaces the memory at once.
    await store.set('idle', ride('r2'));
    expect(await store.get('idle')).toEqual(ride('r2'));
  });

  it('clears only the ride that ended, not the next one the driver already accepted', async () => {
    const db = table();
    const store = new RedisActiveRides(redis, prefix, db.loader);
    await store.set('d3', ride('next'));
    await store.clear('d3', 'previous');
    expect(await store.get('d3')).toEqual(ride('next'));
    await store.clear('d3', 'next');
    expect(await store.get('d3')).toBeUndefined();
    expect(db.reads()).toBe(0);
  });

  it('does not let a read of the database overwrite a newer write made meanwhile', async () => {
    const db = table();
    const store = new RedisActiveRides(redis, prefix, db.loader);
    const other = new RedisActiveRides(redis, prefix, db.loader);
    // The read finds no ride; meanwhile another process commits an accept and writes it.
    db.duringNextRead(() => other.set('d4', ride('r4')));
    expect(await store.get('d4')).toBeUndefined();
    expect(await store.get('d4')).toEqual(ride('r4'));
    // The read finds the ride; meanwhile it completes and is cleared: it does not come back.
    db.rows.set('d5', ride('r5'));
    db.duringNextRead(async () => {
      db.rows.delete('d5');
      await other.clear('d5', 'r5');
    });
    expect(await store.get('d5')).toEqual(ride('r5'));
    expect(await store.get('d5')).toBeUndefined();
  });

  it('renews a ride’s entry as it is read, and checks it against the database once it is old', async () => {
    const db = table();
    const store = new RedisActiveRides(redis, prefix, db.loader, { ...defaultActiveRideOptions, ttlMs: 60_000 });
    await store.set('d6', ride('r6'));
    await redis.pexpire(`${prefix}ride:drv:d6`, 1000);
    await store.get('d6');
    expect(await redis.pttl(`${prefix}ride:drv:d6`)).toBeGreaterThan(50_000);

    // A clear that was lost (its process died): the entry is believed until it is recheckMs old.
    const checking = new RedisActiveRides(redis, prefix, db.loader, { ...defaultActiveRideOptions, recheckMs: 0 });
    expect(await checking.get('d6')).toBeUndefined();
    expect(db.reads()).toBe(1);
  });
});

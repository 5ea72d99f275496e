import { haversineMiles, type LatLng } from '@coride/domain';
import fc from 'fast-check';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../../src/lib/redis';
import { GridDriverIndex, type DriverLocationIndex, type NearbyDriver, type TimedDriver } from '../../../src/modules/dispatch/driver-index';
import { RedisDriverIndex } from '../../../src/modules/dispatch/redis-driver-index';
import { deletePrefix, redisUrl, uniquePrefix } from '../../support/redis';

/*
 * The dispatch index's contract, for the in-process grid and for Redis (when REDIS_URL is set): every
 * write is ordered by its position's time, a removal keeps older positions out, a reconcile makes the
 * index match the online drivers. And Redis answers nearest-driver queries like a full scan.
 */

const MIDTOWN = { lat: 40.754, lng: -73.984 };
const north = (from: LatLng, miles: number): LatLng => ({ lat: from.lat + miles / 69.05, lng: from.lng });

let redis: Redis | undefined;
const prefixes: string[] = [];
beforeAll(async () => {
  if (redisUrl) redis = await connectRedis(redisUrl, 'coride-test-index');
});
afterAll(async () => {
  if (redis) for (const prefix of prefixes) await deletePrefix(redis, prefix);
  redis?.disconnect();
});
function redisIndex(options?: ConstructorParameters<typeof RedisDriverIndex>[2]): { index: RedisDriverIndex; prefix: string } {
  const prefix = uniquePrefix();
  prefixes.push(prefix);
  return { index: new RedisDriverIndex(redis!, prefix, options), prefix };
}

const implementations: { name: string; make: () => DriverLocationIndex }[] = [
  { name: 'grid', make: () => new GridDriverIndex() },
  ...(redisUrl ? [{ name: 'redis', make: () => redisIndex().index }] : []),
];

/** Redis keeps coordinates as 52-bit geohashes: about 0.6 m off. */
const closeTo = (actual: LatLng | undefined, expected: LatLng) => {
  expect(actual).toBeDefined();
  expect(haversineMiles(actual!, expected)).toBeLessThan(0.001);
};

describe.each(implementations)('the $name driver index', ({ make }) => {
  it('never lets an older position replace a newer one, whether it arrives as an upsert or a move', async () => {
    const index = make();
    const newer = north(MIDTOWN, 1);
    expect(await index.upsert({ driverId: 'd1', territoryId: 't1', ...newer, ts: 2000 })).toBe(true);
    expect(await index.upsert({ driverId: 'd1', territoryId: 't1', ...MIDTOWN, ts: 1000 })).toBe(false);
    closeTo(await index.get('d1'), newer);
    // An older move is ignored, but the driver is there: the caller must not add them again.
    expect(await index.move('d1', MIDTOWN, 1500)).toBe(true);
    closeTo(await index.get('d1'), newer);
    // The same time again is applied (one clock, two writes in the same millisecond: the last wins).
    expect(await index.move('d1', MIDTOWN, 2000)).toBe(true);
    closeTo(await index.get('d1'), MIDTOWN);
    expect((await index.nearest('t1', MIDTOWN, { limit: 5, radiusMiles: 0.5 })).map((d) => d.driverId)).toEqual(['d1']);
    expect(await index.move('nobody', MIDTOWN, 3000)).toBe(false);
    expect(await index.get('nobody')).toBeUndefined();
  });

  it('moves a driver to another territory: the old territory no longer finds or counts them', async () => {
    const index = make();
    await index.upsert({ driverId: 'd1', territoryId: 't1', ...MIDTOWN, ts: 1 });
    await index.upsert({ driverId: 'd2', territoryId: 't1', ...north(MIDTOWN, 0.1), ts: 1 });
    await index.upsert({ driverId: 'd1', territoryId: 't2', ...MIDTOWN, ts: 2 });
    expect(await index.countOnline('t1')).toBe(1);
    expect(await index.countOnline('t2')).toBe(1);
    expect(await index.countOnline()).toBe(2);
    expect((await index.nearest('t1', MIDTOWN, { limit: 5, radiusMiles: 1 })).map((d) => d.driverId)).toEqual(['d2']);
    expect((await index.nearest('t2', MIDTOWN, { limit: 5, radiusMiles: 1 })).map((d) => d.driverId)).toEqual(['d1']);
    // A late position from the old territory does not move them back.
    expect(await index.upsert({ driverId: 'd1', territoryId: 't1', ...MIDTOWN, ts: 1 })).toBe(false);
    expect((await index.get('d1'))?.territoryId).toBe('t2');
    const many = await index.getMany(['d1', 'd2', 'nobody']);
    expect([...many.keys()].sort()).toEqual(['d1', 'd2']);
    expect(many.get('d1')?.territoryId).toBe('t2');
  });

  it('removes a driver only if it holds no later position, and keeps older positions out afterwards', async () => {
    const index = make();
    await index.upsert({ driverId: 'd1', territoryId: 't1', ...MIDTOWN, ts: 2000 });
    await index.remove('d1', 1000); // an "offline" older than the position it has: the driver stays
    expect(await index.get('d1')).toBeDefined();
    await index.remove('d1', 3000);
    expect(await index.get('d1')).toBeUndefined();
    expect(await index.countOnline('t1')).toBe(0);
    // A location sent before going offline arrives late: it must not bring the driver back.
    expect(await index.upsert({ driverId: 'd1', territoryId: 't1', ...MIDTOWN, ts: 2500 })).toBe(false);
    expect(await index.move('d1', MIDTOWN, 2600)).toBe(false);
    expect(await index.get('d1')).toBeUndefined();
    // Going online again later does.
    expect(await index.upsert({ driverId: 'd1', territoryId: 't1', ...MIDTOWN, ts: 3000 })).toBe(true);
    expect(await index.countOnline('t1')).toBe(1);
    // Without a time, a removal is unconditional.
    await index.remove('d1');
    expect(await index.get('d1')).toBeUndefined();
  });

  it('reconciles with the online drivers: adds the missing, removes the others unless their position is later than the list', async () => {
    const index = make();
    await index.upsert({ driverId: 'kept', territoryId: 't1', ...MIDTOWN, ts: 100 });
    await index.upsert({ driverId: 'gone', territoryId: 't1', ...MIDTOWN, ts: 100 });
    await index.upsert({ driverId: 'just-online', territoryId: 't2', ...MIDTOWN, ts: 5000 });
    const moved = north(MIDTOWN, 0.5);
    const result = await index.reconcile(
      [
        { driverId: 'kept', territoryId: 't1', ...moved, ts: 50 }, // the database's position is older: the index keeps its own
        { driverId: 'missing', territoryId: 't2', ...moved, ts: 900 },
      ],
      1000,
    );
    expect(result).toEqual({ added: 1, removed: 1 });
    closeTo(await index.get('kept'), MIDTOWN);
    closeTo(await index.get('missing'), moved);
    expect(await index.get('gone')).toBeUndefined();
    expect(await index.get('just-online')).toBeDefined();
    expect(await index.countOnline()).toBe(3);
    // The reconcile's removal keeps the stale database position of 'gone' out too.
    expect(await index.reconcile([{ driverId: 'gone', territoryId: 't1', ...MIDTOWN, ts: 900 }], 1000)).toMatchObject({ added: 0 });
    expect(await index.get('gone')).toBeUndefined();
  });

  it('finds the nearest drivers of a territory within the radius, nearest first, skipping the excluded', async () => {
    const index = make();
    for (let i = 1; i <= 10; i += 1) await index.upsert({ driverId: `d${i}`, territoryId: 't1', ...north(MIDTOWN, i * 0.3), ts: 1 });
    await index.upsert({ driverId: 'elsewhere', territoryId: 't2', ...MIDTOWN, ts: 1 });
    const found = await index.nearest('t1', MIDTOWN, { limit: 3, radiusMiles: 2, exclude: new Set(['d2']) });
    expect(found.map((d) => d.driverId)).toEqual(['d1', 'd3', 'd4']);
    expect(found[0]!.distanceMiles).toBeCloseTo(0.3, 2);
    expect((await index.nearest('t1', MIDTOWN, { limit: 30, radiusMiles: 1 })).map((d) => d.driverId)).toEqual(['d1', 'd2', 'd3']);
    expect(await index.nearest('nowhere', MIDTOWN, { limit: 3, radiusMiles: 2 })).toEqual([]);
  });
});

/** Metres, in miles: Redis's geohash coordinates and its earth radius differ from the domain's by less. */
const TOLERANCE_MILES = 0.004;

/**
 * The Redis answer equals the full scan's, up to the metre: the same distances in order (near-ties
 * may swap), and the same drivers except those within a few metres of the radius or of the last
 * one's distance (either answer is right for them).
 */
function expectSameAnswer(
  actual: NearbyDriver[],
  expected: NearbyDriver[],
  exact: Map<string, TimedDriver>,
  point: LatLng,
  limit: number,
  radiusMiles: number,
) {
  const distance = (id: string) => haversineMiles(point, exact.get(id)!);
  const cutoff = expected.length === limit ? expected[limit - 1]!.distanceMiles : radiusMiles;
  const isAmbiguous = (id: string) => Math.abs(distance(id) - radiusMiles) < TOLERANCE_MILES || Math.abs(distance(id) - cutoff) < TOLERANCE_MILES;
  const actualIds = new Set(actual.map((d) => d.driverId));
  const expectedIds = new Set(expected.map((d) => d.driverId));
  for (const id of expectedIds) if (!actualIds.has(id)) expect(isAmbiguous(id), `missing ${id} at ${distance(id)} mi`).toBe(true);
  for (const id of actualIds) if (!expectedIds.has(id)) expect(isAmbiguous(id), `extra ${id} at ${distance(id)} mi`).toBe(true);
  expect(actual.length).toBeLessThanOrEqual(limit);
  for (const driver of actual) {
    expect(Math.abs(driver.distanceMiles - distance(driver.driverId))).toBeLessThan(TOLERANCE_MILES);
    expect(driver.distanceMiles).toBeLessThanOrEqual(radiusMiles);
  }
  if (actual.length === expected.length) {
    actual.forEach((driver, i) => expect(Math.abs(driver.distanceMiles - expected[i]!.distanceMiles)).toBeLessThan(TOLERANCE_MILES));
  }
}

/** A world: drivers spread over a few territories around Midtown, some packed into a dense downtown. */
const worldArbitrary = fc.record({
  spread: fc.array(
    fc.record({
      territory: fc.integer({ min: 0, max: 2 }),
      dLat: fc.double({ min: -0.15, max: 0.15, noNaN: true }),
      dLng: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
    }),
    { maxLength: 150 },
  ),
  downtown: fc.array(fc.record({ dLat: fc.double({ min: -0.004, max: 0.004, noNaN: true }), dLng: fc.double({ min: -0.005, max: 0.005, noNaN: true }) }), {
    maxLength: 150,
  }),
  queries: fc.array(
    fc.record({
      territory: fc.integer({ min: 0, max: 2 }),
      dLat: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
      dLng: fc.double({ min: -0.25, max: 0.25, noNaN: true }),
      atDowntown: fc.boolean(),
      limit: fc.integer({ min: 1, max: 40 }),
      radiusMiles: fc.oneof(fc.constantFrom(2, 5, 10, 25, 100), fc.double({ min: 0.01, max: 12, noNaN: true })),
      excludeEvery: fc.integer({ min: 0, max: 5 }),
    }),
    { minLength: 1, maxLength: 12 },
  ),
});

describe.skipIf(!redisUrl)('the Redis driver index against a full scan', () => {
  it('answers every nearest-drivers query like GridDriverIndex.nearestByScan, adaptive and fixed radius alike, over random worlds', async () => {
    await fc.assert(
      fc.asyncProperty(worldArbitrary, async (world) => {
        const grid = new GridDriverIndex();
        const adaptive = redisIndex();
        const fixed = new RedisDriverIndex(redis!, adaptive.prefix, { search: 'fixed' });
        const drivers: TimedDriver[] = [
          ...world.spread.map((d, i) => ({ driverId: `s${i}`, territoryId: `t${d.territory}`, lat: MIDTOWN.lat + d.dLat, lng: MIDTOWN.lng + d.dLng, ts: 1 })),
          ...world.downtown.map((d, i) => ({ driverId: `c${i}`, territoryId: 't0', lat: MIDTOWN.lat + d.dLat, lng: MIDTOWN.lng + d.dLng, ts: 1 })),
        ];
        for (const driver of drivers) await grid.upsert(driver);
        await Promise.all(drivers.map((driver) => adaptive.index.upsert(driver)));
        const exact = new Map(drivers.map((d) => [d.driverId, d]));
        try {
          for (const q of world.queries) {
            const point = q.atDowntown ? MIDTOWN : { lat: MIDTOWN.lat + q.dLat, lng: MIDTOWN.lng + q.dLng };
            const exclude = new Set(q.excludeEvery > 0 ? drivers.filter((_, i) => i % (q.excludeEvery + 1) === 0).map((d) => d.driverId) : []);
            const options = { limit: q.limit, radiusMiles: q.radiusMiles, exclude };
            const expected = grid.nearestByScan(`t${q.territory}`, point, options);
            expectSameAnswer(await adaptive.index.nearest(`t${q.territory}`, point, options), expected, exact, point, q.limit, q.radiusMiles);
            expectSameAnswer(await fixed.nearest(`t${q.territory}`, point, options), expected, exact, point, q.limit, q.radiusMiles);
          }
          for (const territory of ['t0', 't1', 't2']) expect(await adaptive.index.countOnline(territory)).toBe(await grid.countOnline(territory));
        } finally {
          await deletePrefix(redis!, adaptive.prefix);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('runs its scripts again after Redis forgot them (SCRIPT FLUSH, as after a restart)', async () => {
    const { index } = redisIndex();
    await index.upsert({ driverId: 'd1', territoryId: 't1', ...MIDTOWN, ts: 1 });
    await redis!.script('FLUSH');
    expect(await index.move('d1', north(MIDTOWN, 0.2), 2)).toBe(true);
    expect((await index.nearest('t1', MIDTOWN, { limit: 1, radiusMiles: 1 }))[0]?.distanceMiles).toBeCloseTo(0.2, 2);
    await redis!.script('FLUSH');
    expect(await index.reconcile([], 10)).toEqual({ added: 0, removed: 1 });
  });

  it('keeps its keys under the prefix: one GEO set per territory, one hash per driver, a removal mark that expires', async () => {
    const { index, prefix } = redisIndex();
    await index.upsert({ driverId: 'd1', territoryId: 't1', ...MIDTOWN, ts: 1700000000000 });
    expect(await redis!.hgetall(`${prefix}drv:d1`)).toMatchObject({ t: 't1', ts: '1700000000000' });
    expect(await redis!.zscore(`${prefix}geo:t:t1`, 'd1')).not.toBeNull();
    expect(await redis!.pttl(`${prefix}drv:d1`)).toBe(-1);
    await index.remove('d1', 1700000000001);
    expect(await redis!.zscore(`${prefix}geo:t:t1`, 'd1')).toBeNull();
    expect(await redis!.pttl(`${prefix}drv:d1`)).toBeGreaterThan(0);
    expect((await redis!.keys(`${prefix}*`)).sort()).toEqual([`${prefix}drv:d1`, `${prefix}geo:territories`]);
  });
});

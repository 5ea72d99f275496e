/**
 * bench/geo-index: the dispatch index's nearest-driver lookup with 20,000 online drivers in one dense
 * territory (Midtown), Redis GEO with the adaptive radius (a small circle, doubled until enough drivers
 * are found) against one GEOSEARCH over the whole radius and against the in-process grid, all in the
 * same run on the same drivers and queries (the machine is shared: compare ratios, not runs). Every
 * answer is checked against the grid's full scan. Also: location updates per second into Redis.
 *
 *   REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/geo-index.ts [--drivers 20000] [--queries 2000]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { haversineMiles } from '@coride/domain';
import { connectRedis } from '../apps/server/src/lib/redis';
import { GridDriverIndex, type NearbyDriver, type TimedDriver } from '../apps/server/src/modules/dispatch/driver-index';
import { RedisDriverIndex } from '../apps/server/src/modules/dispatch/redis-driver-index';

const { values } = parseArgs({ options: { drivers: { type: 'string', default: '20000' }, queries: { type: 'string', default: '2000' } } });
const DRIVERS = Number(values.drivers);
const QUERIES = Number(values.queries);
const WARMUP = 200;
const OPTIONS = { limit: 30, radiusMiles: 2 };
// Midtown Manhattan, as in bench/dispatch.ts.
const BOX = { minLat: 40.738, maxLat: 40.768, minLng: -74.004, maxLng: -73.968 };
const randomPoint = () => ({ lat: BOX.minLat + Math.random() * (BOX.maxLat - BOX.minLat), lng: BOX.minLng + Math.random() * (BOX.maxLng - BOX.minLng) });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const log = (line: string) => process.stdout.write(`${line}\n`);

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = await connectRedis(redisUrl, 'coride-bench');
const prefix = `coride-bench:${randomUUID()}:`;
const adaptive = new RedisDriverIndex(redis, prefix);
const fixed = new RedisDriverIndex(redis, prefix, { search: 'fixed' });
const grid = new GridDriverIndex();

const drivers: TimedDriver[] = Array.from({ length: DRIVERS }, (_, i) => ({ driverId: `d${i}`, territoryId: 'midtown', ...randomPoint(), ts: 1 }));
for (const driver of drivers) grid.put(driver);
const loadStart = performance.now();
await adaptive.reconcile(drivers, 0); // pipelined upserts, as a rebuild from driver_presence
const loadMs = performance.now() - loadStart;

// Location updates: each driver moves once, 500 in flight at a time (the sockets of many drivers at once).
const moveStart = performance.now();
for (let start = 0; start < DRIVERS; start += 500) {
  await Promise.all(drivers.slice(start, start + 500).map((d) => adaptive.move(d.driverId, { lat: d.lat, lng: d.lng }, 2)));
}
const movesPerSecond = DRIVERS / ((performance.now() - moveStart) / 1000);

const queries = Array.from({ length: QUERIES + WARMUP }, randomPoint);
const exact = new Map(drivers.map((d) => [d.driverId, d]));
/** The same drivers as the full scan, up to the metre (geohash coordinates; near-ties may swap). */
function matchesScan(found: NearbyDriver[], point: { lat: number; lng: number }): boolean {
  const expected = grid.nearestByScan('midtown', point, OPTIONS);
  if (found.length !== expected.length) return false;
  const cutoff = expected.at(-1)?.distanceMiles ?? 0;
  const expectedIds = new Set(expected.map((d) => d.driverId));
  return found.every(
    (d, i) =>
      Math.abs(d.distanceMiles - expected[i]!.distanceMiles) < 0.004 &&
      (expectedIds.has(d.driverId) || Math.abs(haversineMiles(point, exact.get(d.driverId)!) - cutoff) < 0.004),
  );
}

type Run = { name: string; lookup: (point: { lat: number; lng: number }) => Promise<NearbyDriver[]> | NearbyDriver[]; latencies: number[]; mismatches: number };
const runs: Run[] = [
  { name: 'Redis, adaptive radius', lookup: (p) => adaptive.nearest('midtown', p, OPTIONS), latencies: [], mismatches: 0 },
  { name: 'Redis, fixed 2 mi radius', lookup: (p) => fixed.nearest('midtown', p, OPTIONS), latencies: [], mismatches: 0 },
  { name: 'grid (in process)', lookup: (p) => grid.nearestNow('midtown', p, OPTIONS), latencies: [], mismatches: 0 },
];
// Interleaved: every query goes to the three in turn (the order rotating), so a busy moment of the
// shared machine falls on all of them alike.
for (const [i, point] of queries.entries()) {
  for (let k = 0; k < runs.length; k += 1) {
    const run = runs[(i + k) % runs.length]!;
    const started = performance.now();
    const found = await run.lookup(point);
    const elapsed = performance.now() - started;
    if (i < WARMUP) continue;
    run.latencies.push(elapsed);
    if (!matchesScan(found, point)) run.mismatches += 1;
  }
}
for (const run of runs) run.latencies.sort((a, b) => a - b);

const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
log('');
log(
  `bench/geo-index — ${DRIVERS} drivers in one territory (Midtown box), ${QUERIES} queries of the nearest ${OPTIONS.limit} within ${OPTIONS.radiusMiles} mi, node ${process.version}`,
);
log(
  `loading ${DRIVERS} drivers into Redis (pipelined upsert script): ${loadMs.toFixed(0)} ms; location updates (move script, 500 in flight): ${movesPerSecond.toFixed(0)}/s`,
);
for (const run of runs) {
  log(
    `${run.name.padEnd(26)} p50 ${us(percentile(run.latencies, 50)).padStart(8)}   p99 ${us(percentile(run.latencies, 99)).padStart(8)}   identical to the full scan: ${run.mismatches === 0 ? 'yes' : `no, ${run.mismatches} differ`}`,
  );
}
const [redisAdaptive, redisFixed, gridRun] = runs as [Run, Run, Run];
const ratio = (a: Run, b: Run, p: number) => (percentile(a.latencies, p) / percentile(b.latencies, p)).toFixed(1);
log(`fixed / adaptive: p50 ${ratio(redisFixed, redisAdaptive, 50)}x, p99 ${ratio(redisFixed, redisAdaptive, 99)}x`);
log(`adaptive / grid:  p50 ${ratio(redisAdaptive, gridRun, 50)}x, p99 ${ratio(redisAdaptive, gridRun, 99)}x`);
log(`goal: Redis adaptive p99 < 2 ms: ${percentile(redisAdaptive.latencies, 99) < 2 ? 'met' : 'NOT met'}`);

let cursor = '0';
do {
  const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
  cursor = next;
  if (keys.length > 0) await redis.unlink(...keys);
} while (cursor !== '0');
redis.disconnect();

import { createHash } from 'node:crypto';
import { haversineMiles, type LatLng } from '@coride/domain';
import type { Redis } from 'ioredis';
import { REMOVAL_MEMORY_MS, type DriverLocationIndex, type IndexedDriver, type NearbyDriver, type NearestOptions, type TimedDriver } from './driver-index';

/**
 * A Lua script run by its SHA1 (EVALSHA), loaded again when Redis answers NOSCRIPT (after a restart).
 * Scripts make each write one atomic step: the time check and the writes cannot interleave with
 * another process's.
 */
class Script {
  private readonly sha: string;
  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }

  /** Loads the script, so a pipeline of EVALSHAs does not meet NOSCRIPT. */
  async load(redis: Redis): Promise<void> {
    await redis.script('LOAD', this.source);
  }

  evalsha(keys: string[], args: (string | number)[]): [string, number, ...(string | number)[]] {
    return [this.sha, keys.length, ...keys, ...args];
  }
}

/*
 * Keys, under the prefix: geo:t:{territoryId} (GEO set of the territory's drivers), drv:{driverId}
 * (hash: t = territory, lat, lng, ts = the position's time), geo:territories (the territories ever
 * indexed, for the total count). A removal leaves drv:{id} as a mark {t = '', ts} that expires after
 * REMOVAL_MEMORY_MS: an older position arriving later is refused by it. The scripts name the old
 * territory's key from the prefix they are given (one Redis, not a cluster).
 */

/** KEYS: drv, geo of the new territory, territories. ARGV: geo key prefix, territory, lng, lat, ts, driver. 2 added, 1 moved, 0 older than the index. */
const UPSERT = new Script(`
local stored = redis.call('HMGET', KEYS[1], 't', 'ts')
if stored[2] and tonumber(stored[2]) > tonumber(ARGV[5]) then return 0 end
local added = 1
if stored[1] and stored[1] ~= '' then
  if stored[1] ~= ARGV[2] then redis.call('ZREM', ARGV[1] .. stored[1], ARGV[6]) end
else
  added = 2
end
redis.call('GEOADD', KEYS[2], ARGV[3], ARGV[4], ARGV[6])
redis.call('HSET', KEYS[1], 't', ARGV[2], 'lat', ARGV[4], 'lng', ARGV[3], 'ts', ARGV[5])
redis.call('PERSIST', KEYS[1])
redis.call('SADD', KEYS[3], ARGV[2])
return added
`);

/** KEYS: drv. ARGV: geo key prefix, lng, lat, ts, driver. 1 moved, 0 older than the index (still present), -1 not in the index. */
const MOVE = new Script(`
local stored = redis.call('HMGET', KEYS[1], 't', 'ts')
if not stored[1] or stored[1] == '' then return -1 end
if tonumber(stored[2]) > tonumber(ARGV[4]) then return 0 end
redis.call('GEOADD', ARGV[1] .. stored[1], ARGV[2], ARGV[3], ARGV[5])
redis.call('HSET', KEYS[1], 'lat', ARGV[3], 'lng', ARGV[2], 'ts', ARGV[4])
return 1
`);

/**
 * KEYS: drv. ARGV: geo key prefix, driver, ts ('' = whatever the index holds), mark lifetime (ms),
 * a territory whose set must lose the driver too ('' none: the reconcile passes the set it scanned).
 * 1 removed, 0 the index holds a later position.
 */
const REMOVE = new Script(`
local stored = redis.call('HMGET', KEYS[1], 't', 'ts')
if ARGV[3] ~= '' and stored[2] and tonumber(stored[2]) > tonumber(ARGV[3]) then return 0 end
if stored[1] and stored[1] ~= '' then redis.call('ZREM', ARGV[1] .. stored[1], ARGV[2]) end
if ARGV[5] ~= '' then redis.call('ZREM', ARGV[1] .. ARGV[5], ARGV[2]) end
redis.call('DEL', KEYS[1])
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[1], 't', '', 'ts', ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
end
return 1
`);

/**
 * KEYS: geo of the territory. ARGV: lng, lat, first radius, radius, last radius (mi), count, limit,
 * excluded ids... Searches a small circle first and doubles it until `limit` drivers not excluded are
 * found or the radius is reached: GEOSEARCH sorts every member of the area it searches, so a dense
 * territory is never sorted whole for 30 drivers. Returns {radius searched, members found, distance
 * of the last, {id, lng, lat, ...} of those not excluded}.
 */
const NEAREST = new Script(`
local r = tonumber(ARGV[3])
local radius = tonumber(ARGV[4])
local count = tonumber(ARGV[6])
local limit = tonumber(ARGV[7])
local excluded = {}
for i = 8, #ARGV do excluded[ARGV[i]] = true end
while true do
  local last = r >= radius
  local searched = last and ARGV[5] or tostring(r)
  local found = redis.call('GEOSEARCH', KEYS[1], 'FROMLONLAT', ARGV[1], ARGV[2], 'BYRADIUS', searched, 'mi', 'ASC', 'COUNT', count, 'WITHDIST', 'WITHCOORD')
  local out = {}
  for _, item in ipairs(found) do
    if not excluded[item[1]] then
      out[#out + 1] = item[1]
      out[#out + 1] = item[3][1]
      out[#out + 1] = item[3][2]
    end
  end
  if #out / 3 >= limit or last then
    local farthest = '0'
    if #found > 0 then farthest = found[#found][2] end
    return {searched, #found, farthest, out}
  end
  r = math.min(r * 2, radius)
end
`);

/** KEYS: territories. ARGV: geo key prefix. The members of every territory's set. */
const COUNT_ALL = new Script(`
local total = 0
for _, territory in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  total = total + redis.call('ZCARD', ARGV[1] .. territory)
end
return total
`);

/**
 * Redis measures distances on a sphere of 6,372,797.56 m, the domain on 6,371,008.8 m (0.03% less):
 * the last search reaches this much further, and the domain's distance decides who is within the radius.
 */
const lastRadius = (radiusMiles: number) => radiusMiles * 1.0005 + 0.001;
/** The first circle holds about this many times the drivers asked for, at the density last seen. */
const FIRST_CIRCLE_SLACK = 2;
const MIN_FIRST_RADIUS_MILES = 0.05;
/** Without a density seen yet in the territory. */
const DEFAULT_FIRST_RADIUS_MILES = 0.5;
const PIPELINE_CHUNK = 1000;

export type RedisIndexOptions = {
  /**
   * Fixed: one GEOSEARCH over the whole radius (for the benchmark's comparison). Adaptive (default):
   * a small first circle, doubled until enough drivers are found.
   */
  search?: 'adaptive' | 'fixed';
};

/**
 * The dispatch index shared by every API process (REDIS_URL): one GEO set per territory and a hash per
 * driver, written by Lua scripts so the time check and the writes are one step. Derived state only:
 * driver_presence rebuilds it (drivers.reconcileIndex, at start and periodically), a location update
 * from a driver it lost puts them back, and dispatch checks presence in PostgreSQL before offering.
 */
export class RedisDriverIndex implements DriverLocationIndex {
  /** Drivers per square mile last seen around a search, per territory: sizes the next first circle. */
  private readonly density = new Map<string, number>();
  private readonly search: 'adaptive' | 'fixed';

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: RedisIndexOptions = {},
  ) {
    this.search = options.search ?? 'adaptive';
  }

  private driverKey(driverId: string): string {
    return `${this.prefix}drv:${driverId}`;
  }
  private geoPrefix(): string {
    return `${this.prefix}geo:t:`;
  }
  private territoriesKey(): string {
    return `${this.prefix}geo:territories`;
  }

  private upsertCall(driver: TimedDriver): { keys: string[]; args: (string | number)[] } {
    return {
      keys: [this.driverKey(driver.driverId), this.geoPrefix() + driver.territoryId, this.territoriesKey()],
      args: [this.geoPrefix(), driver.territoryId, String(driver.lng), String(driver.lat), driver.ts, driver.driverId],
    };
  }

  async upsert(driver: TimedDriver): Promise<boolean> {
    const { keys, args } = this.upsertCall(driver);
    return Number(await UPSERT.run(this.redis, keys, args)) > 0;
  }

  async move(driverId: string, point: LatLng, ts: number): Promise<boolean> {
    const result = await MOVE.run(this.redis, [this.driverKey(driverId)], [this.geoPrefix(), String(point.lng), String(point.lat), ts, driverId]);
    return Number(result) >= 0;
  }

  async remove(driverId: string, ts?: number): Promise<void> {
    await REMOVE.run(this.redis, [this.driverKey(driverId)], [this.geoPrefix(), driverId, ts ?? '', REMOVAL_MEMORY_MS, '']);
  }

  async get(driverId: string): Promise<IndexedDriver | undefined> {
    return (await this.getMany([driverId])).get(driverId);
  }

  async getMany(driverIds: readonly string[]): Promise<Map<string, IndexedDriver>> {
    const found = new Map<string, IndexedDriver>();
    if (driverIds.length === 0) return found;
    const pipeline = this.redis.pipeline();
    for (const driverId of driverIds) pipeline.hmget(this.driverKey(driverId), 't', 'lat', 'lng');
    const replies = (await pipeline.exec()) ?? [];
    replies.forEach(([error, reply], i) => {
      if (error) throw error;
      const [territoryId, lat, lng] = reply as (string | null)[];
      if (territoryId && lat && lng) found.set(driverIds[i]!, { driverId: driverIds[i]!, territoryId, lat: Number(lat), lng: Number(lng) });
    });
    return found;
  }

  async countOnline(territoryId?: string): Promise<number> {
    if (territoryId) return this.redis.zcard(this.geoPrefix() + territoryId);
    return Number(await COUNT_ALL.run(this.redis, [this.territoriesKey()], [this.geoPrefix()]));
  }

  async nearest(territoryId: string, point: LatLng, { limit, radiusMiles, exclude }: NearestOptions): Promise<NearbyDriver[]> {
    if (limit <= 0 || radiusMiles <= 0) return [];
    const excluded = exclude ? [...exclude] : [];
    const count = limit + excluded.length;
    const seen = this.density.get(territoryId);
    const first =
      this.search === 'fixed'
        ? radiusMiles
        : seen === undefined
          ? DEFAULT_FIRST_RADIUS_MILES
          : Math.max(MIN_FIRST_RADIUS_MILES, Math.sqrt((FIRST_CIRCLE_SLACK * count) / (Math.PI * Math.max(seen, 1e-6))));
    const reply = (await NEAREST.run(
      this.redis,
      [this.geoPrefix() + territoryId],
      [
        String(point.lng),
        String(point.lat),
        String(Math.min(first, radiusMiles)),
        String(radiusMiles),
        String(lastRadius(radiusMiles)),
        count,
        limit,
        ...excluded,
      ],
    )) as [string, number, string, string[]];
    const [searched, foundCount, farthest, flat] = reply;
    this.learnDensity(territoryId, Number(searched), Number(foundCount), Number(farthest), count);

    const drivers: NearbyDriver[] = [];
    for (let i = 0; i < flat.length; i += 3) {
      const driver = { driverId: flat[i]!, territoryId, lng: Number(flat[i + 1]), lat: Number(flat[i + 2]) };
      const distanceMiles = haversineMiles(point, driver);
      if (distanceMiles <= radiusMiles) drivers.push({ ...driver, distanceMiles });
    }
    return drivers.sort((a, b) => a.distanceMiles - b.distanceMiles).slice(0, limit);
  }

  /** Drivers per square mile of the last search: all members within its radius, or `count` within the last one's distance. */
  private learnDensity(territoryId: string, searchedMiles: number, found: number, farthestMiles: number, count: number): void {
    const reach = found >= count ? farthestMiles : searchedMiles;
    if (reach <= 0) return;
    // An empty circle says "sparse": as if one driver stood at its edge.
    this.density.set(territoryId, Math.max(found, 1) / (Math.PI * reach * reach));
  }

  async reconcile(online: readonly TimedDriver[], asOf: number): Promise<{ added: number; removed: number }> {
    await Promise.all([UPSERT.load(this.redis), REMOVE.load(this.redis)]);
    let added = 0;
    for (let start = 0; start < online.length; start += PIPELINE_CHUNK) {
      const pipeline = this.redis.pipeline();
      for (const driver of online.slice(start, start + PIPELINE_CHUNK)) {
        const { keys, args } = this.upsertCall(driver);
        pipeline.evalsha(...UPSERT.evalsha(keys, args));
      }
      for (const [error, reply] of (await pipeline.exec()) ?? []) {
        if (error) throw error;
        if (Number(reply) === 2) added += 1;
      }
    }

    const listed = new Set(online.map((d) => d.driverId));
    let removed = 0;
    for (const territoryId of await this.redis.smembers(this.territoriesKey())) {
      const stale: string[] = [];
      let cursor = '0';
      do {
        const [next, page] = await this.redis.zscan(this.geoPrefix() + territoryId, cursor, 'COUNT', PIPELINE_CHUNK);
        cursor = next;
        // ZSCAN pages are member, score, member, score...
        for (let i = 0; i < page.length; i += 2) if (!listed.has(page[i]!)) stale.push(page[i]!);
      } while (cursor !== '0');
      for (let start = 0; start < stale.length; start += PIPELINE_CHUNK) {
        const pipeline = this.redis.pipeline();
        for (const driverId of stale.slice(start, start + PIPELINE_CHUNK)) {
          pipeline.evalsha(...REMOVE.evalsha([this.driverKey(driverId)], [this.geoPrefix(), driverId, asOf, REMOVAL_MEMORY_MS, territoryId]));
        }
        for (const [error, reply] of (await pipeline.exec()) ?? []) {
          if (error) throw error;
          if (Number(reply) === 1) removed += 1;
        }
      }
    }
    return { added, removed };
  }
}

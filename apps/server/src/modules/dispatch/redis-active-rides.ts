import type { Redis } from 'ioredis';
import { ignoreWarnings, type Warn } from '../../lib/rate-limited-warn';
import type { ActiveRide, ActiveRideLoader, ActiveRideStore } from './active-rides';

export type RedisActiveRidesOptions = {
  /** An entry not read for this long disappears (sliding: each read of a ride entry renews it). */
  ttlMs: number;
  /** An entry older than this is read again from the database before it is used (bounds a stale entry's life). */
  recheckMs: number;
  /** How long "no active ride" is remembered at most (between half and all of it), so an idle driver's locations cost no query each. */
  absentMs: number;
};

export const defaultActiveRideOptions: RedisActiveRidesOptions = { ttlMs: 120_000, recheckMs: 60_000, absentMs: 30_000 };

/** While Redis cannot answer, what the database said of a driver serves their next locations for this long. */
const OUTAGE_MEMO_MS = 5000;
/** Drivers remembered so during an outage; past it the memo starts again (a few queries more, never unbounded memory). */
const OUTAGE_MEMO_LIMIT = 50_000;
/** How often the keys of writes Redis missed are tried again (on the store's next use). */
const SETTLE_RETRY_MS = 1000;

/** HGETALL, renewing the TTL of a ride entry (never of an "absent" one: that one must run out). */
const READ_SCRIPT = `
local fields = redis.call('HGETALL', KEYS[1])
if redis.call('HEXISTS', KEYS[1], 'rideId') == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return fields`;

/**
 * Writes what the database said, unless the entry changed since it was read (ARGV[1]: the checkedAt
 * read, '' for no entry): a set or clear made after a transition meanwhile is newer than our read.
 * ARGV[2]: TTL; then field/value pairs.
 */
const FILL_SCRIPT = `
local seen = redis.call('HGET', KEYS[1], 'checkedAt')
if (ARGV[1] == '' and seen == false) or (seen and seen == ARGV[1]) then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], unpack(ARGV, 3))
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

/**
 * The ride ended: "absent" replaces the entry unless it holds another ride (the driver accepted the
 * next one meanwhile). Writing "absent" rather than deleting also defeats a read-through that read
 * the ride before it ended and would put it back. ARGV: rideId, TTL, checkedAt.
 */
const CLEAR_SCRIPT = `
local current = redis.call('HGET', KEYS[1], 'rideId')
if current and current ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'absent', '1', 'checkedAt', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * The active-ride store shared by every process (REDIS_URL): a hash `{prefix}ride:drv:{driverId}`
 * with the ride's id, rider, status, pickup and drop-off, written after the commit of each transition
 * by the process that made it, read by the process that holds the driver's socket.
 *
 * PostgreSQL stays the truth: a missing entry (Redis restarted, a process died between its commit and
 * its write, the key ran out) is read from the rides table and written back; "no active ride" is
 * remembered for `absentMs`. Every entry is read again from the database once it is `recheckMs` old,
 * so an entry a lost clear left behind forwards locations to the former rider for at most that long.
 *
 * Redis unreachable (an error or a timeout): reads go to the database, and each answer serves that
 * driver's locations for OUTAGE_MEMO_MS in this process, so an outage costs about one query per driver
 * every 5 s, not one per location. A set or clear Redis missed still throws (the dispatcher logs it),
 * and its key is deleted as soon as Redis answers again, so no process serves the entry it replaced:
 * the next read of that driver goes to the database.
 */
export class RedisActiveRides implements ActiveRideStore {
  private readonly outageMemo = new Map<string, { ride: ActiveRide | undefined; at: number }>();
  /** Drivers whose set or clear Redis missed, each with the attempt's number (a later miss keeps it). */
  private readonly unwritten = new Map<string, number>();
  private writeAttempts = 0;
  private settleTriedAt = -Infinity;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly loader: ActiveRideLoader,
    private readonly options: RedisActiveRidesOptions = defaultActiveRideOptions,
    private readonly warn: Warn = ignoreWarnings,
  ) {}

  /** Nothing to rebuild: entries are read through on demand. */
  async restore(): Promise<void> {}

  async get(driverId: string): Promise<ActiveRide | undefined> {
    await this.settleUnwritten();
    const key = this.key(driverId);
    let flat: string[];
    try {
      flat = (await this.redis.eval(READ_SCRIPT, 1, key, this.options.ttlMs)) as string[];
    } catch (error) {
      this.warn(error, 'active rides unavailable (Redis): read from the rides table');
      return this.readDuringOutage(driverId);
    }
    const fields = pairs(flat);
    const checkedAt = fields.get('checkedAt');
    if (checkedAt !== undefined && Date.now() - Number(checkedAt) < this.options.recheckMs) {
      return fields.has('absent') ? undefined : parseRide(fields);
    }
    const ride = await this.loader.ofDriver(driverId);
    // Not kept this time if Redis has just gone: the answer is the database's either way.
    await this.redis
      .eval(FILL_SCRIPT, 1, key, checkedAt ?? '', ...this.entry(ride))
      .catch((error: unknown) => this.warn(error, 'active ride read from the database not kept (Redis unavailable)'));
    return ride;
  }

  async set(driverId: string, ride: ActiveRide): Promise<void> {
    const key = this.key(driverId);
    const [ttl, ...fields] = this.entry(ride);
    await this.written(driverId, () =>
      this.redis
        .multi()
        .del(key)
        .hset(key, ...fields)
        .pexpire(key, ttl!)
        .exec(),
    );
  }

  async clear(driverId: string, rideId: string): Promise<void> {
    await this.written(driverId, () => this.redis.eval(CLEAR_SCRIPT, 1, this.key(driverId), rideId, this.options.absentMs, Date.now()));
  }

  /** A write after a transition's commit: on failure the driver's key is deleted once Redis is back (settleUnwritten). */
  private async written(driverId: string, write: () => Promise<unknown>): Promise<void> {
    this.outageMemo.delete(driverId);
    try {
      await write();
    } catch (error) {
      this.writeAttempts += 1;
      this.unwritten.set(driverId, this.writeAttempts);
      throw error;
    }
  }

  /**
   * Deletes the keys of the writes Redis missed, so their next read anywhere is the database's: once
   * the connection is up again, and at most once a second while Redis does not answer on it (hung).
   */
  private async settleUnwritten(): Promise<void> {
    if (this.unwritten.size === 0 || this.redis.status !== 'ready' || Date.now() - this.settleTriedAt < SETTLE_RETRY_MS) return;
    this.settleTriedAt = Date.now();
    const missed = [...this.unwritten];
    try {
      await this.redis.del(...missed.map(([driverId]) => this.key(driverId)));
    } catch {
      return; // still down: the read that follows falls back to the database, and a later use tries again
    }
    for (const [driverId, attempt] of missed) if (this.unwritten.get(driverId) === attempt) this.unwritten.delete(driverId);
  }

  private async readDuringOutage(driverId: string): Promise<ActiveRide | undefined> {
    const at = Date.now();
    const remembered = this.outageMemo.get(driverId);
    if (remembered && at - remembered.at < OUTAGE_MEMO_MS) return remembered.ride;
    const ride = await this.loader.ofDriver(driverId);
    if (this.outageMemo.size >= OUTAGE_MEMO_LIMIT) this.outageMemo.clear();
    this.outageMemo.set(driverId, { ride, at });
    return ride;
  }

  private key(driverId: string): string {
    return `${this.prefix}ride:drv:${driverId}`;
  }

  /** TTL, then the hash's field/value pairs. */
  private entry(ride: ActiveRide | undefined): Array<string | number> {
    const checkedAt = String(Date.now());
    // "Absent" lasts between half and all of absentMs: entries written together (drivers' first
    // locations, a restart) run out spread over time, not in one burst of database reads.
    if (!ride) return [Math.round(this.options.absentMs * (0.5 + Math.random() * 0.5)), 'absent', '1', 'checkedAt', checkedAt];
    return [
      this.options.ttlMs,
      'rideId',
      ride.rideId,
      'riderId',
      ride.riderId,
      'status',
      ride.status,
      'pickup',
      `${ride.pickup.lat},${ride.pickup.lng}`,
      'dropoff',
      `${ride.dropoff.lat},${ride.dropoff.lng}`,
      'checkedAt',
      checkedAt,
    ];
  }
}

function pairs(flat: string[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (let i = 0; i + 1 < flat.length; i += 2) fields.set(flat[i]!, flat[i + 1]!);
  return fields;
}

function parsePoint(value: string | undefined): { lat: number; lng: number } | undefined {
  const [lat, lng] = (value ?? '').split(',').map(Number);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat: lat!, lng: lng! } : undefined;
}

function parseRide(fields: Map<string, string>): ActiveRide | undefined {
  const rideId = fields.get('rideId');
  const riderId = fields.get('riderId');
  const status = fields.get('status');
  const pickup = parsePoint(fields.get('pickup'));
  const dropoff = parsePoint(fields.get('dropoff'));
  if (!rideId || !riderId || (status !== 'accepted' && status !== 'in_progress') || !pickup || !dropoff) return undefined;
  return { rideId, riderId, status, pickup, dropoff };
}

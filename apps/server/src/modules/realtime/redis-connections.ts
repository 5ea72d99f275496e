import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ignoreWarnings, type Warn } from '../../lib/rate-limited-warn';
import { INSTANCE_TTL_MS, type ConnectionRegistry, type GoneUser, type HeartbeatRepairs } from './connections';

/** A user's open connections on live instances: `{p}conn:{user}` counts per instance, an instance lives while `{p}inst:{id}` exists. */
const LIVE_FUNCTION = `
local function live(connKey, prefix)
  local fields = redis.call('HGETALL', connKey)
  local total = 0
  for i = 1, #fields, 2 do
    if redis.call('EXISTS', prefix .. 'inst:' .. fields[i]) == 1 then total = total + tonumber(fields[i + 1]) end
  end
  return total
end
`;

/** KEYS: conn:{user}, inst:{id}:users. ARGV: instance id, user id, prefix. Returns the user's connections left on live instances. */
const REMOVE_SCRIPT = `${LIVE_FUNCTION}
local left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('SREM', KEYS[2], ARGV[2])
end
return live(KEYS[1], ARGV[3])`;

/** KEYS: conn:{user}. ARGV: prefix. */
const LIVE_SCRIPT = `${LIVE_FUNCTION}
return live(KEYS[1], ARGV[1])`;

/**
 * KEYS: inst:{id}, instances. ARGV: instance id, TTL ms, now (ms, the app's clock), prefix.
 * Renews the heartbeat; returns {1 if it was still there, number of other live instances}.
 */
const HEARTBEAT_SCRIPT = `
local previous = redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[2], 'GET')
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
local others = 0
for _, id in ipairs(redis.call('HKEYS', KEYS[2])) do
  if id ~= ARGV[1] and redis.call('EXISTS', ARGV[4] .. 'inst:' .. id) == 1 then others = others + 1 end
end
return {previous and 1 or 0, others}`;

/**
 * KEYS: instances. ARGV: prefix. For every instance whose heartbeat ran out: its counts leave every
 * user's hash, and the users left with no live connection are returned with the instance's last
 * heartbeat (flat: user, ms, user, ms...). Atomic, so an instance renewing its heartbeat (it was only
 * paused) is either reaped whole before, or not at all.
 */
const REAP_SCRIPT = `${LIVE_FUNCTION}
local prefix = ARGV[1]
local gone = {}
for _, id in ipairs(redis.call('HKEYS', KEYS[1])) do
  if redis.call('EXISTS', prefix .. 'inst:' .. id) == 0 then
    local lastSeen = redis.call('HGET', KEYS[1], id)
    local usersKey = prefix .. 'inst:' .. id .. ':users'
    for _, user in ipairs(redis.call('SMEMBERS', usersKey)) do
      local connKey = prefix .. 'conn:' .. user
      redis.call('HDEL', connKey, id)
      if live(connKey, prefix) == 0 then
        table.insert(gone, user)
        table.insert(gone, lastSeen)
      end
    end
    redis.call('DEL', usersKey)
    redis.call('HDEL', KEYS[1], id)
  end
end
return gone`;

export type RedisConnectionsOptions = {
  /** How long an instance counts without renewing its heartbeat. */
  instanceTtlMs: number;
  /** The app's clock: the heartbeats' times are when the janitor ends the sessions of a gone instance. */
  now: () => Date;
  /** This instance's id (random by default). */
  instanceId?: string;
  /** Told of the counts Redis could not take (rate-limited by the caller); nothing by default. */
  warn?: Warn;
};

/**
 * The connection registry shared by every instance through Redis (REDIS_URL; keys under the prefix):
 * - `conn:{userId}`: hash instance id -> open connections of the user there;
 * - `inst:{instanceId}`: the instance's heartbeat, renewed every HEARTBEAT_MS, expiring after
 *   INSTANCE_TTL_MS; an instance without it is gone and its counts do not count;
 * - `inst:{instanceId}:users`: who has connections there (the janitor reaps without a SCAN);
 * - `instances`: hash instance id -> its last heartbeat (app clock, ms).
 * The scripts read keys they compute, so the registry needs one Redis, not a Redis Cluster.
 *
 * Each instance also keeps its own counts, so what Redis lost or never got is repaired by the next
 * heartbeat, which writes them again: after its registration lapsed (Redis restarted, the process was
 * paused past the TTL and reaped), or after a count could not be written (Redis unreachable for a
 * moment). The users whose last connection closed meanwhile are then told apart.
 *
 * Redis unreachable: a socket opens and closes as usual (add and remove never throw), and what could
 * not be known is taken as "still connected", so no online session ends by mistake; the next
 * heartbeat that reaches Redis settles those users (`disconnected`), and the session janitor the
 * instances that went meanwhile. An outage can so leave a session running until Redis is back.
 */
export class RedisConnections implements ConnectionRegistry {
  readonly instanceId: string;
  private readonly local = new Map<string, number>();
  /** A count could not be written: the next heartbeat writes them all again. */
  private isDirty = false;
  /** Users whose connection closed here while Redis was unreachable, or whom Redis could not tell about: the next heartbeat asks again. */
  private readonly closedUnrecorded = new Set<string>();
  private readonly warn: Warn;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: RedisConnectionsOptions = { instanceTtlMs: INSTANCE_TTL_MS, now: () => new Date() },
  ) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.warn = options.warn ?? ignoreWarnings;
  }

  async start(): Promise<boolean> {
    const { others } = await this.beat();
    return others === 0;
  }

  async add(userId: string): Promise<void> {
    this.local.set(userId, (this.local.get(userId) ?? 0) + 1);
    try {
      await this.redis.multi().hincrby(this.connKey(userId), this.instanceId, 1).sadd(this.usersKey(), userId).exec();
    } catch (error) {
      this.isDirty = true;
      this.warn(error, 'connection registry unavailable (Redis): counts written again at the next heartbeat');
    }
  }

  async remove(userId: string): Promise<boolean> {
    const left = (this.local.get(userId) ?? 0) - 1;
    if (left > 0) this.local.set(userId, left);
    else this.local.delete(userId);
    try {
      const live = await this.redis.eval(REMOVE_SCRIPT, 2, this.connKey(userId), this.usersKey(), this.instanceId, userId, this.prefix);
      return Number(live) > 0;
    } catch (error) {
      this.warn(error, 'connection registry unavailable (Redis): counts written again at the next heartbeat');
      return this.settleLater(userId);
    }
  }

  async isConnected(userId: string): Promise<boolean> {
    try {
      return Number(await this.redis.eval(LIVE_SCRIPT, 1, this.connKey(userId), this.prefix)) > 0;
    } catch (error) {
      this.warn(error, 'connection registry unavailable (Redis): a user counted as connected until the next heartbeat');
      return this.settleLater(userId);
    }
  }

  /**
   * Redis could not say whether the user has a connection left: "yes" for now (ending a session by
   * mistake cannot be undone from here; one left running is ended by the next heartbeat, which asks
   * again and reports the user as `disconnected` if they have none).
   */
  private settleLater(userId: string): true {
    this.isDirty = true;
    this.closedUnrecorded.add(userId);
    return true;
  }

  async heartbeat(): Promise<HeartbeatRepairs> {
    const { wasAlive } = await this.beat();
    if (wasAlive && !this.isDirty) return { reconnected: [], disconnected: [] };
    // Our counts were reaped or lost (Redis restarted empty), or some could not be written: all again,
    // as absolute values (a count changing meanwhile is sent after these, on the same connection).
    const closed = [...this.closedUnrecorded];
    const rewrite = this.redis.multi();
    for (const [userId, count] of this.local) rewrite.hset(this.connKey(userId), this.instanceId, count).sadd(this.usersKey(), userId);
    for (const userId of closed) if (!this.local.has(userId)) rewrite.hdel(this.connKey(userId), this.instanceId).srem(this.usersKey(), userId);
    await rewrite.exec();
    this.isDirty = false;
    for (const userId of closed) this.closedUnrecorded.delete(userId);
    const disconnected: string[] = [];
    for (const userId of closed) if (!(await this.isConnected(userId))) disconnected.push(userId);
    return { reconnected: wasAlive ? [] : [...this.local.keys()], disconnected };
  }

  async reap(): Promise<GoneUser[]> {
    const flat = (await this.redis.eval(REAP_SCRIPT, 1, this.instancesKey(), this.prefix)) as string[];
    const gone: GoneUser[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) gone.push({ userId: flat[i]!, lastSeenAt: new Date(Number(flat[i + 1])) });
    return gone;
  }

  /**
   * Stops counting at once (the heartbeat goes); what this instance leaves behind (sockets whose close
   * could not be recorded) is reaped by the janitor of an instance that stays.
   */
  async close(): Promise<void> {
    this.local.clear();
    await this.redis.del(this.instanceKey());
  }

  private async beat(): Promise<{ wasAlive: boolean; others: number }> {
    const [wasAlive, others] = (await this.redis.eval(
      HEARTBEAT_SCRIPT,
      2,
      this.instanceKey(),
      this.instancesKey(),
      this.instanceId,
      this.options.instanceTtlMs,
      this.options.now().getTime(),
      this.prefix,
    )) as [number, number];
    return { wasAlive: wasAlive === 1, others };
  }

  private connKey(userId: string): string {
    return `${this.prefix}conn:${userId}`;
  }

  private usersKey(): string {
    return `${this.prefix}inst:${this.instanceId}:users`;
  }

  private instanceKey(): string {
    return `${this.prefix}inst:${this.instanceId}`;
  }

  private instancesKey(): string {
    return `${this.prefix}instances`;
  }
}

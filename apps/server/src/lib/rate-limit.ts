import type { Redis } from 'ioredis';

/**
 * Sliding-window event counts per key: the one mechanism behind the sign-in throttle and the route
 * rate limits (sign-ups, cards, bookings). Counted in this process by default, or in Redis and shared
 * by every instance when REDIS_URL is set.
 *
 * `take` checks and counts in one step. Checking first and counting after some slow work (a password
 * hash, a card check) lets every concurrent request pass the check before any is counted, so the
 * limit would only bound sequential callers.
 */
export type Taken =
  | { isAllowed: true; /** Events in the window, this one included. */ count: number; /** Gives this event back with `release`. */ id: string }
  | { isAllowed: false; retryAfterSeconds: number };

export interface SlidingWindows {
  /** Counts one event on `key` unless `limit` are already in the window; then counts nothing and says how long to wait. */
  take(key: string, limit: number, windowMs: number): Taken | Promise<Taken>;
  /** Counts one event whatever the count. */
  add(key: string, windowMs: number): void | Promise<void>;
  /** Seconds until `key` holds fewer than `limit` events, or 0 when it does now. */
  retryAfterSeconds(key: string, limit: number, windowMs: number): number | Promise<number>;
  /** Removes one event counted by `take` (work that turned out not to count, such as a right password). */
  release(key: string, id: string): void | Promise<void>;
  /** Forgets every event of `key`. */
  reset(key: string): void | Promise<void>;
}

type Event = { at: number; id: string };

/** Keys are trimmed when looked at; every this many adds, all of them are, so many distinct keys cannot grow the map without bound. */
const SWEEP_EVERY_ADDS = 1000;

/** Counts in this process: the default, for one API instance. */
export class InProcessWindows implements SlidingWindows {
  private readonly events = new Map<string, { windowMs: number; list: Event[] }>();
  private addsSinceSweep = 0;
  private lastId = 0;

  constructor(private readonly now: () => number = Date.now) {}

  private recent(key: string, windowMs?: number): Event[] {
    const entry = this.events.get(key);
    if (!entry) return [];
    const window = windowMs ?? entry.windowMs;
    const cutoff = this.now() - window;
    const list = entry.list.filter((event) => event.at > cutoff);
    if (list.length === 0) this.events.delete(key);
    else this.events.set(key, { windowMs: window, list });
    return list;
  }

  retryAfterSeconds(key: string, limit: number, windowMs: number): number {
    const list = this.recent(key, windowMs);
    if (list.length < limit) return 0;
    // The event that must leave the window before another is allowed: the limit-th most recent.
    const blocking = list[list.length - limit]!;
    return Math.ceil((blocking.at + windowMs - this.now()) / 1000);
  }

  take(key: string, limit: number, windowMs: number): Taken {
    // Synchronous from check to count: no other request can run in between.
    const wait = this.retryAfterSeconds(key, limit, windowMs);
    if (wait > 0) return { isAllowed: false, retryAfterSeconds: wait };
    const id = this.push(key, windowMs);
    return { isAllowed: true, count: this.events.get(key)!.list.length, id };
  }

  add(key: string, windowMs: number): void {
    this.push(key, windowMs);
  }

  release(key: string, id: string): void {
    const entry = this.events.get(key);
    if (!entry) return;
    const list = entry.list.filter((event) => event.id !== id);
    if (list.length === 0) this.events.delete(key);
    else this.events.set(key, { ...entry, list });
  }

  reset(key: string): void {
    this.events.delete(key);
  }

  /** Keys currently holding events (for tests and metrics). */
  get size(): number {
    return this.events.size;
  }

  private push(key: string, windowMs: number): string {
    this.lastId += 1;
    const id = String(this.lastId);
    this.events.set(key, { windowMs, list: [...this.recent(key, windowMs), { at: this.now(), id }] });
    this.addsSinceSweep += 1;
    if (this.addsSinceSweep >= SWEEP_EVERY_ADDS) {
      this.addsSinceSweep = 0;
      for (const other of [...this.events.keys()]) this.recent(other);
    }
    return id;
  }
}

/**
 * Trims the window, then counts the event only if fewer than the limit remain, in one atomic step:
 * concurrent callers on any instance cannot pass the limit together. Answers {1, count} when counted,
 * {0, score of the limit-th most recent event} when refused.
 */
const TAKE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
local count = redis.call('ZCARD', KEYS[1])
local limit = tonumber(ARGV[4])
if count >= limit then
  local blocking = redis.call('ZRANGE', KEYS[1], -limit, -limit, 'WITHSCORES')
  return {0, blocking[2]}
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, count + 1}
`;

/**
 * The same sliding windows in Redis, shared by every instance: one sorted set of event times per key,
 * expiring with its window. Times come from this process's clock, so instances' clocks must agree to
 * the second (NTP), as they must for sessions anyway.
 *
 * When Redis cannot be reached the limits fail open (the error is reported and the request allowed):
 * a Redis outage must not lock everyone out, and each attempt still costs its slow work.
 */
export class RedisWindows implements SlidingWindows {
  constructor(
    private readonly redis: Redis,
    /** Namespace of these keys, e.g. `coride:login:pair:`. */
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  async take(key: string, limit: number, windowMs: number): Promise<Taken> {
    const now = this.now();
    const id = `${now}:${Math.random().toString(36).slice(2)}`;
    try {
      const [isCounted, value] = (await this.redis.eval(TAKE_SCRIPT, 1, this.prefix + key, now, now - windowMs, windowMs, limit, id)) as [
        number,
        number | string,
      ];
      if (isCounted === 1) return { isAllowed: true, count: Number(value), id };
      return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil((Number(value) + windowMs - now) / 1000)) };
    } catch (error) {
      this.onError(error);
      return { isAllowed: true, count: 0, id: '' };
    }
  }

  async add(key: string, windowMs: number): Promise<void> {
    const now = this.now();
    const pipeline = this.redis.pipeline();
    // Two events in the same millisecond are two members.
    pipeline.zadd(this.prefix + key, now, `${now}:${Math.random().toString(36).slice(2)}`);
    pipeline.pexpire(this.prefix + key, windowMs);
    await execOrThrow(pipeline.exec()).catch(this.onError);
  }

  async retryAfterSeconds(key: string, limit: number, windowMs: number): Promise<number> {
    const now = this.now();
    const pipeline = this.redis.pipeline();
    pipeline.zremrangebyscore(this.prefix + key, '-inf', now - windowMs);
    pipeline.zrange(this.prefix + key, -limit, -limit, 'WITHSCORES');
    try {
      const [, blocking] = (await execOrThrow(pipeline.exec())) as [unknown, string[]];
      const score = blocking[1];
      return score === undefined ? 0 : Math.ceil((Number(score) + windowMs - now) / 1000);
    } catch (error) {
      this.onError(error);
      return 0;
    }
  }

  async release(key: string, id: string): Promise<void> {
    // An empty id is a take that failed open: nothing was counted.
    if (id) await this.redis.zrem(this.prefix + key, id).catch(this.onError);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key).catch(this.onError);
  }
}

/** A pipeline's replies, or its first error thrown. */
async function execOrThrow(pending: Promise<[error: Error | null, result: unknown][] | null>): Promise<unknown[]> {
  const replies = (await pending) ?? [];
  const failed = replies.find(([error]) => error);
  if (failed?.[0]) throw failed[0];
  return replies.map(([, result]) => result);
}

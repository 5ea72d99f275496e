import type { Redis } from 'ioredis';

/** Failed sign-ins per key (an email, a client address) in a sliding window. */
export interface FailureThrottle {
  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(keys: string[]): number | Promise<number>;
  recordFailure(keys: string[]): void | Promise<void>;
  reset(keys: string[]): void | Promise<void>;
}

/** Failed sign-ins counted per email and per client address. */
export type LoginThrottles = { byEmail: FailureThrottle; byAddress: FailureThrottle };

/** One address may serve many people (an office, a carrier NAT): it gets a looser limit than an email. */
const ADDRESS_FAILURES_PER_EMAIL_FAILURE = 4;

/** The sign-in limits: counted in this process, or in Redis and shared by every instance. */
export function loginThrottles(
  { maxFailures, windowMs }: { maxFailures: number; windowMs: number },
  shared?: { redis: Redis; prefix: string; onError: (error: unknown) => void },
): LoginThrottles {
  const addressMax = maxFailures * ADDRESS_FAILURES_PER_EMAIL_FAILURE;
  if (!shared) return { byEmail: new LoginThrottle(maxFailures, windowMs), byAddress: new LoginThrottle(addressMax, windowMs) };
  const { redis, prefix, onError } = shared;
  return {
    byEmail: new RedisLoginThrottle(redis, `${prefix}login:email:`, maxFailures, windowMs, onError),
    byAddress: new RedisLoginThrottle(redis, `${prefix}login:address:`, addressMax, windowMs, onError),
  };
}

/**
 * Counts failed sign-ins in this process: the default, for one API instance. Several instances
 * share a RedisLoginThrottle instead, or each would allow its own quota.
 */
export class LoginThrottle implements FailureThrottle {
  private readonly failures = new Map<string, number[]>();
  private recordsSinceSweep = 0;

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }

  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(keys: string[]): number {
    let wait = 0;
    for (const key of keys) {
      const times = this.recent(key);
      if (times.length >= this.maxFailures) {
        const oldest = times[times.length - this.maxFailures]!;
        wait = Math.max(wait, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
      }
    }
    return wait;
  }

  recordFailure(keys: string[]): void {
    for (const key of keys) this.failures.set(key, [...this.recent(key), this.now()]);
    // Keys are only trimmed when looked at again: sweep them all now and then so someone trying
    // many different emails cannot grow this map without bound.
    this.recordsSinceSweep += 1;
    if (this.recordsSinceSweep >= 1000) {
      this.recordsSinceSweep = 0;
      for (const key of [...this.failures.keys()]) this.recent(key);
    }
  }

  /** Keys currently holding failures (for tests and metrics). */
  get size(): number {
    return this.failures.size;
  }

  reset(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }
}

/**
 * The same sliding window in Redis, shared by every instance: one sorted set of failure times per
 * key, trimmed to the window on each look and expiring with it. Times come from this process's clock,
 * so instances' clocks must agree to the second (NTP), as they must for sessions anyway.
 *
 * When Redis cannot be reached the throttle fails open (reports the error and lets the attempt
 * through): a Redis outage must not lock everyone out, and each attempt still costs the slow hash.
 */
export class RedisLoginThrottle implements FailureThrottle {
  constructor(
    private readonly redis: Redis,
    /** Namespace of this throttle's keys, e.g. `coride:login:email:`. */
    private readonly prefix: string,
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  async retryAfterSeconds(keys: string[]): Promise<number> {
    return this.read(keys).catch((error: unknown) => {
      this.onError(error);
      return 0;
    });
  }

  async recordFailure(keys: string[]): Promise<void> {
    await this.write(keys).catch(this.onError);
  }

  async reset(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys.map((key) => this.prefix + key)).catch(this.onError);
  }

  private async read(keys: string[]): Promise<number> {
    const now = this.now();
    const pipeline = this.redis.pipeline();
    for (const key of keys) {
      pipeline.zremrangebyscore(this.prefix + key, '-inf', now - this.windowMs);
      // The failure that must leave the window before another attempt: the max-th most recent.
      pipeline.zrange(this.prefix + key, -this.maxFailures, -this.maxFailures, 'WITHSCORES');
    }
    const results = await execOrThrow(pipeline.exec());
    let wait = 0;
    for (let index = 1; index < results.length; index += 2) {
      const [, score] = results[index] as string[];
      if (score !== undefined) wait = Math.max(wait, Math.ceil((Number(score) + this.windowMs - now) / 1000));
    }
    return wait;
  }

  private async write(keys: string[]): Promise<void> {
    const now = this.now();
    const pipeline = this.redis.pipeline();
    for (const key of keys) {
      // Two failures in the same millisecond are two members.
      pipeline.zadd(this.prefix + key, now, `${now}:${Math.random().toString(36).slice(2)}`);
      pipeline.pexpire(this.prefix + key, this.windowMs);
    }
    await execOrThrow(pipeline.exec());
  }
}

/** A pipeline's replies, or its first error thrown. */
async function execOrThrow(pending: Promise<[error: Error | null, result: unknown][] | null>): Promise<unknown[]> {
  const replies = (await pending) ?? [];
  const failed = replies.find(([error]) => error);
  if (failed?.[0]) throw failed[0];
  return replies.map(([, result]) => result);
}

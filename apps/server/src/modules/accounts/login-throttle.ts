import type { Redis } from 'ioredis';
import { InProcessWindows, RedisWindows, type SlidingWindows, type Taken } from '../../lib/rate-limit';

/** Failed sign-ins per key in a sliding window of `maxFailures` per `windowMs`. */
export interface FailureThrottle {
  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(keys: string[]): number | Promise<number>;
  recordFailure(keys: string[]): void | Promise<void>;
  reset(keys: string[]): void | Promise<void>;
  /**
   * Counts an attempt as a failure before its password is checked, unless `key` already holds the
   * limit (then nothing is counted): check and count are one step, so concurrent guesses cannot all
   * pass the check. A right password gives the attempt back with `release`.
   */
  reserve(key: string): Taken | Promise<Taken>;
  release(key: string, id: string): void | Promise<void>;
}

/** A sliding window of failures per key, over in-process or Redis-shared counts. */
class WindowThrottle implements FailureThrottle {
  constructor(
    protected readonly windows: SlidingWindows,
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  async retryAfterSeconds(keys: string[]): Promise<number> {
    const waits = await Promise.all(keys.map((key) => this.windows.retryAfterSeconds(key, this.maxFailures, this.windowMs)));
    return Math.max(0, ...waits);
  }

  async recordFailure(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.windows.add(key, this.windowMs)));
  }

  async reset(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.windows.reset(key)));
  }

  reserve(key: string): Taken | Promise<Taken> {
    return this.windows.take(key, this.maxFailures, this.windowMs);
  }

  release(key: string, id: string): void | Promise<void> {
    return this.windows.release(key, id);
  }
}

/**
 * Counts failed sign-ins in this process: the default, for one API instance. Several instances
 * share a RedisLoginThrottle instead, or each would allow its own quota. Synchronous, so a check and
 * the count that follows it can never be split by another request.
 */
export class LoginThrottle implements FailureThrottle {
  private readonly windows: InProcessWindows;

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    now: () => number = Date.now,
  ) {
    this.windows = new InProcessWindows(now);
  }

  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(keys: string[]): number {
    return Math.max(0, ...keys.map((key) => this.windows.retryAfterSeconds(key, this.maxFailures, this.windowMs)));
  }

  recordFailure(keys: string[]): void {
    for (const key of keys) this.windows.add(key, this.windowMs);
  }

  reset(keys: string[]): void {
    for (const key of keys) this.windows.reset(key);
  }

  reserve(key: string): Taken {
    return this.windows.take(key, this.maxFailures, this.windowMs);
  }

  release(key: string, id: string): void {
    this.windows.release(key, id);
  }

  /** Keys currently holding failures (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }
}

/**
 * The same sliding window in Redis, shared by every instance (lib/rate-limit.ts: one sorted set per
 * key, an atomic Lua reservation). When Redis cannot be reached it fails open: the error is reported
 * and the attempt allowed, since a Redis outage must not lock everyone out and each attempt still
 * costs the slow hash.
 */
export class RedisLoginThrottle extends WindowThrottle {
  constructor(
    redis: Redis,
    /** Namespace of this throttle's keys, e.g. `coride:login:pair:`. */
    prefix: string,
    maxFailures: number,
    windowMs: number,
    onError: (error: unknown) => void,
    now: () => number = Date.now,
  ) {
    super(new RedisWindows(redis, prefix, onError, now), maxFailures, windowMs);
  }
}

export type LoginLimits = {
  /** Failures of one email from one address: the hard block (LOGIN_MAX_FAILURES). */
  maxFailures: number;
  /** Failures from one address across every email (LOGIN_MAX_FAILURES_PER_ADDRESS). */
  maxFailuresPerAddress: number;
  /** Failures of one email from anywhere before each attempt is delayed, never refused (LOGIN_SLOWDOWN_AFTER_EMAIL_FAILURES). */
  slowdownAfterEmailFailures: number;
  windowMs: number;
};

/** Each failure of an email past its slowdown threshold adds this much to the next attempt's wait... */
export const SLOWDOWN_STEP_MS = 250;
/** ...up to this: long enough to make guessing one account slow, short enough that its owner still gets in. */
export const SLOWDOWN_MAX_MS = 5000;

/** A sign-in that may go ahead: wait `delayMs`, check the password, and call `succeeded` if it was right. */
export type LoginAttempt = { isAllowed: true; delayMs: number; succeeded(): Promise<void> } | { isAllowed: false; retryAfterSeconds: number };

/**
 * The sign-in limits (contract §4). The hard block is per (email, address), so someone guessing an
 * account from one place cannot lock its owner out elsewhere; per address, so one place cannot spray
 * guesses over many accounts; per email only a growing delay, which slows a guesser spread over many
 * addresses without ever shutting the owner out.
 */
export class LoginThrottles {
  constructor(
    private readonly byPair: FailureThrottle,
    private readonly byAddress: FailureThrottle,
    /** Its limit is where the delay stops growing: past it nothing more is counted, and the delay stays at its maximum. */
    private readonly byEmail: FailureThrottle,
    private readonly slowdownAfterEmailFailures: number,
  ) {}

  /**
   * Counts the attempt as a failure on every key before the caller checks the password, or refuses
   * it (counting nothing) when the pair or the address is at its limit.
   */
  async begin(email: string, address: string): Promise<LoginAttempt> {
    const pairKey = `${address}/${email}`;
    const [pair, byAddress, byEmail] = await Promise.all([this.byPair.reserve(pairKey), this.byAddress.reserve(address), this.byEmail.reserve(email)]);
    const taken: [FailureThrottle, string, Taken][] = [
      [this.byPair, pairKey, pair],
      [this.byAddress, address, byAddress],
      [this.byEmail, email, byEmail],
    ];
    if (!pair.isAllowed || !byAddress.isAllowed) {
      // A refused attempt costs no hash, so it is no failure: give back what the others counted.
      await Promise.all(taken.map(([throttle, key, result]) => result.isAllowed && throttle.release(key, result.id)));
      return { isAllowed: false, retryAfterSeconds: Math.max(refusedFor(pair), refusedFor(byAddress)) };
    }
    return {
      isAllowed: true,
      delayMs: byEmail.isAllowed ? slowdownMs(byEmail.count - 1, this.slowdownAfterEmailFailures) : SLOWDOWN_MAX_MS,
      succeeded: async () => {
        // The owner from this address: forget their own typos here. The address and the email keep
        // their other failures: signing in to one's own account must not reset a count that guards others.
        await Promise.all([
          this.byPair.reset([pairKey]),
          ...taken.slice(1).map(([throttle, key, result]) => result.isAllowed && throttle.release(key, result.id)),
        ]);
      },
    };
  }
}

function refusedFor(taken: Taken): number {
  return taken.isAllowed ? 0 : taken.retryAfterSeconds;
}

/** The wait before an attempt on an email that already has `failures` in the window. */
export function slowdownMs(failures: number, threshold: number): number {
  const over = failures - threshold + 1;
  return over > 0 ? Math.min(SLOWDOWN_MAX_MS, over * SLOWDOWN_STEP_MS) : 0;
}

/** The sign-in limits: counted in this process, or in Redis and shared by every instance. */
export function loginThrottles(limits: LoginLimits, shared?: { redis: Redis; prefix: string; onError: (error: unknown) => void }): LoginThrottles {
  const { maxFailures, maxFailuresPerAddress, slowdownAfterEmailFailures, windowMs } = limits;
  // Past this many the delay is at its maximum, so more need not be kept.
  const emailCap = slowdownAfterEmailFailures + Math.ceil(SLOWDOWN_MAX_MS / SLOWDOWN_STEP_MS);
  if (!shared) {
    return new LoginThrottles(
      new LoginThrottle(maxFailures, windowMs),
      new LoginThrottle(maxFailuresPerAddress, windowMs),
      new LoginThrottle(emailCap, windowMs),
      slowdownAfterEmailFailures,
    );
  }
  const { redis, prefix, onError } = shared;
  return new LoginThrottles(
    new RedisLoginThrottle(redis, `${prefix}login:pair:`, maxFailures, windowMs, onError),
    new RedisLoginThrottle(redis, `${prefix}login:address:`, maxFailuresPerAddress, windowMs, onError),
    new RedisLoginThrottle(redis, `${prefix}login:email:`, emailCap, windowMs, onError),
    slowdownAfterEmailFailures,
  );
}

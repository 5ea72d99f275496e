import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectRedis } from '../../../src/lib/redis';
import { LoginThrottle, LoginThrottles, RedisLoginThrottle, SLOWDOWN_MAX_MS, SLOWDOWN_STEP_MS, slowdownMs } from '../../../src/modules/accounts/login-throttle';
import type * as passwordModule from '../../../src/modules/accounts/password';
import { customerPayload, register, uniqueEmail } from '../../support/fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/** Counts the password checks that reach the slow hash. */
const hashChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/modules/accounts/password', async (importOriginal) => {
  const actual = await importOriginal<typeof passwordModule>();
  return {
    ...actual,
    verifyPassword: (...args: Parameters<typeof actual.verifyPassword>) => {
      hashChecks.count += 1;
      return actual.verifyPassword(...args);
    },
  };
});

const redisUrl = process.env.REDIS_URL;

const second = 1000;
const minute = 60 * second;

/** A throttle of `max` failures per `windowMs` on a clock the test moves by hand. */
function throttleWithClock(max = 3, windowMs = minute) {
  let now = 1_700_000_000_000;
  const throttle = new LoginThrottle(max, windowMs, () => now);
  return {
    throttle,
    advance(ms: number) {
      now += ms;
    },
  };
}

describe('LoginThrottle', () => {
  it('allows attempts while the failures stay below the limit', () => {
    const { throttle, advance } = throttleWithClock(3);
    expect(throttle.retryAfterSeconds(['ada@example.com'])).toBe(0);
    throttle.recordFailure(['ada@example.com']);
    advance(second);
    throttle.recordFailure(['ada@example.com']);
    expect(throttle.retryAfterSeconds(['ada@example.com'])).toBe(0);
  });

  it('blocks once the limit is reached, until the oldest failure leaves the window', () => {
    const { throttle, advance } = throttleWithClock(3, minute);
    throttle.recordFailure(['k']); // t = 0
    advance(10 * second);
    throttle.recordFailure(['k']); // t = 10 s
    advance(10 * second);
    throttle.recordFailure(['k']); // t = 20 s
    expect(throttle.retryAfterSeconds(['k'])).toBe(40);
    advance(30 * second); // t = 50 s
    expect(throttle.retryAfterSeconds(['k'])).toBe(10);
  });

  it('allows again exactly when the window has passed since the oldest counted failure', () => {
    const { throttle, advance } = throttleWithClock(3, minute);
    throttle.recordFailure(['k']);
    throttle.recordFailure(['k']);
    throttle.recordFailure(['k']);
    advance(minute - 1);
    expect(throttle.retryAfterSeconds(['k'])).toBe(1);
    advance(1);
    expect(throttle.retryAfterSeconds(['k'])).toBe(0);
  });

  it('slides the window: a new failure after one expired blocks until the next oldest expires', () => {
    const { throttle, advance } = throttleWithClock(3, minute);
    throttle.recordFailure(['k']); // t = 0
    advance(10 * second);
    throttle.recordFailure(['k']); // t = 10 s
    advance(10 * second);
    throttle.recordFailure(['k']); // t = 20 s
    advance(40 * second); // t = 60 s: the first has expired
    expect(throttle.retryAfterSeconds(['k'])).toBe(0);
    throttle.recordFailure(['k']); // failures at 10, 20, 60 s
    expect(throttle.retryAfterSeconds(['k'])).toBe(10);
  });

  it('waits for enough failures to expire when there are more than the limit', () => {
    const { throttle, advance } = throttleWithClock(3, minute);
    for (let i = 0; i < 5; i += 1) {
      throttle.recordFailure(['k']); // t = 0, 1, 2, 3, 4 s
      advance(second);
    }
    // t = 5 s; the count drops below 3 only when the failure at 2 s expires, at 62 s.
    expect(throttle.retryAfterSeconds(['k'])).toBe(57);
  });

  it('rounds a partial second up so a client never retries too early', () => {
    const { throttle, advance } = throttleWithClock(1, minute);
    throttle.recordFailure(['k']);
    advance(500);
    expect(throttle.retryAfterSeconds(['k'])).toBe(60);
    advance(59 * second + 1);
    expect(throttle.retryAfterSeconds(['k'])).toBe(1);
  });

  it('forgets every failure of a key on reset', () => {
    const { throttle } = throttleWithClock(3);
    for (let i = 0; i < 3; i += 1) throttle.recordFailure(['k']);
    expect(throttle.retryAfterSeconds(['k'])).toBeGreaterThan(0);
    throttle.reset(['k']);
    expect(throttle.retryAfterSeconds(['k'])).toBe(0);
    // The count starts again from zero.
    throttle.recordFailure(['k']);
    throttle.recordFailure(['k']);
    expect(throttle.retryAfterSeconds(['k'])).toBe(0);
  });

  it('counts each key on its own, and reset touches only the keys given', () => {
    const { throttle } = throttleWithClock(2);
    throttle.recordFailure(['a', 'b']);
    throttle.recordFailure(['a', 'b']);
    expect(throttle.retryAfterSeconds(['a'])).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds(['b'])).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds(['c'])).toBe(0);
    throttle.reset(['a']);
    expect(throttle.retryAfterSeconds(['a'])).toBe(0);
    expect(throttle.retryAfterSeconds(['b'])).toBeGreaterThan(0);
  });

  it('answers the longest wait of several keys', () => {
    const { throttle, advance } = throttleWithClock(1, minute);
    throttle.recordFailure(['early']);
    advance(20 * second);
    throttle.recordFailure(['late']);
    expect(throttle.retryAfterSeconds(['early'])).toBe(40);
    expect(throttle.retryAfterSeconds(['late'])).toBe(60);
    expect(throttle.retryAfterSeconds(['early', 'late'])).toBe(60);
    expect(throttle.retryAfterSeconds(['early', 'unknown'])).toBe(40);
  });
});

describe('LoginThrottle memory', () => {
  it('forgets keys whose failures have left the window, so many distinct emails cannot grow it without bound', () => {
    let now = 0;
    const throttle = new LoginThrottle(5, 1000, () => now);
    for (let i = 0; i < 999; i += 1) throttle.recordFailure([`old-${i}`]);
    expect(throttle.size).toBe(999);
    now = 5000;
    throttle.recordFailure(['fresh']);
    expect(throttle.size).toBe(1);
  });
});

describe('LoginThrottle reservations', () => {
  it('counts a reservation as a failure at once, refuses one past the limit without counting it, and takes a released one back', () => {
    const { throttle } = throttleWithClock(3, minute);
    const taken = [throttle.reserve('k'), throttle.reserve('k'), throttle.reserve('k')];
    expect(taken.map((result) => result.isAllowed && result.count)).toEqual([1, 2, 3]);
    expect(throttle.retryAfterSeconds(['k'])).toBe(60);
    expect(throttle.reserve('k')).toEqual({ isAllowed: false, retryAfterSeconds: 60 });
    const [first] = taken;
    if (!first?.isAllowed) throw new Error('the first reservation was refused');
    throttle.release('k', first.id);
    expect(throttle.retryAfterSeconds(['k'])).toBe(0);
    expect(throttle.reserve('k').isAllowed).toBe(true);
    expect(throttle.reserve('k').isAllowed).toBe(false);
  });

  it('gives back what the other limits counted when one refuses, so a refused attempt is no failure', async () => {
    const [pair, address, email] = [new LoginThrottle(5, minute), new LoginThrottle(1, minute), new LoginThrottle(10, minute)];
    const throttles = new LoginThrottles(pair, address, email, 5);
    const first = await throttles.begin('ada@example.com', '10.1.1.1');
    expect(first.isAllowed).toBe(true);
    const refused = await throttles.begin('grace@example.com', '10.1.1.1');
    expect(refused).toEqual({ isAllowed: false, retryAfterSeconds: 60 });
    expect(pair.retryAfterSeconds(['10.1.1.1/grace@example.com'])).toBe(0);
    expect(pair.size).toBe(1);
    expect(email.size).toBe(1);
  });
});

describe('the per-email slowdown', () => {
  it('adds nothing up to the threshold, then a step per failure past it, up to a cap', () => {
    expect(slowdownMs(0, 100)).toBe(0);
    expect(slowdownMs(99, 100)).toBe(0);
    expect(slowdownMs(100, 100)).toBe(SLOWDOWN_STEP_MS);
    expect(slowdownMs(101, 100)).toBe(2 * SLOWDOWN_STEP_MS);
    expect(slowdownMs(100_000, 100)).toBe(SLOWDOWN_MAX_MS);
    expect(SLOWDOWN_MAX_MS).toBeLessThanOrEqual(5000);
  });
});

type LoginApp = Pick<TestApp, 'app'>;
const login = (t: LoginApp, email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
const statuses = (responses: { statusCode: number }[]) => responses.map((response) => response.statusCode).sort();
const countOf = (codes: number[], code: number) => codes.filter((value) => value === code).length;

describe('sign-in limits through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A slower hash (16 MiB) keeps concurrent guesses in flight together, as the production cost does.
    t = await createTestApp('pglite', { PASSWORD_COST: '14' });
  });
  afterAll(() => t?.close());

  it('checks at most 5 of 30 concurrent wrong passwords for one account from one address against the hash', async () => {
    expect(t.config.loginThrottle.maxFailures).toBe(5);
    const payload = customerPayload();
    await register(t.app, payload);
    hashChecks.count = 0;
    const codes = statuses(await Promise.all(Array.from({ length: 30 }, (_, i) => login(t, payload.email, `wrong ${i} password`, '10.50.0.1'))));
    expect(hashChecks.count).toBe(5);
    expect(countOf(codes, 401)).toBe(5);
    expect(countOf(codes, 429)).toBe(25);
  });

  it('lets the owner in from another address after an attacker failed 50 times for that email from one address', async () => {
    const victim = customerPayload();
    await register(t.app, victim);
    const attacker = '10.50.0.2';
    const codes: number[] = [];
    for (let i = 0; i < 50; i += 1) codes.push((await login(t, victim.email, `guess ${i} guess`, attacker)).statusCode);
    expect(countOf(codes, 401)).toBe(5);
    expect(countOf(codes, 429)).toBe(45);
    expect((await login(t, victim.email, victim.password, '10.50.0.3')).statusCode).toBe(200);
    // The owner's success elsewhere does not free the attacker's address.
    expect((await login(t, victim.email, 'one more guess', attacker)).statusCode).toBe(429);
  });

  it('refuses an address past 20 failures over any emails, concurrent or not, and no other address', async () => {
    expect(t.config.loginThrottle.maxFailuresPerAddress).toBe(20);
    const payload = customerPayload();
    await register(t.app, payload);
    const sprayer = '10.50.0.4';
    hashChecks.count = 0;
    const codes = statuses(await Promise.all(Array.from({ length: 40 }, () => login(t, uniqueEmail('spray'), 'spray spray spray', sprayer))));
    expect(countOf(codes, 401)).toBe(20);
    expect(countOf(codes, 429)).toBe(20);
    expect(hashChecks.count).toBe(20);
    const limited = await login(t, payload.email, payload.password, sprayer);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, payload.email, payload.password, '10.50.0.5')).statusCode).toBe(200);
  });
});

describe('the per-email slowdown through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { LOGIN_SLOWDOWN_AFTER_EMAIL_FAILURES: '4' });
  });
  afterAll(() => t?.close());

  it('delays, and never refuses, the owner of an email guessed from many addresses', async () => {
    const victim = customerPayload();
    await register(t.app, victim);
    // Six failures from three addresses: no (email, address) pair reaches its limit of 5.
    for (const address of ['10.60.0.1', '10.60.0.2', '10.60.0.3']) {
      for (let i = 0; i < 2; i += 1) expect((await login(t, victim.email, `guess ${i} guess`, address)).statusCode).toBe(401);
    }
    // Six failures, two past the threshold of 4: this attempt waits three steps.
    const started = performance.now();
    const response = await login(t, victim.email, victim.password, '10.60.0.9');
    expect(response.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * SLOWDOWN_STEP_MS - 20);
  });
});

describe.skipIf(!redisUrl)('sign-in limits shared through Redis', () => {
  const prefix = () => `coride-test:${randomUUID()}:`;

  it('reserves atomically: of 30 concurrent reservations on two connections, exactly the limit are allowed', async () => {
    const [one, two] = [await connectRedis(redisUrl!, 'coride-test'), await connectRedis(redisUrl!, 'coride-test')];
    try {
      const keys = prefix();
      const errors: unknown[] = [];
      const throttles = [
        new RedisLoginThrottle(one, keys, 5, minute, (error) => errors.push(error)),
        new RedisLoginThrottle(two, keys, 5, minute, (error) => errors.push(error)),
      ];
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => throttles[i % 2]!.reserve('ada@example.com')));
      expect(results.filter((result) => result.isAllowed)).toHaveLength(5);
      expect(
        results.filter((result) => !result.isAllowed).every((result) => !result.isAllowed && result.retryAfterSeconds > 0 && result.retryAfterSeconds <= 60),
      ).toBe(true);
      const allowed = results.find((result) => result.isAllowed);
      if (!allowed?.isAllowed) throw new Error('nothing was allowed');
      await throttles[1]!.release('ada@example.com', allowed.id);
      expect(await throttles[0]!.retryAfterSeconds(['ada@example.com'])).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      one.disconnect();
      two.disconnect();
    }
  });

  it('checks at most 5 of 30 concurrent wrong passwords sent to two instances against the hash', async () => {
    const shared = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix(), PASSWORD_COST: '14' };
    const [a, b] = await Promise.all([createTestApp('pglite', shared), createTestApp('pglite', shared)]);
    try {
      const payload = customerPayload();
      // Each test app has a database of its own: the account exists on both, as with one shared database.
      await Promise.all([register(a.app, payload), register(b.app, payload)]);
      hashChecks.count = 0;
      const codes = statuses(await Promise.all(Array.from({ length: 30 }, (_, i) => login(i % 2 ? a : b, payload.email, `wrong ${i} password`, '10.70.0.1'))));
      expect(hashChecks.count).toBe(5);
      expect(countOf(codes, 401)).toBe(5);
      expect(countOf(codes, 429)).toBe(25);
      // The owner elsewhere is let in, on either instance.
      expect((await login(b, payload.email, payload.password, '10.70.0.2')).statusCode).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../src/config';
import { connectRedis } from '../../src/lib/redis';
import { RedisWindows } from '../../src/lib/rate-limit';
import { customerPayload, uniqueEmail } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, book, rider, TEST_CARD, type Person } from '../support/world';

/**
 * Contract §4's rate limits with their real values (the shared test config raises them, since most
 * suites sign up everyone from 127.0.0.1), and the client address they count behind a proxy.
 */
const realLimits = { SIGNUP_RATE_LIMIT_PER_HOUR: '30', CARD_RATE_LIMIT_PER_HOUR: '10', BOOKING_RATE_LIMIT_PER_HOUR: '20' };
const hour = 3600;

function expectRateLimited(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(response.statusCode).toBe(429);
  const body = apiErrorSchema.strict().parse(response.json());
  expect(body.code).toBe('RATE_LIMITED');
  expect(body.error.length).toBeGreaterThan(0);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(hour);
}

const signUp = (t: Pick<TestApp, 'app'>, headers: Record<string, string> = {}, remoteAddress = '10.80.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/register', payload: customerPayload(), remoteAddress, headers });

describe('rate limits with the contract values', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', realLimits);
  });
  afterAll(() => t?.close());

  it('has the contract defaults when nothing is configured', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      signUpsPerHour: 30,
      cardsPerHour: 10,
      bookingsPerHour: 20,
      passwordResetsPerHour: 10,
      passwordResetsPerEmailHour: 3,
      verificationMailsPerHour: 5,
      sharedTripViewsPerHour: 1500,
      geoLookupsPerHour: 1200,
    });
    expect(loadConfig({}).loginThrottle).toMatchObject({ maxFailures: 5, maxFailuresPerAddress: 20, slowdownAfterEmailFailures: 100, windowMs: 15 * 60_000 });
  });

  it('answers the 31st sign-up in an hour from one address with 429 and Retry-After, and not another address', async () => {
    for (let i = 0; i < 30; i += 1) expect((await signUp(t, {}, '10.80.0.1')).statusCode).toBe(201);
    expectRateLimited(await signUp(t, {}, '10.80.0.1'));
    expect((await signUp(t, {}, '10.80.0.2')).statusCode).toBe(201);
  });

  it('counts a sign-up with a taken email too: it costs the same password hash', async () => {
    const payload = customerPayload();
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: '10.80.0.3' });
    expect((await attempt()).statusCode).toBe(201);
    for (let i = 0; i < 29; i += 1) expect((await attempt()).statusCode).toBe(409);
    expectRateLimited(await attempt());
  });

  it('answers the 11th card added in an hour by one user with 429, and not another user', async () => {
    const [ada, grace] = [await rider(t.app, { card: null }), await rider(t.app, { card: null })];
    const addCard = (person: Person) => api.post(t.app, '/api/payment-methods', person, { cardNumber: TEST_CARD, expiryDate: '12/39', cvc: '123' });
    for (let i = 0; i < 10; i += 1) expect((await addCard(ada)).statusCode).toBe(201);
    expectRateLimited(await addCard(ada));
    expect((await addCard(grace)).statusCode).toBe(201);
  });

  it('answers the 21st booking attempt in an hour by one user with 429, whatever the earlier ones answered, and not another user', async () => {
    const [ada, grace] = [await rider(t.app), await rider(t.app)];
    // The first books; the rest meet the one-active-ride rule (409): attempts count, since each may place a card hold.
    const outcomes = [];
    for (let i = 0; i < 20; i += 1) outcomes.push((await book(t.app, ada)).statusCode);
    expect(outcomes).not.toContain(429);
    expectRateLimited(await book(t.app, ada));
    expect((await book(t.app, grace)).statusCode).not.toBe(429);
  });

  it('does not count a request refused as invalid before any work is done', async () => {
    const person = await rider(t.app, { card: null });
    const addCard = () => api.post(t.app, '/api/payment-methods', person, { cardNumber: TEST_CARD, expiryDate: '12/39', cvc: '123' });
    for (let i = 0; i < 15; i += 1) expect((await api.post(t.app, '/api/payment-methods', person, { cardNumber: 'nope' })).statusCode).toBe(400);
    for (let i = 0; i < 10; i += 1) expect((await addCard()).statusCode).toBe(201);
    expectRateLimited(await addCard());
  });
});

describe('TRUST_PROXY', () => {
  it('reads false, true (one hop), a hop count and a list of proxy addresses or CIDRs, and refuses anything else', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,fd00::/8, loopback')).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback']);
    for (const wrong of ['maybe', '10.0.0.0/33', '10.0.0/8', '1.2.3.4/8/8', '']) expect(parseTrustProxy(wrong)).toBeUndefined();
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'example.com' })).toThrow(/TRUST_PROXY/);
  });

  describe('true: one proxy in front', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', { TRUST_PROXY: 'true', SIGNUP_RATE_LIMIT_PER_HOUR: '2' });
    });
    afterAll(() => t?.close());
    const proxy = '10.0.0.2';

    it('counts sign-ups by the right-most X-Forwarded-For entry, so forging the first entry dodges nothing', async () => {
      for (let i = 0; i < 2; i += 1) expect((await signUp(t, { 'x-forwarded-for': `6.6.6.${i}, 1.2.3.4` }, proxy)).statusCode).toBe(201);
      expectRateLimited(await signUp(t, { 'x-forwarded-for': '6.6.6.99, 1.2.3.4' }, proxy));
      expectRateLimited(await signUp(t, { 'x-forwarded-for': '1.2.3.4' }, proxy));
      // Another client behind the same proxy has a count of its own.
      expect((await signUp(t, { 'x-forwarded-for': '1.2.3.4, 5.6.7.8' }, proxy)).statusCode).toBe(201);
    });

    it('keeps the per-address sign-in limit on the real client while it rotates a forged first entry', async () => {
      const codes = [];
      for (let i = 0; i < 21; i += 1) {
        const forged = `7.7.${Math.floor(i / 250)}.${(i % 250) + 1}`;
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: uniqueEmail('spray'), password: 'spray spray spray' },
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': `${forged}, 9.9.9.9` },
        });
        codes.push(response.statusCode);
      }
      expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(codes[20]).toBe(429);
    });
  });

  describe('a list of proxies', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', { TRUST_PROXY: '10.0.0.0/8', SIGNUP_RATE_LIMIT_PER_HOUR: '1' });
    });
    afterAll(() => t?.close());

    it('believes X-Forwarded-For only from a listed proxy, and then the right-most entry no listed proxy wrote', async () => {
      // Through two listed proxies: the client is the address the outer one saw.
      expect((await signUp(t, { 'x-forwarded-for': '6.6.6.6, 1.2.3.4, 10.1.1.1' }, '10.0.0.2')).statusCode).toBe(201);
      // A peer that is no proxy: its header is ignored and it is counted as itself.
      expect((await signUp(t, { 'x-forwarded-for': '1.2.3.4' }, '203.0.113.5')).statusCode).toBe(201);
      expectRateLimited(await signUp(t, { 'x-forwarded-for': '5.5.5.5' }, '203.0.113.5'));
      expectRateLimited(await signUp(t, { 'x-forwarded-for': '1.2.3.4' }, '10.0.0.3'));
    });
  });
});

describe.skipIf(!process.env.REDIS_URL)('rate limits shared through Redis', () => {
  it('count the sign-ups of one address on every instance together', async () => {
    const shared = { ...realLimits, SIGNUP_RATE_LIMIT_PER_HOUR: '2', REDIS_URL: process.env.REDIS_URL!, REDIS_KEY_PREFIX: `coride-test:${randomUUID()}:` };
    const [a, b] = await Promise.all([createTestApp('pglite', shared), createTestApp('pglite', shared)]);
    try {
      expect((await signUp(a, {}, '10.90.0.1')).statusCode).toBe(201);
      expect((await signUp(b, {}, '10.90.0.1')).statusCode).toBe(201);
      expectRateLimited(await signUp(a, {}, '10.90.0.1'));
      expectRateLimited(await signUp(b, {}, '10.90.0.1'));
      expect((await signUp(b, {}, '10.90.0.2')).statusCode).toBe(201);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('take atomically: of 25 concurrent events on one key, exactly the limit are counted', async () => {
    const redis = await connectRedis(process.env.REDIS_URL!, 'coride-test');
    try {
      const errors: unknown[] = [];
      const windows = new RedisWindows(redis, `coride-test:${randomUUID()}:`, (error) => errors.push(error));
      const results = await Promise.all(Array.from({ length: 25 }, () => windows.take('k', 10, 60_000)));
      expect(results.filter((result) => result.isAllowed)).toHaveLength(10);
      expect(errors).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it('fail open when Redis is unreachable: the error is reported and the request allowed', async () => {
    const redis = await connectRedis(process.env.REDIS_URL!, 'coride-test');
    redis.disconnect();
    const errors: unknown[] = [];
    const windows = new RedisWindows(redis, `coride-test:${randomUUID()}:`, (error) => errors.push(error));
    expect((await windows.take('k', 1, 60_000)).isAllowed).toBe(true);
    expect((await windows.take('k', 1, 60_000)).isAllowed).toBe(true);
    expect(errors).toHaveLength(2);
  });
});

describe('the address lookup limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { GEO_RATE_LIMIT_PER_HOUR: '5' });
  });
  afterAll(() => t?.close());

  it('counts type-ahead, geocoding and reverse geocoding together per user, and answers the one past the limit with 429', async () => {
    const [ada, grace] = [await rider(t.app), await rider(t.app)];
    const lookups = [
      '/api/geo/suggest?q=grand%20cen',
      '/api/geocode?q=Times%20Square',
      '/api/geocode/reverse?lat=40.758&lng=-73.9855',
      '/api/geo/suggest?q=penn',
      '/api/geo/suggest?q=union',
    ];
    for (const url of lookups) expect((await api.get(t.app, url, ada)).statusCode, url).toBe(200);
    expectRateLimited(await api.get(t.app, '/api/geocode/reverse?lat=40.758&lng=-73.9855', ada));
    expectRateLimited(await api.get(t.app, '/api/geo/suggest?q=grand', ada));
    expect((await api.get(t.app, '/api/geo/suggest?q=grand', grace)).statusCode).toBe(200);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as accountsRepo from '../../../src/modules/accounts/repository';
import { customerPayload, register } from '../../support/fixtures';
import { redisUrl } from '../../support/redis';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import { api, eventually, expectOk, rider, type Person } from '../../support/world';

/*
 * The session cache (docs/decisions/016-session-cache.md) as the API shows it: a checked token is
 * served without reading the database, and every way a sign-in ends or a user changes is seen at once
 * on this instance, and within a second on another one sharing the PostgreSQL database and Redis.
 */

const HOUR_MS = 3600_000;
/** Far longer than any wait here: a token refused within the test was dropped, not aged out. */
const LONG_TTL = { SESSION_CACHE_TTL_MS: '120000' };

/** Counts the database reads of sessions (the cache's misses) from here on. */
function countSessionReads() {
  return vi.spyOn(accountsRepo, 'findActiveSession');
}

const me = (app: TestApp['app'], person: Person) => api.get(app, '/api/users/me', person);

describe.each(sharedBackends)('the session cache on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-11-20T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(backend, LONG_TTL, () => clock);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(() => t?.close());

  it('serves a token it has checked without reading the database again', async () => {
    const person = await rider(t.app, { card: null });
    const reads = countSessionReads();
    expect((await me(t.app, person)).statusCode).toBe(200);
    expect(reads).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i += 1) expect((await me(t.app, person)).statusCode).toBe(200);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('refuses a token at once after its logout, although it was cached', async () => {
    const person = await rider(t.app, { card: null });
    expect((await me(t.app, person)).statusCode).toBe(200);
    const reads = countSessionReads();
    expect((await me(t.app, person)).statusCode).toBe(200);
    expect(reads).not.toHaveBeenCalled();

    expect((await api.post(t.app, '/api/logout', person)).statusCode).toBe(200);
    expect((await me(t.app, person)).statusCode).toBe(401);
    // Refused by the database: the logout dropped the cached entry.
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('refuses a cached token once its session has expired, without asking the database', async () => {
    const person = await rider(t.app, { card: null });
    expect((await me(t.app, person)).statusCode).toBe(200);
    const reads = countSessionReads();
    clock = new Date(clock.getTime() + t.config.sessionTtlMs + HOUR_MS);
    try {
      expect((await me(t.app, person)).statusCode).toBe(401);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      clock = new Date(clock.getTime() - t.config.sessionTtlMs - HOUR_MS);
    }
  });

  it('revokeAllSessionsOf refuses every cached token of the user, and only theirs', async () => {
    const payload = customerPayload();
    const registered = await register(t.app, payload);
    const first: Person = { id: registered.user.id, token: registered.token };
    const login = await expectOk<{ token: string }>(
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: payload.email, password: payload.password } }),
    );
    const second: Person = { id: registered.user.id, token: login.token };
    const someoneElse = await rider(t.app, { card: null });
    for (const person of [first, second, someoneElse]) expect((await me(t.app, person)).statusCode).toBe(200);

    await t.app.services.accounts.revokeAllSessionsOf(first.id);
    expect((await me(t.app, first)).statusCode).toBe(401);
    expect((await me(t.app, second)).statusCode).toBe(401);
    expect((await me(t.app, someoneElse)).statusCode).toBe(200);
  });

  it('serves the users row as changed after the rewards module gives the rider a referral code', async () => {
    const person = await rider(t.app, { card: null });
    const before = await t.app.services.accounts.authenticate(person.token);
    expect(before?.user.referralCode).toBeNull();
    const overview = await expectOk<{ referral: { code: string } }>(await api.get(t.app, '/api/rewards', person));
    const after = await t.app.services.accounts.authenticate(person.token);
    expect(after?.user.referralCode).toBe(overview.referral.code);
  });

  it('never caches an unknown token, so made-up tokens cannot push a real one out', async () => {
    const person = await rider(t.app, { card: null });
    expect((await me(t.app, person)).statusCode).toBe(200);
    const stranger: Person = { id: person.id, token: 'not-a-token-anyone-was-given' };
    const reads = countSessionReads();
    for (let i = 0; i < 3; i += 1) expect((await me(t.app, stranger)).statusCode).toBe(401);
    expect(reads).toHaveBeenCalledTimes(3);
    expect((await me(t.app, person)).statusCode).toBe(200);
    expect(reads).toHaveBeenCalledTimes(3);
  });
});

describe.each(sharedBackends)('with the session cache off on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { SESSION_CACHE_MAX: '0' });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(() => t?.close());

  it('reads the session on every request', async () => {
    const person = await rider(t.app, { card: null });
    const reads = countSessionReads();
    for (let i = 0; i < 3; i += 1) expect((await me(t.app, person)).statusCode).toBe(200);
    expect(reads).toHaveBeenCalledTimes(3);
  });
});

describe.runIf(process.env.DATABASE_URL && redisUrl)('the session cache across two instances on one PostgreSQL and one Redis', () => {
  let t: TestApp;
  let b: Awaited<ReturnType<TestApp['twin']>>;

  beforeAll(async () => {
    t = await createTestApp('postgres+redis', LONG_TTL);
    b = await t.twin();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await b?.closeTwin();
    await t?.close();
  });

  /** A rider whose token both instances have checked, and instance B now serves from its cache. */
  async function cachedOnBoth(): Promise<Person> {
    const person = await rider(t.app, { card: null });
    expect((await me(t.app, person)).statusCode).toBe(200);
    expect((await me(b, person)).statusCode).toBe(200);
    const reads = countSessionReads();
    expect((await me(b, person)).statusCode).toBe(200);
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
    return person;
  }

  it('a logout on instance A is refused on instance B within a second, because B dropped its cached entry', async () => {
    const person = await cachedOnBoth();
    expect((await api.post(t.app, '/api/logout', person)).statusCode).toBe(200);
    const started = Date.now();
    await eventually(async () => expect((await me(b, person)).statusCode).toBe(401), { timeoutMs: 1000, everyMs: 10 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a revocation written to the database without being announced is still served by B from its cache (the TTL bounds it)', async () => {
    // The control for the test above: B's cache really answers, so only the announcement made B refuse.
    const person = await cachedOnBoth();
    const session = await t.app.services.accounts.authenticate(person.token);
    await accountsRepo.revokeSession(t.database.db, session!.sessionId, new Date());
    expect((await me(b, person)).statusCode).toBe(200);
    // A announces it now, as every revocation through the accounts service does.
    t.app.services.hub.endSessions([session!.sessionId]);
    await eventually(async () => expect((await me(b, person)).statusCode).toBe(401), { timeoutMs: 1000, everyMs: 10 });
  });

  it('revokeAllSessionsOf on A is refused on B within a second', async () => {
    const person = await cachedOnBoth();
    await t.app.services.accounts.revokeAllSessionsOf(person.id);
    await eventually(async () => expect((await me(b, person)).statusCode).toBe(401), { timeoutMs: 1000, everyMs: 10 });
  });

  it('a user changed on A is read again from the database by B within a second', async () => {
    const person = await cachedOnBoth();
    const reads = countSessionReads();
    t.app.services.accounts.userChanged(person.id);
    await eventually(
      async () => {
        expect((await me(b, person)).statusCode).toBe(200);
        expect(reads).toHaveBeenCalled();
      },
      { timeoutMs: 1000, everyMs: 10 },
    );
  });
});

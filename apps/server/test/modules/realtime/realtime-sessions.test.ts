import { randomUUID } from 'node:crypto';
import type { ServerMessage } from '@coride/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { AppInstance } from '../../../src/app';
import { driverOnlineSessions } from '../../../src/db/schema';
import { CLOSE_TOO_MANY_MESSAGES, CLOSE_UNAUTHENTICATED } from '../../../src/modules/realtime/routes';
import { customerPayload, register } from '../../support/fixtures';
import { connectAs, listen, TestSocket, SocketPool } from '../../support/realtime';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, expectOk, HERALD_SQUARE, onlineDriver, rider, signInAdmin, type Person } from '../../support/world';

/** A WebSocket lives no longer than the session it authenticated with, and leaves nothing behind in the hub. */

const supportAnswer = (answer: string): ServerMessage => ({ type: 'support_answer', ticketId: randomUUID(), conversationId: randomUUID(), answer });

/** The close code, if the socket closes within `ms`; fails otherwise. */
async function closedWithin(socket: TestSocket, ms: number): Promise<{ code: number; reason: string }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`socket still open ${ms} ms later`)), ms);
  });
  try {
    return await Promise.race([socket.closed, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A user with two sessions (two sign-ins), as on a phone and a laptop. */
async function personWithTwoSessions(app: AppInstance): Promise<{ id: string; first: Person; second: Person }> {
  const payload = customerPayload();
  const registered = await register(app, payload);
  const login = await expectOk<{ token: string }>(
    await app.inject({ method: 'POST', url: '/api/login', payload: { email: payload.email, password: payload.password } }),
  );
  return { id: registered.user.id, first: { id: registered.user.id, token: registered.token }, second: { id: registered.user.id, token: login.token } };
}

/** Counts the token checks still running, so a test knows when no late subscription can come. */
function countPendingAuthentications(app: AppInstance): { pending: () => number; restore: () => void } {
  const accounts = app.services.accounts;
  const authenticate = accounts.authenticate.bind(accounts);
  let pending = 0;
  const spy = vi.spyOn(accounts, 'authenticate').mockImplementation(async (token) => {
    pending += 1;
    try {
      return await authenticate(token);
    } finally {
      pending -= 1;
    }
  });
  return { pending: () => pending, restore: () => spy.mockRestore() };
}

describe.each(backends)('realtime sessions on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let admin: Person;
  let clock = new Date('2026-11-20T12:00:00Z');
  const pool = new SocketPool(() => url);

  beforeAll(async () => {
    t = await createTestApp(backend, {}, () => clock);
    url = await listen(t.app);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await pool.closeAll();
  });
  afterAll(() => t?.close());

  const open = () => pool.open();
  const signedIn = (person: Person) => pool.signedIn(person);

  it('closes the socket of a session with code 4401 within a second of its logout; the same user’s other session keeps its socket and its events', async () => {
    const person = await personWithTwoSessions(t.app);
    const [loggingOut, staying] = [await signedIn(person.first), await signedIn(person.second)];
    t.app.services.hub.publish(person.id, supportAnswer('before'));
    expect((await loggingOut.next('support_answer')).answer).toBe('before');
    expect((await staying.next('support_answer')).answer).toBe('before');

    expect((await api.post(t.app, '/api/logout', person.first)).statusCode).toBeLessThan(300);
    expect((await closedWithin(loggingOut, 1000)).code).toBe(CLOSE_UNAUTHENTICATED);

    t.app.services.hub.publish(person.id, supportAnswer('after'));
    expect((await staying.next('support_answer')).answer).toBe('after');
    expect(loggingOut.unread()).toEqual([]);
    await staying.sync();
  });

  it('closes a socket whose session is revoked while its token is being checked, and never says auth_ok', async () => {
    const person = await rider(t.app);
    const accounts = t.app.services.accounts;
    const authenticate = accounts.authenticate.bind(accounts);
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let checked = () => undefined as void;
    const isChecked = new Promise<void>((resolve) => (checked = resolve));
    // The socket's token check reads the session as still valid, then waits while the logout goes through.
    vi.spyOn(accounts, 'authenticate').mockImplementationOnce(async (token) => {
      const found = await authenticate(token);
      checked();
      await gate;
      return found;
    });
    const socket = await open();
    socket.send({ type: 'auth', token: person.token });
    await isChecked;
    expect((await api.post(t.app, '/api/logout', person)).statusCode).toBeLessThan(300);
    release();

    expect((await closedWithin(socket, 1000)).code).toBe(CLOSE_UNAUTHENTICATED);
    expect(socket.unread('auth_ok')).toEqual([]);
    await vi.waitFor(async () => expect(await t.app.services.hub.isConnected(person.id)).toBe(false));
  });

  it('answers a second auth frame, sent before or after auth_ok, with an error and subscribes the socket once', async () => {
    const hub = t.app.services.hub;
    await vi.waitFor(() => expect(hub.subscriptionCount()).toBe(0));
    const [person, someoneElse] = [await rider(t.app), await rider(t.app)];
    const socket = await open();
    socket.send({ type: 'auth', token: person.token });
    socket.send({ type: 'auth', token: someoneElse.token });
    expect(await socket.next('auth_ok')).toEqual({ type: 'auth_ok', userId: person.id, role: 'customer' });
    expect(await socket.next('error')).toMatchObject({ code: 'CONFLICT' });

    socket.send({ type: 'auth', token: someoneElse.token });
    expect(await socket.next('error')).toMatchObject({ code: 'CONFLICT' });
    await socket.sync();
    expect(socket.unread('auth_ok')).toEqual([]);
    expect(hub.subscriptionCount()).toBe(1);
    expect(await hub.isConnected(someoneElse.id)).toBe(false);

    hub.publish(person.id, supportAnswer('once'));
    hub.publish(someoneElse.id, supportAnswer('not yours'));
    await socket.sync();
    expect(socket.unread('support_answer')).toEqual([expect.objectContaining({ answer: 'once' })]);
  });

  it('closes a socket past its budget of messages with code 1008', async () => {
    const socket = await signedIn(await rider(t.app));
    for (let i = 0; i < 100; i += 1) socket.send({ type: 'ping' });
    expect((await closedWithin(socket, 1000)).code).toBe(CLOSE_TOO_MANY_MESSAGES);
    expect(socket.unread('pong').length).toBeLessThan(100);
  });

  it(
    'leaves no subscription behind after 1,000 sockets that each send auth twice and close, and still ends the driver’s online session',
    { timeout: 120_000 },
    async () => {
      const hub = t.app.services.hub;
      const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
      const person = await rider(t.app);
      await vi.waitFor(() => expect(hub.subscriptionCount()).toBe(0));
      const authentications = countPendingAuthentications(t.app);

      for (let batch = 0; batch < 10; batch += 1) {
        await Promise.all(
          Array.from({ length: 100 }, async (_, index) => {
            const n = batch * 100 + index;
            const socket = await TestSocket.open(url);
            const token = n % 2 === 0 ? driver.token : person.token;
            socket.send({ type: 'auth', token });
            socket.send({ type: 'auth', token });
            // Half close while their tokens are still being checked, half once authenticated.
            if (n % 4 >= 2) await socket.next('auth_ok');
            await socket.close();
          }),
        );
      }

      await vi.waitFor(() => expect(authentications.pending()).toBe(0), { timeout: 20_000 });
      // What follows a finished token check (subscribing or not) runs within a few event-loop turns.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await vi.waitFor(() => expect(hub.subscriptionCount()).toBe(0), { timeout: 5000 });
      expect(await hub.isConnected(driver.id)).toBe(false);
      expect(await hub.isConnected(person.id)).toBe(false);
      await vi.waitFor(
        async () => {
          const sessions = await t.database.db.select().from(driverOnlineSessions).where(eq(driverOnlineSessions.driverId, driver.id));
          expect(sessions.length).toBeGreaterThan(0);
          expect(sessions.filter((session) => session.endedAt === null)).toEqual([]);
        },
        { timeout: 10_000 },
      );
    },
  );

  // Last: it moves the clock a month on (every other test registers its people at the clock of its time).
  it('closes a socket once its session expires, and keeps the one of a session still valid', async () => {
    const expiring = await rider(t.app);
    const expiringSocket = await signedIn(expiring);
    clock = new Date(clock.getTime() + t.config.sessionTtlMs - 60_000);
    const valid = await rider(t.app);
    const validSocket = await signedIn(valid);
    clock = new Date(clock.getTime() + 61_000);

    // Sessions are compared with the clock every second.
    expect((await closedWithin(expiringSocket, 2500)).code).toBe(CLOSE_UNAUTHENTICATED);
    await validSocket.sync();
    t.app.services.hub.publish(valid.id, supportAnswer('still here'));
    expect((await validSocket.next('support_answer')).answer).toBe('still here');
  });
});

describe('the realtime heartbeat', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp(backends[0]!, { WS_HEARTBEAT_MS: '100' });
    url = await listen(t.app);
  });
  afterAll(() => t?.close());

  it('drops a connection that stops answering pings, and keeps one that answers', async () => {
    const person = await rider(t.app);
    const answering = await connectAs(url, person.token);
    // A client whose pongs never come back: a half-open connection, as after a lost network.
    const silent = new WebSocket(url, { autoPong: false });
    const silentClosed = new Promise<number>((resolve) => silent.on('close', (code) => resolve(code)));
    await new Promise((resolve) => silent.once('open', resolve));
    silent.send(JSON.stringify({ type: 'auth', token: person.token }));

    // Terminated, not closed: 1006, no close frame.
    expect(await silentClosed).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await answering.sync();
    await answering.close();
  });
});

describe.runIf(process.env.REDIS_URL && process.env.DATABASE_URL)('realtime sessions across two instances on one Redis and one PostgreSQL', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['twin']>>;
  beforeAll(async () => {
    t = await createTestApp('postgres', { REDIS_URL: process.env.REDIS_URL!, REDIS_KEY_PREFIX: `coride-test:${randomUUID()}:` });
    other = await t.twin();
  });
  afterAll(async () => {
    await other?.closeTwin();
    await t?.close();
  });

  it('closes a socket on one instance within a second of its session’s logout through the other', async () => {
    const person = await personWithTwoSessions(t.app);
    const url = await listen(t.app);
    const [loggingOut, staying] = [await connectAs(url, person.first.token), await connectAs(url, person.second.token)];
    try {
      expect((await api.post(other, '/api/logout', person.first)).statusCode).toBeLessThan(300);
      expect((await closedWithin(loggingOut, 1000)).code).toBe(CLOSE_UNAUTHENTICATED);

      // Published on the instance that logged out: only the other session's socket hears it.
      other.services.hub.publish(person.id, supportAnswer('after'));
      expect((await staying.next('support_answer')).answer).toBe('after');
      expect(loggingOut.unread()).toEqual([]);
      expect(t.app.services.hub.subscriptionCount()).toBe(1);
    } finally {
      await Promise.all([loggingOut.close(), staying.close()]);
    }
  });
});

import { randomUUID } from 'node:crypto';
import type { Ride, ServerMessage } from '@coride/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../src/lib/redis';
import { RedisLoginThrottle } from '../src/modules/accounts/login-throttle';
import { RedisHub } from '../src/modules/realtime/redis-hub';
import { customerPayload, register, uniqueEmail } from './support/fixtures';
import { connectAs, listen, type TestSocket } from './support/realtime';
import { createTestApp, type TestApp } from './support/test-app';
import { api, approvedLicensee, book, expectOk, HERALD_SQUARE, onlineDriver, PENN_STATION, rider, signInAdmin, TIMES_SQUARE } from './support/world';

/**
 * What several API instances share through Redis (REDIS_URL; .ci/run sets it). Every test uses a key
 * prefix of its own, so runs in parallel never see each other's counters or messages.
 */
const redisUrl = process.env.REDIS_URL;
const prefix = () => `coride-test:${randomUUID()}:`;
const quietLog = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

/** A message recorder standing in for a WebSocket connection. */
function recorder() {
  const received: ServerMessage[] = [];
  return { received, send: (message: ServerMessage) => void received.push(message) };
}

/** Waits until `condition` holds (messages cross Redis asynchronously), or fails after 5 s. */
async function eventually(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pong: ServerMessage = { type: 'pong' };

describe.skipIf(!redisUrl)('Redis-shared state across instances', () => {
  const connections: Redis[] = [];
  const hubs: RedisHub[] = [];
  const connect = async () => {
    const connection = await connectRedis(redisUrl!, 'coride-test');
    connections.push(connection);
    return connection;
  };
  const startHub = async (channel: string) => {
    const hub = await RedisHub.start(await connect(), await connect(), channel, quietLog);
    hubs.push(hub);
    return hub;
  };
  afterAll(async () => {
    await Promise.all(hubs.map((hub) => hub.close()));
    for (const connection of connections) connection.disconnect();
  });

  describe('the realtime hub', () => {
    it("delivers a message published on one instance to the user's connections on every instance, once each", async () => {
      const channel = `${prefix()}realtime`;
      const [a, b] = [await startHub(channel), await startHub(channel)];
      const [onA, onB, otherUser] = [recorder(), recorder(), recorder()];
      a.subscribe('user-1', onA);
      b.subscribe('user-1', onB);
      b.subscribe('user-2', otherUser);

      a.publish('user-1', pong);
      // The local connection has it at once; the other instance through Redis.
      expect(onA.received).toEqual([pong]);
      await eventually(() => onB.received.length === 1);
      expect(onB.received).toEqual([pong]);

      // A marker message proves the first has been fully handled: no echo came back to A, and the
      // other user heard nothing.
      b.publish('user-1', { type: 'pong' });
      await eventually(() => onA.received.length === 2);
      expect(onA.received).toHaveLength(2);
      expect(onB.received).toHaveLength(2);
      expect(otherUser.received).toEqual([]);
      // Without a registry of connections, a hub knows only its own subscriptions.
      expect(await a.isConnected('user-2')).toBe(false);
      expect(await b.isConnected('user-2')).toBe(true);
    });

    it('keeps the order of one instance’s messages, and stops delivering once a subscriber leaves', async () => {
      const channel = `${prefix()}realtime`;
      const [a, b] = [await startHub(channel), await startHub(channel)];
      const onB = recorder();
      const leave = b.subscribe('rider', onB);
      const messages: ServerMessage[] = Array.from({ length: 50 }, (_, index) => ({ type: 'error', error: `message ${index}`, code: 'BAD_REQUEST' }));
      for (const message of messages) a.publish('rider', message);
      await eventually(() => onB.received.length === 50);
      expect(onB.received).toEqual(messages);

      leave();
      const late = recorder();
      b.subscribe('someone-else', late);
      a.publish('rider', pong);
      a.publish('someone-else', pong);
      await eventually(() => late.received.length === 1);
      expect(onB.received).toHaveLength(50);
    });

    it('ignores instances on another prefix (another deployment sharing the Redis)', async () => {
      const channel = `${prefix()}realtime`;
      const [a, b, stranger] = [await startHub(channel), await startHub(channel), await startHub(`${prefix()}realtime`)];
      const [onStranger, marker] = [recorder(), recorder()];
      stranger.subscribe('user-1', onStranger);
      b.subscribe('marker', marker);
      a.publish('user-1', pong);
      a.publish('marker', pong);
      await eventually(() => marker.received.length === 1);
      expect(onStranger.received).toEqual([]);
    });
  });

  describe('the sign-in throttle', () => {
    const minute = 60_000;

    it('counts the failures of every instance in one sliding window', async () => {
      let now = 1_700_000_000_000;
      const keys = prefix();
      const errors: unknown[] = [];
      const [a, b] = [
        new RedisLoginThrottle(
          await connect(),
          keys,
          3,
          minute,
          (error) => errors.push(error),
          () => now,
        ),
        new RedisLoginThrottle(
          await connect(),
          keys,
          3,
          minute,
          (error) => errors.push(error),
          () => now,
        ),
      ];
      await a.recordFailure(['ada@example.com']); // t = 0
      now += 10_000;
      await b.recordFailure(['ada@example.com']); // t = 10 s
      expect(await a.retryAfterSeconds(['ada@example.com'])).toBe(0);
      now += 10_000;
      await a.recordFailure(['ada@example.com']); // t = 20 s: the third, on either instance
      expect(await b.retryAfterSeconds(['ada@example.com'])).toBe(40);
      expect(await b.retryAfterSeconds(['grace@example.com'])).toBe(0);
      now += 30_000; // t = 50 s
      expect(await a.retryAfterSeconds(['ada@example.com'])).toBe(10);
      now += 10_000; // t = 60 s: the first failure has left the window
      expect(await a.retryAfterSeconds(['ada@example.com'])).toBe(0);

      await a.recordFailure(['ada@example.com']);
      expect(await b.retryAfterSeconds(['ada@example.com'])).toBeGreaterThan(0);
      await b.reset(['ada@example.com']);
      expect(await a.retryAfterSeconds(['ada@example.com'])).toBe(0);
      expect(errors).toEqual([]);
    });

    it('lets its keys expire with the window, so Redis does not keep old failures', async () => {
      const redis = await connect();
      const keys = prefix();
      await new RedisLoginThrottle(redis, keys, 3, minute, () => undefined).recordFailure(['k']);
      const ttl = await redis.pttl(`${keys}k`);
      expect(ttl).toBeGreaterThan(minute - 5000);
      expect(ttl).toBeLessThanOrEqual(minute);
    });

    it('fails open when Redis is unreachable: the error is reported and the attempt allowed', async () => {
      const redis = await connectRedis(redisUrl!, 'coride-test');
      redis.disconnect();
      const errors: unknown[] = [];
      const throttle = new RedisLoginThrottle(redis, prefix(), 1, minute, (error) => errors.push(error));
      await throttle.recordFailure(['k']);
      expect(await throttle.retryAfterSeconds(['k'])).toBe(0);
      expect(errors.length).toBeGreaterThanOrEqual(2);
    });
  });

  describe('two app instances with REDIS_URL', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const shared = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix(), AI_RATE_LIMIT_PER_MINUTE: '2' };
      [a, b] = await Promise.all([createTestApp('pglite', shared), createTestApp('pglite', shared)]);
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
    });

    it('answer 429 to the sixth failed sign-in for an email from an address, on whichever instance the five before it were made', async () => {
      const payload = customerPayload();
      await register(a.app, payload);
      const login = (t: TestApp, password: string, address: string) =>
        t.app.inject({ method: 'POST', url: '/api/login', payload: { email: payload.email, password }, remoteAddress: address });
      // Contract §4: the hard limit is per (email, address).
      for (const [index, t] of [a, b, a, b, b].entries()) expect((await login(t, `wrong ${index} password`, '10.9.0.1')).statusCode).toBe(401);
      const limited = await login(a, payload.password, '10.9.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // An email that failed nowhere is not limited.
      expect(
        (await b.app.inject({ method: 'POST', url: '/api/login', payload: { email: uniqueEmail(), password: 'whatever it is' }, remoteAddress: '10.9.0.10' }))
          .statusCode,
      ).toBe(401);
    });

    it('share one assistant turn budget per caller between the instances', async () => {
      const ask = (t: TestApp) =>
        t.app.inject({ method: 'POST', url: '/api/ai/voice-assistant', payload: { message: 'how do I cancel', language: 'en' }, remoteAddress: '10.8.0.1' });
      expect((await ask(a)).statusCode).toBe(200);
      expect((await ask(b)).statusCode).toBe(200);
      const refused = await ask(a);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await ask(b)).statusCode).toBe(429);
    });
  });

  describe.skipIf(!process.env.DATABASE_URL)('two app instances on one PostgreSQL database', () => {
    let t: TestApp;
    let other: Awaited<ReturnType<TestApp['twin']>>;
    const sockets: TestSocket[] = [];
    beforeAll(async () => {
      t = await createTestApp('postgres', { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix() });
      other = await t.twin();
    });
    afterEach(async () => {
      await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    });
    afterAll(async () => {
      await other?.closeTwin();
      await t?.close();
    });

    it("tell a rider connected to one instance of the offer's acceptance made on the other", async () => {
      const admin = await signInAdmin(t.app);
      await approvedLicensee(t.app, admin);
      const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
      const person = await rider(t.app);
      const driverSocket = await connectAs(await listen(t.app), driver.token);
      const riderSocket = await connectAs(await listen(other), person.token);
      sockets.push(driverSocket, riderSocket);

      const ride = await expectOk<Ride>(await book(t.app, person, TIMES_SQUARE, PENN_STATION), 201);
      expect((await driverSocket.next('ride_request')).ride.id).toBe(ride.id);
      await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
      const accepted = await riderSocket.next('ride_accepted');
      expect(accepted.ride).toMatchObject({ id: ride.id, status: 'accepted' });
      expect(accepted.driver).toMatchObject({ id: driver.id });

      // The driver's location reaches the rider across instances too (past the 1 s location throttle).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const near = { lat: 40.7521, lng: -73.9893 };
      driverSocket.send({ type: 'location_update', location: near });
      expect(await riderSocket.next('driver_location')).toMatchObject({ driverId: driver.id, rideId: ride.id, location: near });
    });
  });
});

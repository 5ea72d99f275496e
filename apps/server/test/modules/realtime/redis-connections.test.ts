import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../../src/lib/redis';
import { RedisConnections } from '../../../src/modules/realtime/redis-connections';
import { deletePrefix, redisUrl, uniquePrefix } from '../../support/redis';

/** The registry of open sockets shared by the instances (REDIS_URL), and how it repairs itself. */
describe.skipIf(!redisUrl)('the connection registry in Redis', () => {
  const prefixes: string[] = [];
  let admin: Redis;
  const connections: Redis[] = [];
  const connect = async () => {
    const connection = await connectRedis(redisUrl!, 'coride-test');
    connections.push(connection);
    return connection;
  };
  /** A registry on a connection of its own (so the test can cut it), sharing `prefix` with the others. */
  const registry = async (prefix: string, instanceTtlMs = 10_000) => {
    const redis = await connect();
    const instance = new RedisConnections(redis, prefix, { instanceTtlMs, now: () => new Date('2026-11-20T12:00:00Z') });
    await instance.start();
    return { redis, instance };
  };
  const newPrefix = () => {
    const prefix = uniquePrefix();
    prefixes.push(prefix);
    return prefix;
  };
  beforeAll(async () => {
    admin = await connect();
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deletePrefix(admin, prefix);
    for (const connection of connections) connection.disconnect();
  });

  it('counts a user connected while any live instance holds one of their sockets', async () => {
    const prefix = newPrefix();
    const [a, b] = [await registry(prefix), await registry(prefix)];
    await a.instance.add('u');
    await b.instance.add('u');
    await a.instance.add('u');
    expect(await a.instance.remove('u')).toBe(true);
    expect(await a.instance.remove('u')).toBe(true);
    expect(await b.instance.isConnected('u')).toBe(true);
    expect(await b.instance.remove('u')).toBe(false);
    expect(await a.instance.isConnected('u')).toBe(false);
  });

  it('tells a starting instance whether another one is alive', async () => {
    const prefix = newPrefix();
    const first = new RedisConnections(await connect(), prefix, { instanceTtlMs: 10_000, now: () => new Date() });
    expect(await first.start()).toBe(true);
    const second = new RedisConnections(await connect(), prefix, { instanceTtlMs: 10_000, now: () => new Date() });
    expect(await second.start()).toBe(false);
    await first.close();
    await second.close();
    const third = new RedisConnections(await connect(), prefix, { instanceTtlMs: 10_000, now: () => new Date() });
    expect(await third.start()).toBe(true);
  });

  it('settles on the next heartbeat what it could not write while Redis was unreachable', async () => {
    const prefix = newPrefix();
    const { redis, instance } = await registry(prefix);
    await instance.add('stays');
    await instance.add('leaves');
    redis.disconnect();
    // Neither fails the socket: the close is taken as "still connected" until the heartbeat settles it.
    expect(await instance.remove('leaves')).toBe(true);
    await expect(instance.add('arrives')).resolves.toBeUndefined();
    const watcher = (await registry(prefix)).instance;
    expect(await watcher.isConnected('leaves')).toBe(true);
    expect(await watcher.isConnected('arrives')).toBe(false);

    await redis.connect();
    expect(await instance.heartbeat()).toEqual({ reconnected: [], disconnected: ['leaves'] });
    expect(await watcher.isConnected('leaves')).toBe(false);
    expect(await watcher.isConnected('arrives')).toBe(true);
    expect(await watcher.isConnected('stays')).toBe(true);
    expect(await instance.heartbeat()).toEqual({ reconnected: [], disconnected: [] });
  });

  it('registers its connections again when Redis comes back empty', async () => {
    const prefix = newPrefix();
    const { instance } = await registry(prefix);
    await instance.add('u1');
    await instance.add('u2');
    await deletePrefix(admin, prefix);
    const watcher = (await registry(prefix)).instance;
    expect(await watcher.isConnected('u1')).toBe(false);
    const { reconnected } = await instance.heartbeat();
    expect(reconnected.sort()).toEqual(['u1', 'u2']);
    expect(await watcher.isConnected('u1')).toBe(true);
  });

  it('reaps an instance whose heartbeat ran out, once, with the users it leaves with no connection', async () => {
    const prefix = newPrefix();
    const dead = (await registry(prefix, 200)).instance;
    const alive = (await registry(prefix)).instance;
    await dead.add('only-there');
    await dead.add('also-here');
    await alive.add('also-here');
    for (let i = 0; i < 100 && (await alive.isConnected('only-there')); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await alive.reap()).toEqual([{ userId: 'only-there', lastSeenAt: new Date('2026-11-20T12:00:00Z') }]);
    expect(await alive.reap()).toEqual([]);
    expect(await alive.isConnected('also-here')).toBe(true);
  });
});

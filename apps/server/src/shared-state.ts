import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import { rateLimitedWarn } from './lib/rate-limited-warn';
import { connectRedis, redactedUrl } from './lib/redis';
import { defaultActiveRideOptions, RedisActiveRides } from './modules/dispatch/redis-active-rides';
import type { ActiveRideLoader } from './modules/dispatch/active-rides';
import { INSTANCE_TTL_MS } from './modules/realtime/connections';
import { RedisConnections } from './modules/realtime/redis-connections';
import { RedisHub } from './modules/realtime/redis-hub';

/**
 * What several API instances share through Redis when REDIS_URL is set: a command connection (the
 * sign-in throttle, the assistants' turn budget, the registry of every instance's sockets, the
 * driver -> active ride view) and the realtime hub on its own subscriber connection, every key under
 * the configured prefix. Unset: everything stays in the process.
 */
export type SharedState = {
  redis: Redis;
  hub: RedisHub;
  prefix: string;
  /** Which users have a socket open on which live instance. */
  connections: RedisConnections;
  /** The active-ride store on this connection, reading through `loader` on a miss. */
  activeRides(loader: ActiveRideLoader): RedisActiveRides;
  close(): Promise<void>;
};

/** `now`: the app's clock, for the instance heartbeats' times (when the sessions of a gone instance end). */
export async function openSharedState(config: Config, log: FastifyBaseLogger, now: () => Date = () => new Date()): Promise<SharedState | undefined> {
  if (!config.redisUrl) return undefined;
  const redis = await connectRedis(config.redisUrl, 'coride-commands');
  try {
    const subscriber = await connectRedis(config.redisUrl, 'coride-realtime');
    // Redis down: sockets and rides go on (each store falls back), and says so at most every 10 s.
    const warn = rateLimitedWarn(log);
    const connections = new RedisConnections(redis, config.redisKeyPrefix, { instanceTtlMs: INSTANCE_TTL_MS, now, warn });
    const hub = await RedisHub.start(redis, subscriber, `${config.redisKeyPrefix}realtime`, log, connections).catch(async (error: unknown) => {
      subscriber.disconnect();
      throw error;
    });
    log.info({ redis: redactedUrl(config.redisUrl), prefix: config.redisKeyPrefix }, 'sharing realtime messages and limits through Redis');
    return {
      redis,
      hub,
      prefix: config.redisKeyPrefix,
      connections,
      activeRides: (loader) => new RedisActiveRides(redis, config.redisKeyPrefix, loader, defaultActiveRideOptions, warn),
      close: async () => {
        await connections.close().catch((error: unknown) => log.warn({ err: error }, 'this instance could not leave the connection registry'));
        await hub.close();
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  } catch (error) {
    redis.disconnect();
    throw error;
  }
}

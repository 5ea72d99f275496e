import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import { connectRedis, redactedUrl } from './lib/redis';
import { RedisHub } from './modules/realtime/redis-hub';

/**
 * What several API instances share through Redis when REDIS_URL is set: a command connection (the
 * sign-in throttle, the assistants' turn budget) and the realtime hub on its own subscriber
 * connection, every key under the configured prefix. Unset: everything stays in the process.
 */
export type SharedState = {
  redis: Redis;
  hub: RedisHub;
  prefix: string;
  close(): Promise<void>;
};

export async function openSharedState(config: Config, log: FastifyBaseLogger): Promise<SharedState | undefined> {
  if (!config.redisUrl) return undefined;
  const redis = await connectRedis(config.redisUrl, 'coride-commands');
  try {
    const subscriber = await connectRedis(config.redisUrl, 'coride-realtime');
    const hub = await RedisHub.start(redis, subscriber, `${config.redisKeyPrefix}realtime`, log).catch(async (error: unknown) => {
      subscriber.disconnect();
      throw error;
    });
    log.info({ redis: redactedUrl(config.redisUrl), prefix: config.redisKeyPrefix }, 'sharing realtime messages and limits through Redis');
    return {
      redis,
      hub,
      prefix: config.redisKeyPrefix,
      close: async () => {
        await hub.close();
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  } catch (error) {
    redis.disconnect();
    throw error;
  }
}

import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis } from '../../src/lib/redis';

/** REDIS_URL of the run (.ci/run sets it when Redis answers); the Redis tests are skipped without it. */
export const redisUrl = process.env.REDIS_URL;

/** A key prefix of the test's own, so runs in parallel never see each other's keys. */
export const uniquePrefix = () => `coride-test:${randomUUID()}:`;

/** Deletes every key under `prefix` (SCAN + UNLINK), as a FLUSH of that prefix would. */
export async function deletePrefix(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}

/** Opens a connection, deletes the prefix's keys, closes it (a test app's cleanup). */
export async function dropPrefix(url: string, prefix: string): Promise<void> {
  const redis = await connectRedis(url, 'coride-test-cleanup');
  try {
    await deletePrefix(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

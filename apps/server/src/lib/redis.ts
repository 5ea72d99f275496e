import { Redis } from 'ioredis';
import { ConfigError } from '../config';

/**
 * Opens a connection to REDIS_URL and waits until it is usable, so a wrong URL stops the server at
 * start with a clear message instead of failing the first sign-in. After that, commands fail fast
 * while the connection is down (no offline queue) and the client reconnects on its own; callers
 * decide what a failed command means (docs/decisions/009-redis-shared-state.md).
 */
export async function connectRedis(url: string, name: string): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectionName: name,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // A few seconds between attempts at most, for ever: Redis coming back must heal the instance.
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
  });
  // Without a listener ioredis prints every connection error; the reconnect loop handles them.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`REDIS_URL is set but Redis at ${redactedUrl(url)} cannot be reached: ${reason}`);
  }
  return client;
}

/** The URL without its password, for messages and logs. */
export function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

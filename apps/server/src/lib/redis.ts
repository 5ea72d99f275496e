import { Redis } from 'ioredis';
import { ConfigError } from '../config';

/**
 * How long a command may wait for its answer. Redis answers in well under a millisecond; one that
 * does not answer for this long is paused or cut off, and the caller's fallback (the database) should
 * answer instead of the request waiting for TCP to notice.
 */
const REDIS_COMMAND_TIMEOUT_MS = 2000;
/**
 * A connection that has commands waiting and receives nothing for this long is dropped and opened
 * again, so a hung Redis costs the first requests one timeout each and the next ones none (commands
 * fail at once while the connection is being reopened). Idle connections, such as the realtime
 * subscriber waiting for messages, have no command waiting and are never dropped by it.
 */
const REDIS_SOCKET_TIMEOUT_MS = 3000;

/**
 * Opens a connection to REDIS_URL and waits until it is usable, so a wrong URL stops the server at
 * start with a clear message instead of failing the first sign-in. After that, commands fail fast
 * while the connection is down (no offline queue) or hung (command and socket timeouts) and the
 * client reconnects on its own; callers decide what a failed command means: Redis holds only what
 * can be rebuilt, so each falls back or drops the write (docs/architecture.md, "Redis outage").
 */
export async function connectRedis(url: string, name: string): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectionName: name,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    socketTimeout: REDIS_SOCKET_TIMEOUT_MS,
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

import { HEALTH_DATABASE_TIMEOUT_MS, pingDatabase, withTimeout, type Pingable } from './ping';

/** What readiness needs of Redis: PING (the shared command connection fails fast while Redis is down). */
export type RedisPingable = { ping(): Promise<unknown> };

export type NotReadyReason = 'draining' | 'database' | 'redis';

export type ReadinessState = { isReady: true; redis: 'ok' | 'not_configured' } | { isReady: false; reason: NotReadyReason; error: string };

/**
 * Whether this process should be sent traffic (GET /api/ready): its database answers, Redis answers
 * when REDIS_URL is set, and it is not draining. Liveness (GET /api/health) is a different question:
 * a draining process is alive, and a load balancer must not restart one whose Redis is down.
 */
export class Readiness {
  private isDrainingNow = false;

  constructor(private readonly deps: { db: Pingable; redis?: RedisPingable | undefined; timeoutMs?: number }) {}

  get isDraining(): boolean {
    return this.isDrainingNow;
  }

  /** From now on /api/ready answers 503 (server.ts calls it on SIGTERM); there is no way back. */
  drain(): void {
    this.isDrainingNow = true;
  }

  async check(): Promise<ReadinessState> {
    if (this.isDrainingNow) return { isReady: false, reason: 'draining', error: 'This process is shutting down' };
    const timeoutMs = this.deps.timeoutMs ?? HEALTH_DATABASE_TIMEOUT_MS;
    const { redis } = this.deps;
    // Both at once: a check must answer within one timeout, not two.
    const [database, shared] = await Promise.allSettled([
      pingDatabase(this.deps.db, timeoutMs),
      redis ? withTimeout(redis.ping(), timeoutMs, `Redis did not answer within ${timeoutMs} ms`) : Promise.resolve(),
    ]);
    if (database.status === 'rejected') return { isReady: false, reason: 'database', error: 'The database is not answering' };
    if (shared.status === 'rejected') return { isReady: false, reason: 'redis', error: 'Redis is not answering' };
    // Drained while the pings ran: the answer is already out of date.
    if (this.isDrainingNow) return { isReady: false, reason: 'draining', error: 'This process is shutting down' };
    return { isReady: true, redis: redis ? 'ok' : 'not_configured' };
  }
}

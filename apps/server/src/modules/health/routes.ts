import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { AppError } from '../../lib/app-error';
import { HEALTH_DATABASE_TIMEOUT_MS, pingDatabase, type Pingable } from './ping';
import type { Readiness } from './readiness';

export { HEALTH_DATABASE_TIMEOUT_MS } from './ping';

const readySchema = z.object({ status: z.literal('ready'), database: z.string(), redis: z.enum(['ok', 'not_configured']) });
const notReadySchema = z.object({ status: z.literal('unavailable'), reason: z.enum(['draining', 'database', 'redis']), error: z.string() });

/**
 * Liveness (/api/health: alive and its database answers), readiness (/api/ready: send it traffic) and
 * the public settings the web app needs at start (/api/config, never secrets).
 */
export function healthRoutes(
  db: Pingable,
  databaseKind: string,
  publicConfig: { mapTileUrl: string; offerTimeoutSeconds: number },
  readiness: Pick<Readiness, 'check'>,
) {
  return async (app: AppInstance) => {
    app.get('/api/health', { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } } }, async () => {
      try {
        await pingDatabase(db, HEALTH_DATABASE_TIMEOUT_MS);
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not answering');
      }
      return { status: 'ok' as const, database: databaseKind };
    });

    // A load balancer's health check: 503 with the reason while draining (SIGTERM) or when the database or Redis does not answer.
    app.get('/api/ready', { schema: { response: { 200: readySchema, 503: notReadySchema } } }, async (_request, reply) => {
      const state = await readiness.check();
      if (!state.isReady) return reply.status(503).send({ status: 'unavailable' as const, reason: state.reason, error: state.error });
      return { status: 'ready' as const, database: databaseKind, redis: state.redis };
    });

    app.get(
      '/api/config',
      {
        schema: {
          response: {
            200: z.object({ mapTileUrl: z.string(), offerTimeoutSeconds: z.number(), defaultCenter: z.object({ lat: z.number(), lng: z.number() }) }),
          },
        },
      },
      async () => ({ ...publicConfig, defaultCenter: { lat: 40.758, lng: -73.9855 } }),
    );
  };
}

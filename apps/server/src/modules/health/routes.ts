import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { AppError } from '../../lib/app-error';
import { HEALTH_DATABASE_TIMEOUT_MS, pingDatabase, type Pingable } from './ping';

export { HEALTH_DATABASE_TIMEOUT_MS } from './ping';

/** Public settings the web app needs at start (never secrets). */
export function healthRoutes(db: Pingable, databaseKind: string, publicConfig: { mapTileUrl: string; offerTimeoutSeconds: number }) {
  return async (app: AppInstance) => {
    app.get('/api/health', { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } } }, async () => {
      try {
        await pingDatabase(db, HEALTH_DATABASE_TIMEOUT_MS);
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not answering');
      }
      return { status: 'ok' as const, database: databaseKind };
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

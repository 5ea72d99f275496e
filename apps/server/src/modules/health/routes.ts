import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';

/** Public settings the web app needs at start (never secrets). */
export function healthRoutes(db: Database, databaseKind: string, publicConfig: { mapTileUrl: string; offerTimeoutSeconds: number }) {
  return async (app: AppInstance) => {
    app.get(
      '/api/health',
      { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } } },
      async () => {
        try {
          await db.execute(sql`select 1`);
        } catch {
          throw new AppError('UNAVAILABLE', 'The database is not answering');
        }
        return { status: 'ok' as const, database: databaseKind };
      },
    );

    app.get(
      '/api/config',
      { schema: { response: { 200: z.object({ mapTileUrl: z.string(), offerTimeoutSeconds: z.number(), defaultCenter: z.object({ lat: z.number(), lng: z.number() }) }) } } },
      async () => ({ ...publicConfig, defaultCenter: { lat: 40.758, lng: -73.9855 } }),
    );
  };
}

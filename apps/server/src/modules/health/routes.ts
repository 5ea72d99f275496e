import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';

/**
 * How long the health check waits for the database. A load balancer's check gives up after a few
 * seconds: a lost database must be reported as a 503 before that, not by a hang.
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 2000;

/** Resolves when the database answers `select 1`; rejects when it fails or takes longer than timeoutMs. */
async function pingDatabase(db: Database, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    // The ping goes on in the background when it loses the race; the pool's own timeouts end it.
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Public settings the web app needs at start (never secrets). */
export function healthRoutes(db: Database, databaseKind: string, publicConfig: { mapTileUrl: string; offerTimeoutSeconds: number }) {
  return async (app: AppInstance) => {
    app.get(
      '/api/health',
      { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } } },
      async () => {
        try {
          await pingDatabase(db, HEALTH_DATABASE_TIMEOUT_MS);
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

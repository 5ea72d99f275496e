import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';

export function healthRoutes(db: Database, databaseKind: string) {
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
  };
}

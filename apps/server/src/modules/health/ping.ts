import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * How long the health check waits for the database. A load balancer's check gives up after a few
 * seconds: a lost database must be reported as a 503 before that, not by a hang.
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 2000;

/** What the health check needs of the database: one statement. */
export type Pingable = Pick<Database, 'execute'>;

/** Resolves when the database answers `select 1`; rejects when it fails or takes longer than timeoutMs. */
export async function pingDatabase(db: Pingable, timeoutMs: number): Promise<void> {
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

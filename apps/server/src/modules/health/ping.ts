import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * How long the health check waits for the database. A load balancer's check gives up after a few
 * seconds: a lost database must be reported as a 503 before that, not by a hang.
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 2000;

/** What the health check needs of the database: one statement. */
export type Pingable = Pick<Database, 'execute'>;

/** Settles as `work` does, or rejects with `message` once timeoutMs have passed. */
export async function withTimeout<T>(work: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), timeoutMs);
  });
  try {
    // The work goes on in the background when it loses the race; the clients' own timeouts end it.
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves when the database answers `select 1`; rejects when it fails or takes longer than timeoutMs. */
export async function pingDatabase(db: Pingable, timeoutMs: number): Promise<void> {
  await withTimeout(db.execute(sql`select 1`), timeoutMs, `the database did not answer within ${timeoutMs} ms`);
}

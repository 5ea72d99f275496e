import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresPool } from '../../src/db/client';

/*
 * A process paused or hung inside a transaction (SIGSTOP in the chaos run, a long GC, a partition)
 * holds its row locks until PostgreSQL ends the transaction: the pool asks the server to end any
 * transaction idle for longer than the statement timeout.
 */
describe.runIf(process.env.DATABASE_URL)('a transaction left idle on PostgreSQL', () => {
  const pool = createPostgresPool(process.env.DATABASE_URL!, { statementTimeoutMs: 300, connectTimeoutMs: 5000 }, () => ({ warn: () => {}, debug: () => {} }));
  afterAll(() => pool.end());

  it('is ended by the server after the statement timeout, and its locks go with it', async () => {
    const holder = await pool.connect();
    holder.on('error', () => {}); // the server's termination arrives as an error on the idle client
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock(424242)');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await expect(holder.query('select 1')).rejects.toThrow();
    holder.release(true);
    // The lock went with the transaction: another connection takes it at once.
    const other = await pool.connect();
    try {
      const { rows } = await other.query<{ taken: boolean }>('select pg_try_advisory_lock(424242) as taken');
      expect(rows[0]!.taken).toBe(true);
      await other.query('select pg_advisory_unlock(424242)');
    } finally {
      other.release();
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction: repositories accept both so callers can compose them. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Flushes and closes; committed data is on disk when it resolves. */
  close(): Promise<void>;
  /** Where connection losses are logged from now on (the app calls it with its logger). */
  useLogger?(log: DatabaseLogger): void;
  /**
   * Runs `work` while holding the lock named `key`, unless someone else holds it: then `work` does not
   * run and the answer is false. Lets N processes share one database and run each round of a
   * background job once (lib/jobs.ts). PostgreSQL: a session advisory lock on a connection of its own,
   * released after `work` (or with the connection, if the process dies). PGlite: one process owns the
   * database (DATA_DIR is locked), so an in-process lock is the same thing.
   */
  tryExclusive(key: string, work: () => Promise<void>): Promise<boolean>;
};

/**
 * The first key of the two-key advisory locks the job rounds take: a lock space of their own, apart
 * from the single-key locks (`pg_try_advisory_xact_lock(hashtext(...))`) the services take.
 */
const JOB_LOCK_SPACE = 0x6a6f62; // "job"

/** tryExclusive for a process that is the only one on its database. */
function inProcessExclusive(): DatabaseHandle['tryExclusive'] {
  const held = new Set<string>();
  return async (key, work) => {
    if (held.has(key)) return false;
    held.add(key);
    try {
      await work();
    } finally {
      held.delete(key);
    }
    return true;
  };
}

/**
 * tryExclusive on PostgreSQL: the lock lives on one pooled connection from try to unlock. A
 * transaction-level lock would keep a transaction open for the whole round (idle in transaction);
 * a session lock on a connection left idle meanwhile does not. If that connection is lost, the lock
 * goes with it and another process may start a round before this one ends: the rounds are
 * idempotent, the lock only saves the duplicate work.
 */
function postgresExclusive(pool: pg.Pool): DatabaseHandle['tryExclusive'] {
  return async (key, work) => {
    const client = await pool.connect();
    // A connection whose lock or unlock failed may still hold the lock: it is destroyed, not reused.
    let isBroken = false;
    const lockQuery = (text: string) =>
      client.query<{ locked: boolean }>(text, [JOB_LOCK_SPACE, key]).catch((error: unknown) => {
        isBroken = true;
        throw error;
      });
    try {
      const { rows } = await lockQuery('select pg_try_advisory_lock($1, hashtext($2)) as locked');
      if (rows[0]?.locked !== true) return false;
      try {
        await work();
      } finally {
        await lockQuery('select pg_advisory_unlock($1, hashtext($2))').catch(() => undefined);
      }
      return true;
    } finally {
      client.release(isBroken);
    }
  };
}

/** The committed drizzle-kit migrations, found from this file in src/ or from the bundle in dist/. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrations folder (apps/server/drizzle) not found');
}

export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
  return { db, kind: 'pglite', close: () => client.close(), tryExclusive: inProcessExclusive() };
}

/** Where the pool reports lost connections (the app's logger once it exists). */
export type DatabaseLogger = { warn(details: object, message: string): void; debug(details: object, message: string): void };

export type PostgresOptions = {
  /** A statement running longer is cancelled by PostgreSQL (statement_timeout). */
  statementTimeoutMs: number;
  /** Opening a connection, or waiting for one from a busy pool, fails after this. */
  connectTimeoutMs: number;
};

/** Defaults for callers without a Config (tests' setup, tools); the server passes config.postgresTimeouts. */
const defaultPostgresOptions: PostgresOptions = { statementTimeoutMs: 15_000, connectTimeoutMs: 5000 };

/** The pool's options from the configuration's timeouts. */
export function postgresOptions(timeouts: { statementMs: number; connectMs: number } | undefined): PostgresOptions {
  return timeouts ? { statementTimeoutMs: timeouts.statementMs, connectTimeoutMs: timeouts.connectMs } : defaultPostgresOptions;
}

/** Until a logger is given, lost connections are still reported, as one JSON line on stderr. */
const stderrLogger: DatabaseLogger = {
  warn: (details, message) => process.stderr.write(`${JSON.stringify({ level: 'warn', msg: message, ...details })}\n`),
  debug: () => {},
};

/**
 * The pool the app queries through. PostgreSQL restarts, failovers and proxies end connections;
 * without an 'error' listener pg's EventEmitters would throw and end the process, so each loss
 * is logged and the pool opens a new connection on the next query.
 */
export function createPostgresPool(databaseUrl: string, options: PostgresOptions, getLog: () => DatabaseLogger = () => stderrLogger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: options.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    // Finds connections a firewall or proxy dropped silently before a query waits on them.
    keepAlive: true,
    statement_timeout: options.statementTimeoutMs,
    // A transaction left idle that long (its process paused, hung or partitioned away mid-transaction) is
    // ended by the server, so the row locks it holds stop blocking the other processes' accepts and sweeps.
    idle_in_transaction_session_timeout: options.statementTimeoutMs,
    // The server cancels at statement_timeout; this client-side limit covers a server that no longer answers at all.
    query_timeout: options.statementTimeoutMs + 1000,
  });
  const errorCode = (error: Error) => (error as Error & { code?: string }).code;
  // An idle connection lost: pg-pool has already dropped it.
  pool.on('error', (error) => getLog().warn({ code: errorCode(error), reason: error.message }, 'PostgreSQL connection lost while idle'));
  // A connection lost while checked out (a transaction): its query fails and is reported by its caller,
  // but the client also emits 'error', which pg-pool only listens to while the client is idle.
  // drizzle's transaction() (0.45) sends BEGIN before its try/finally, so when BEGIN meets a lost
  // connection the client is never released and the pool shrinks by one for good (three rounds of
  // terminated connections under load took 6 of 10). A lost checked-out client is therefore given
  // back here, with its error so that pg-pool drops it, and its owner's later release does nothing.
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      getLog().debug({ code: errorCode(error), reason: error.message }, 'PostgreSQL connection lost');
      if (!checkedOut.has(client)) return;
      const release = client.release;
      client.release = () => {};
      release(error);
    });
  });
  return pool;
}

export async function openPostgres(databaseUrl: string, options: PostgresOptions = defaultPostgresOptions): Promise<DatabaseHandle> {
  await migratePostgres(databaseUrl, options);
  let log = stderrLogger;
  const pool = createPostgresPool(databaseUrl, options, () => log);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    tryExclusive: postgresExclusive(pool),
    useLogger: (logger) => {
      log = logger;
    },
  };
}

/** The advisory lock taken around the migrations ("migr"): one process migrates at a time. */
const MIGRATION_LOCK = 0x6d696772;

/**
 * Migrations run on a connection of their own: a long migration must not meet the statement timeout.
 * N processes may start at once on a new database: each takes the advisory lock first, so one applies
 * the migrations while the others wait, then find nothing left to do (without it, two create the
 * same tables at once and one fails). The lock is the session's: it goes with the connection, also
 * when a process dies while migrating.
 */
async function migratePostgres(databaseUrl: string, options: PostgresOptions): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: options.connectTimeoutMs, keepAlive: true });
  // A lost connection fails the migration (through its query); the event itself must not end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.end();
  }
}

export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  postgresTimeouts?: { statementMs: number; connectMs: number };
}): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, postgresOptions(options.postgresTimeouts)) : openPglite(path.join(options.dataDir, 'pg'));
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppInstance } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openPglite, openPostgres, postgresOptions, type DatabaseHandle } from '../../src/db/client';
import type { FaultHook } from '../../src/modules/payments/service';
import { dropPrefix, uniquePrefix } from './redis';

export type Backend = 'pglite' | 'postgres' | 'postgres+redis';

/** Every API test runs on the embedded database, and on PostgreSQL too when DATABASE_URL is set. */
export const backends: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The backends, and PostgreSQL with Redis when REDIS_URL is set too: the state a deployment of several
 * instances shares (dispatch index, realtime messages, limits) then lives in Redis, under a key prefix
 * of the test app's own (deleted when it closes). For the tests of what moves to Redis.
 */
export const sharedBackends: Backend[] = process.env.DATABASE_URL && process.env.REDIS_URL ? [...backends, 'postgres+redis'] : backends;

/**
 * A running app on a test database. `restart()` closes the app and its connection without deleting the
 * data, then builds a new app (fresh in-memory state) on the same database, as a server restart does.
 */
export type TestApp = {
  app: AppInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
  restart(now?: () => Date): Promise<TestApp>;
  /**
   * A second instance on the same PostgreSQL database, as a second API process would be (PGlite is
   * one process's database: it throws there). Closing the twin leaves the database to this app.
   */
  twin(now?: () => Date): Promise<AppInstance & { database: DatabaseHandle; closeTwin(): Promise<void> }>;
};

/**
 * Test apps share one client address (inject's 127.0.0.1) and often one rider for many rides, so the
 * sign-up, card and booking limits are generous here; rate-limits.test.ts sets the real ones.
 */
const generousRateLimits = { SIGNUP_RATE_LIMIT_PER_HOUR: '100000', CARD_RATE_LIMIT_PER_HOUR: '100000', BOOKING_RATE_LIMIT_PER_HOUR: '100000' };

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_COST: '10', ...generousRateLimits, ...overrides });
}

/** Where a test database lives: it can be opened (again) and, at the end, destroyed. */
type TestStorage = { open(): Promise<DatabaseHandle>; destroy(): Promise<void> };

/** A database of its own: a copy of the migrated template, or a fresh PostgreSQL database. */
async function createTestStorage(backend: Backend, config?: Config): Promise<TestStorage> {
  if (backend === 'pglite') {
    const dir = path.join(path.dirname(inject('pgliteTemplate')), randomUUID());
    fs.cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    return { open: () => openPglite(dir), destroy: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const baseUrl = process.env.DATABASE_URL!;
  const name = `coride_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    open: () => openPostgres(url.toString(), postgresOptions(config?.postgresTimeouts)),
    destroy: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      try {
        // pg's pool.end() resolves before its connections have closed. Dropping "with (force)" while
        // one is still saying goodbye kills it, and its client raises an unhandled error in whatever
        // test file runs next. So wait (up to 2 s) for the database's sessions to go first.
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const { rows } = await dropper.query<{ sessions: number }>('select count(*)::int as sessions from pg_stat_activity where datname = $1', [name]);
          if (rows[0]!.sessions === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** A database of its own, deleted when closed. */
export async function openTestDatabase(backend: Backend): Promise<DatabaseHandle> {
  const storage = await createTestStorage(backend);
  const handle = await storage.open();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await storage.destroy();
    },
  };
}

export async function createTestApp(backend: Backend, overrides: Record<string, string> = {}, now?: () => Date, faults?: FaultHook): Promise<TestApp> {
  const redis: Record<string, string> = backend === 'postgres+redis' ? { REDIS_URL: process.env.REDIS_URL!, REDIS_KEY_PREFIX: uniquePrefix() } : {};
  const config = testConfig({ DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0', ...redis, ...overrides });
  const storage = await createTestStorage(backend, config);
  try {
    return await startTestApp(backend, config, storage, now, faults);
  } catch (error) {
    await storage.destroy();
    throw error;
  }
}

async function startTestApp(backend: Backend, config: Config, storage: TestStorage, now: (() => Date) | undefined, faults?: FaultHook): Promise<TestApp> {
  const database = await storage.open();
  const app = await buildApp({ config, database, logger: false, ...(now ? { now } : {}), ...(faults ? { faults } : {}) });
  await app.ready();
  let state: 'running' | 'restarted' | 'closed' = 'running';
  return {
    app,
    database,
    config,
    close: async () => {
      if (state !== 'running') return;
      state = 'closed';
      await app.close();
      await database.close();
      await storage.destroy();
      if (config.redisUrl) await dropPrefix(config.redisUrl, config.redisKeyPrefix);
    },
    restart: async (nextNow = now) => {
      if (state !== 'running') throw new Error(`cannot restart an app that is ${state}`);
      state = 'restarted';
      await app.close();
      await database.close();
      return startTestApp(backend, config, storage, nextNow, faults);
    },
    twin: async (twinNow = now) => {
      if (backend === 'pglite') throw new Error('only a PostgreSQL test database can serve two app instances');
      const twinDatabase = await storage.open();
      const twin = await buildApp({ config, database: twinDatabase, logger: false, ...(twinNow ? { now: twinNow } : {}) });
      await twin.ready();
      return Object.assign(twin, {
        database: twinDatabase,
        closeTwin: async () => {
          await twin.close();
          await twinDatabase.close();
        },
      });
    },
  };
}

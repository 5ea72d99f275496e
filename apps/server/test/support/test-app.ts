import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppInstance } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/db/client';

export type Backend = 'pglite' | 'postgres';

/** Every API test runs on the embedded database, and on PostgreSQL too when DATABASE_URL is set. */
export const backends: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestApp = { app: AppInstance; database: DatabaseHandle; config: Config; close(): Promise<void> };

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_COST: '10', ...overrides });
}

/** A database of its own: a copy of the migrated template, or a fresh PostgreSQL database. */
export async function openTestDatabase(backend: Backend): Promise<DatabaseHandle> {
  if (backend === 'pglite') {
    const dir = path.join(path.dirname(inject('pgliteTemplate')), randomUUID());
    fs.cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    const handle = await openPglite(dir);
    return { ...handle, close: async () => { await handle.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const baseUrl = process.env.DATABASE_URL!;
  const name = `coride_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function createTestApp(backend: Backend, overrides: Record<string, string> = {}, now?: () => Date): Promise<TestApp> {
  const config = testConfig({ DISPATCH_SWEEP_MS: '0', ...overrides });
  const database = await openTestDatabase(backend);
  const app = await buildApp({ config, database, logger: false, ...(now ? { now } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../../src/app';
import { migrationsFolder, openPostgres, type DatabaseHandle } from '../../src/db/client';
import { testConfig } from '../support/test-app';

const baseUrl = process.env.DATABASE_URL;

/**
 * N API processes may start at once on a new database (contract §7): the migrations run under an
 * advisory lock, so one process applies them and the others find nothing left to do. Without the
 * lock, two of them create the same schema and tables at once and fail (or apply a migration twice).
 */
describe.skipIf(!baseUrl)('three instances starting at once on a fresh PostgreSQL database', () => {
  const name = `coride_start_${randomUUID().replaceAll('-', '')}`;
  let url = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(baseUrl!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('all come up, with the migrations applied once', async () => {
    const started: Array<{ app: AppInstance; database: DatabaseHandle }> = [];
    try {
      const results = await Promise.allSettled(
        [1, 2, 3].map(async () => {
          const database = await openPostgres(url);
          const app = await buildApp({ config: testConfig(), database, logger: false });
          started.push({ app, database });
          await app.ready();
          return app;
        }),
      );
      expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started', 'started']);
      for (const { app } of started) {
        const ready = await app.inject({ method: 'GET', url: '/api/ready' });
        expect(ready.statusCode).toBe(200);
      }

      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ applied: number; distinct: number }>(
          'select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
        );
        expect(rows[0]).toEqual({ applied: journal.entries.length, distinct: journal.entries.length });
      } finally {
        await client.end();
      }
    } finally {
      for (const { app, database } of started) {
        await app.close();
        await database.close();
      }
    }
  }, 120_000);
});

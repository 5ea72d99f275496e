import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresPool, type Database } from '../../src/db/client';
import { zodSerializerCompiler, zodValidatorCompiler, type ZodTypeProvider } from '../../src/lib/zod-provider';
import { Readiness } from '../../src/modules/health/readiness';
import { HEALTH_DATABASE_TIMEOUT_MS, healthRoutes } from '../../src/modules/health/routes';
import { registerErrorHandler } from '../../src/plugins/error-handler';
import { bearer, customerPayload, register } from '../support/fixtures';
import { rows } from '../support/ledger';
import { createTestApp, type TestApp } from '../support/test-app';

const STATEMENT_TIMEOUT_MS = 2000;
/** A request may wait for one statement to time out, plus the work around it on a loaded 2-core machine. */
const REQUEST_BOUND_MS = STATEMENT_TIMEOUT_MS + 3000;

type Outcome = { label: string; status: number; body: string; ms: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failure the contract allows while the database blinks: a 5xx in the contract's error shape. */
function isCleanFailure(outcome: Outcome): boolean {
  if (outcome.status < 500) return false;
  const body = JSON.parse(outcome.body) as { error?: unknown; code?: unknown };
  return typeof body.error === 'string' && typeof body.code === 'string';
}

describe.runIf(process.env.DATABASE_URL)('the server when PostgreSQL drops its connections', () => {
  let t: TestApp;
  let databaseName: string;
  let rider: { token: string };
  let killer: pg.Client;
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => uncaught.push(error);

  /** Ends every session of the app's database, as a PostgreSQL restart or failover does. */
  async function terminateAppConnections(): Promise<number> {
    const result = await killer.query<{ terminated: number }>(
      'select count(*)::int as terminated from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) killed',
      [databaseName],
    );
    return result.rows[0]!.terminated;
  }

  async function timed(label: string, request: () => Promise<{ statusCode: number; body: string }>): Promise<Outcome> {
    const started = performance.now();
    const response = await request();
    return { label, status: response.statusCode, body: response.body, ms: performance.now() - started };
  }

  /** Polls until the app answers 200 again; the time it took. */
  async function recoveryMs(url: string, token?: string): Promise<number> {
    const started = performance.now();
    for (;;) {
      const response = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
      if (response.statusCode === 200) return performance.now() - started;
      if (performance.now() - started > 10_000) throw new Error(`${url} still answers ${response.statusCode}: ${response.body}`);
      await sleep(100);
    }
  }

  beforeAll(async () => {
    process.on('uncaughtException', recordUncaught);
    t = await createTestApp('postgres', { DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS), DB_CONNECT_TIMEOUT_MS: '2000' });
    databaseName = (await rows<{ name: string }>(t.database.db, sql`select current_database() as name`))[0]!.name;
    rider = await register(t.app, customerPayload());
    killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await killer.connect();
  });

  afterAll(async () => {
    await killer?.end();
    await t?.close();
    process.off('uncaughtException', recordUncaught);
  });

  it('keeps running and answering when every connection is terminated under load, three times', async () => {
    const outcomes: Outcome[] = [];
    let isLoading = true;
    // 20 requests in flight: reads, and sign-ups, which write in a transaction on a checked-out connection.
    const workers = Array.from({ length: 20 }, async (_, worker) => {
      for (let round = 0; isLoading; round += 1) {
        const kind = (worker + round) % 3;
        if (kind === 0)
          outcomes.push(await timed('GET /api/users/me', () => t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(rider.token) })));
        else if (kind === 1)
          outcomes.push(await timed('GET /api/rides', () => t.app.inject({ method: 'GET', url: '/api/rides', headers: bearer(rider.token) })));
        else outcomes.push(await timed('POST /api/register', () => t.app.inject({ method: 'POST', url: '/api/register', payload: customerPayload() })));
      }
    });

    const terminated: number[] = [];
    for (let kill = 0; kill < 3; kill += 1) {
      await sleep(1000);
      terminated.push(await terminateAppConnections());
    }
    await sleep(1000);
    isLoading = false;
    await Promise.all(workers);

    // The kills hit the app's connections, and the load really ran.
    expect(terminated.some((count) => count > 0)).toBe(true);
    expect(outcomes.length).toBeGreaterThan(40);
    expect(uncaught).toEqual([]);
    const unexpected = outcomes.filter((outcome) => !(outcome.status < 300 || isCleanFailure(outcome)));
    expect(unexpected).toEqual([]);
    const slowest = Math.max(...outcomes.map((outcome) => outcome.ms));
    expect(slowest).toBeLessThan(REQUEST_BOUND_MS);

    expect(await recoveryMs('/api/health')).toBeLessThan(5000);
    expect(await recoveryMs('/api/users/me', rider.token)).toBeLessThan(5000);
  });

  it('survives the loss of idle pooled connections and reconnects on the next request', async () => {
    // Every pooled connection is idle between these requests. The ride history reads the database
    // (the session may come from the session cache without reading it).
    expect((await t.app.inject({ method: 'GET', url: '/api/rides', headers: bearer(rider.token) })).statusCode).toBe(200);
    expect(await terminateAppConnections()).toBeGreaterThan(0);
    // Let the closed sockets reach the pool: without an 'error' listener this is where the process dies.
    await sleep(300);
    expect(uncaught).toEqual([]);
    expect(await recoveryMs('/api/rides', rider.token)).toBeLessThan(2000);
  });

  it('answers a request blocked on a lock with a 503 once the statement timeout passes, not never', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    const locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
    try {
      await locker.query('begin');
      // The rider's ride history reads rides, so it now waits on this lock (the session itself may come
      // from the session cache, docs/decisions/016, without reading the database at all).
      await locker.query('lock table rides in access exclusive mode');
      const outcome = await timed('GET /api/rides', () => t.app.inject({ method: 'GET', url: '/api/rides', headers: bearer(rider.token) }));
      expect(outcome.status).toBe(503);
      expect(JSON.parse(outcome.body)).toMatchObject({ code: 'UNAVAILABLE' });
      expect(outcome.ms).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 100);
      expect(outcome.ms).toBeLessThan(REQUEST_BOUND_MS);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/rides', headers: bearer(rider.token) })).statusCode).toBe(200);
  });

  // Runs last: it closes the app the tests above shared.
  it('has given every connection back after the faults, so the app closes within seconds', async () => {
    // pg's pool.end() waits for every checked-out connection: a leaked one makes it wait forever.
    const started = performance.now();
    const closed = await Promise.race([t.close().then(() => true), sleep(5000).then(() => false)]);
    expect(closed).toBe(true);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('the health check when the database stops answering', () => {
  it('answers 503 within its own time limit instead of waiting on the database', async () => {
    // Accepts connections and never answers, as a frozen server or a network partition does.
    const sockets = new Set<net.Socket>();
    const blackhole = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    const { port } = blackhole.address() as net.AddressInfo;
    // Pool limits far beyond the test's: only the health check's own limit can answer in time.
    const quiet = { warn: () => {}, debug: () => {} };
    const pool = createPostgresPool(`postgres://nobody@127.0.0.1:${port}/none`, { statementTimeoutMs: 120_000, connectTimeoutMs: 120_000 }, () => quiet);
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(zodSerializerCompiler);
    registerErrorHandler(app);
    const db = drizzle(pool) as unknown as Database;
    await app.register(healthRoutes(db, 'postgres', { mapTileUrl: '', offerTimeoutSeconds: 15 }, new Readiness({ db })));
    try {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      const ms = performance.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'UNAVAILABLE' });
      expect(ms).toBeGreaterThanOrEqual(HEALTH_DATABASE_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(HEALTH_DATABASE_TIMEOUT_MS + 1500);
      // Readiness says why, so a load balancer (and whoever reads its log) knows what to look at.
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', reason: 'database' });
    } finally {
      await app.close();
      for (const socket of sockets) socket.destroy();
      blackhole.close();
      await pool.end();
    }
  });
});

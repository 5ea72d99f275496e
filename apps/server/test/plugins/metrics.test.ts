import type { Ride } from '@coride/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../src/lib/app-instance';
import { registerJob } from '../../src/lib/jobs';
import { AppMetrics } from '../../src/lib/metrics';
import type { ZodTypeProvider } from '../../src/lib/zod-provider';
import { HubTap } from '../support/realtime';
import { createTestApp, type TestApp } from '../support/test-app';
import { api, approvedLicensee, book, expectOk, onlineDriver, rider, signInAdmin } from '../support/world';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample of the text format: `name{labels} value`, labels as written by prom-client. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const prefix = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

async function scrape(app: AppInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('serves the Prometheus text format to a caller on this machine', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'coride_http_request_duration_seconds',
      'coride_websockets_open',
      'coride_drivers_online',
      'coride_offers_made_total',
      'coride_offers_accepted_total',
      'coride_offers_expired_total',
      'coride_dispatch_latency_seconds',
      'coride_job_runs_total',
      'coride_job_failures_total',
      'process_cpu_user_seconds_total',
    ]) {
      expect(response.body).toContain(`# TYPE ${name} `);
    }
  });

  it('refuses a caller from another machine, and a local one that came through a proxy', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 'FORBIDDEN' });
    // A load balancer on this machine: the peer is loopback, the client is not.
    const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('times requests by route pattern, method and status class, not by raw URL', async () => {
    const person = await rider(t.app);
    await api.get(t.app, '/api/rides/00000000-0000-4000-8000-000000000000', person);
    await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    const text = await scrape(t.app);
    expect(sample(text, 'coride_http_request_duration_seconds_count', 'route="/api/rides/:id",method="GET",status_class="4xx"')).toBe(1);
    expect(sample(text, 'coride_http_request_duration_seconds_count', 'route="unmatched",method="GET",status_class="4xx"')).toBe(1);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
  });

  it('counts offers made and accepted, the booking-to-first-offer latency, and drivers online', async () => {
    const tap = new HubTap(t.app);
    const admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
    const driver = await onlineDriver(t.app, admin);
    const before = await scrape(t.app);
    expect(sample(before, 'coride_offers_made_total')).toBe(0);
    expect(sample(before, 'coride_drivers_online')).toBe(1);

    const person = await rider(t.app);
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, person), 201);
    await tap.dispatched(ride.id, since);
    const offered = await scrape(t.app);
    expect(sample(offered, 'coride_offers_made_total')).toBe(1);
    expect(sample(offered, 'coride_dispatch_latency_seconds_count')).toBe(1);
    expect(sample(offered, 'coride_offers_accepted_total')).toBe(0);

    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
    expect(sample(await scrape(t.app), 'coride_offers_accepted_total')).toBe(1);
  });

  it('keeps each app’s figures apart (one registry per app)', async () => {
    const other = await createTestApp('pglite');
    try {
      expect(sample(await scrape(other.app), 'coride_offers_made_total')).toBe(0);
      expect(sample(await scrape(t.app), 'coride_offers_made_total')).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('asks for the bearer token, even from this machine', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
  });

  it('serves whoever sends it, from anywhere', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('coride_offers_made_total');
  });
});

describe('job metrics', () => {
  it('count every round of a job and its failures', async () => {
    const metrics = new AppMetrics();
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    let calls = 0;
    let resolveThird: () => void = () => undefined;
    const third = new Promise<void>((resolve) => (resolveThird = resolve));
    registerJob(
      app,
      {
        name: 'flaky',
        everyMs: 5,
        run: async () => {
          calls += 1;
          if (calls === 3) resolveThird();
          if (calls === 1) throw new Error('first round fails');
        },
      },
      metrics.jobs,
    );
    await app.ready();
    await third;
    await app.close();
    const text = await metrics.text();
    expect(sample(text, 'coride_job_failures_total', 'job="flaky"')).toBe(1);
    expect(sample(text, 'coride_job_runs_total', 'job="flaky"')).toBe(calls);
  });
});

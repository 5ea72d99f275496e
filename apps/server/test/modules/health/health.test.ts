import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readiness } from '../../../src/modules/health/readiness';
import { backends, createTestApp, type TestApp } from '../../support/test-app';

const redisUrl = process.env.REDIS_URL;

describe.each(backends)('health on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('answers ok when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: backend });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is ready when the database answers (Redis is not configured here)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: backend, redis: 'not_configured' });
  });

  // Last: draining has no way back.
  it('stops being ready once draining, with the reason, while staying alive', async () => {
    t.app.readiness.drain();
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'draining', error: 'This process is shutting down' });
    // Liveness is another question: a load balancer must not restart a process that is finishing its requests.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe.skipIf(!redisUrl)('readiness with Redis configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `coride-test:${randomUUID()}:` });
  });
  afterAll(() => t?.close());

  it('checks Redis too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', redis: 'ok' });
  });
});

describe('Readiness', () => {
  const answering = { execute: async () => ({ rows: [] }) } as unknown as ConstructorParameters<typeof Readiness>[0]['db'];
  const failing = { execute: async () => Promise.reject(new Error('connection refused')) } as unknown as ConstructorParameters<typeof Readiness>[0]['db'];

  it('is not ready when Redis does not answer, and says so', async () => {
    const readiness = new Readiness({ db: answering, redis: { ping: () => Promise.reject(new Error('Stream isn’t writeable')) } });
    expect(await readiness.check()).toEqual({ isReady: false, reason: 'redis', error: 'Redis is not answering' });
  });

  it('is not ready when Redis hangs, within its own time limit', async () => {
    const readiness = new Readiness({ db: answering, redis: { ping: () => new Promise(() => undefined) }, timeoutMs: 50 });
    expect(await readiness.check()).toMatchObject({ isReady: false, reason: 'redis' });
  });

  it('names the database first when both are down', async () => {
    const readiness = new Readiness({ db: failing, redis: { ping: () => Promise.reject(new Error('down')) } });
    expect(await readiness.check()).toMatchObject({ isReady: false, reason: 'database' });
  });

  it('is ready when both answer', async () => {
    const readiness = new Readiness({ db: answering, redis: { ping: async () => 'PONG' } });
    expect(await readiness.check()).toEqual({ isReady: true, redis: 'ok' });
  });
});

import helmet from '@fastify/helmet';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSecurityHeaders, appHelmetOptions, documentOnlyHeaders, securityHeadersPlugin } from '../../src/plugins/security-headers';
import { createTestApp, type TestApp } from '../support/test-app';

/** The headers of a GET / answered by a bare app with this plugin, and one route that sets its own Cache-Control and answers 404 elsewhere. */
async function headersWith(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  await register(app);
  app.get('/', async (_request, reply) => reply.header('x-frame-options', 'DENY').send({ ok: true }));
  const [found, missing] = [await app.inject({ method: 'GET', url: '/' }), await app.inject({ method: 'GET', url: '/nowhere' })];
  await app.close();
  const withoutDate = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));
  return { found: withoutDate(found.headers), missing: withoutDate(missing.headers) };
}

describe('security headers', () => {
  it('sets exactly the headers @fastify/helmet sets for the app’s options, on answers and on 404s, and a route’s own header still wins', async () => {
    const replayed = await headersWith((app) => app.register(securityHeadersPlugin, { helmet: appHelmetOptions }));
    const original = await headersWith((app) => app.register(helmet as FastifyPluginAsync<typeof appHelmetOptions>, appHelmetOptions));
    expect(replayed).toEqual(original);
    expect(replayed.found['content-security-policy']).toContain("script-src 'self'");
    expect(replayed.found['x-frame-options']).toBe('DENY');
    expect(replayed.missing['x-frame-options']).toBe('SAMEORIGIN');
    expect(replayed.found['strict-transport-security']).toBeUndefined();
  });

  it('on API answers, thrown errors included, sends the short set, and a route’s own header still wins', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { helmet: appHelmetOptions, api: { prefix: '/api/', documents: ['/api/docs'] } });
    app.get('/api/own', async (_request, reply) => reply.header('content-security-policy', "default-src 'self'").send({ ok: true }));
    app.get('/api/fails', async () => {
      throw new Error('boom');
    });
    app.get('/api/docs/page', async (_request, reply) => reply.type('text/html').send('<p>docs</p>'));
    const inject = (url: string) => app.inject({ method: 'GET', url });
    const [own, fails, docs] = [await inject('/api/own'), await inject('/api/fails'), await inject('/api/docs/page')];
    await app.close();
    expect(own.headers['content-security-policy']).toBe("default-src 'self'");
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(fails.statusCode).toBe(500);
    for (const [name, value] of apiSecurityHeaders) expect(fails.headers[name]).toBe(value);
    expect(fails.headers['x-frame-options']).toBeUndefined();
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  describe('in the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite');
    });
    afterAll(() => t?.close());

    it('gives an API answer, error or not, the short set: no content, no framing, nosniff, same-origin', async () => {
      const signedOut = await t.app.inject({ method: 'GET', url: '/api/users/me' });
      expect(signedOut.statusCode).toBe(401);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      for (const response of [signedOut, health]) {
        for (const [name, value] of apiSecurityHeaders) expect(response.headers[name]).toBe(value);
        expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        for (const name of documentOnlyHeaders.filter((header) => header !== 'content-security-policy')) expect(response.headers[name]).toBeUndefined();
      }
    });

    it('gives pages, the API’s own Swagger UI included, and answers outside /api helmet’s headers', async () => {
      for (const url of ['/api/docs', '/metrics', '/nowhere']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
        expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      }
    });
  });
});

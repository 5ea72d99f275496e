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

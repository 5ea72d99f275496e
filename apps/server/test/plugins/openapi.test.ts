import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../../src/app';
import type { DatabaseHandle } from '../../src/db/client';
import { openTestDatabase, testConfig } from '../support/test-app';

type OpenApiDocument = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
      }
    >
  >;
};
type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; required?: string[] };

describe('the OpenAPI document', () => {
  let database: DatabaseHandle;
  let app: AppInstance;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({ config: testConfig(), database, logger: false, onRoute: (route) => void routes.push(route) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function documentOf(): Promise<OpenApiDocument> {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it('lists every route the app registered, with its method (the docs pages themselves and HEAD aside)', async () => {
    const expected = new Set<string>();
    for (const route of routes) {
      const schema = route.schema as { hide?: boolean } | undefined;
      if (schema?.hide) continue;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        expected.add(`${method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
      }
    }
    const document = await documentOf();
    expect(document.openapi).toMatch(/^3\./);
    const documented = new Set(Object.entries(document.paths).flatMap(([url, operations]) => Object.keys(operations).map((method) => `${method} ${url}`)));
    expect(expected.size).toBeGreaterThan(60);
    expect([...documented].sort()).toEqual([...expected].sort());
    for (const known of ['post /api/rides', 'get /api/ready', 'get /metrics', 'post /api/rides/{id}/accept']) expect(documented).toContain(known);
  });

  it('describes a route’s request and responses from its zod schemas', async () => {
    const quote = (await documentOf()).paths['/api/rides/quote']!.post!;
    expect(quote.tags).toEqual(['rides']);
    const body = quote.requestBody!.content['application/json']!.schema;
    expect(body.required).toEqual(expect.arrayContaining(['pickupLocation', 'dropoffLocation']));
    expect(body.properties!.pickupLocation!.properties).toHaveProperty('lat');

    const ok = quote.responses['200']!.content!['application/json']!.schema;
    expect(ok.properties!.totalFare!.type).toBe('integer');
    expect(ok.properties!.currency).toBeDefined();
    const unauthenticated = quote.responses['401']!.content!['application/json']!.schema;
    expect(unauthenticated.required).toEqual(expect.arrayContaining(['error', 'code']));
  });

  it('is rendered at /api/docs with scripts the app’s Content-Security-Policy allows (served from this server, none inline)', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\//);
      expect(inline!.trim()).toBe('');
    }
    const bundle = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const initializer = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });
});

import { CONTROL_CHARACTERS_MESSAGE, NOTHING_TO_CHANGE_MESSAGE } from '@coride/domain';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { bearer, customerPayload } from './support/fixtures';
import { backends, openTestDatabase, testConfig } from './support/test-app';
import { api, approvedLicensee, book, expectOk, onlineDriver, rider, TIMES_SQUARE, type Person } from './support/world';
import { arbitraryFor, encodeUrlComponent, hostileHeaderValue, hostileString } from './support/zod-arbitrary';

/*
 * Bad input answers 4xx, never 5xx (security review M6: a NUL byte in any text field and an empty
 * PATCH used to reach the database and fail there as a 500). The property test walks the app's own
 * route table, so a route added later is fuzzed without anyone listing it here.
 */

const PASSWORD = 'correct horse battery';
const ADMIN_PASSWORD = 'admin-password-1';
/** Requests per route (and backend). */
const RUNS_PER_ROUTE = 20;

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
type Route = {
  method: Method;
  url: string;
  schema: { body?: z.core.$ZodType; querystring?: z.core.$ZodType; params?: z.core.$ZodType; headers?: z.core.$ZodType };
};
type ActorName = 'anonymous' | 'customer' | 'driver' | 'licensee' | 'admin';
type Actor = Person & { email: string; password: string };

const hasBody = (method: Method) => method === 'POST' || method === 'PUT' || method === 'PATCH';

/** Every route as Fastify registers it (HEAD twins included); the WebSocket route is left out. */
function collectRoute(routes: Route[], route: RouteOptions): void {
  // The WebSocket endpoint upgrades the connection; inject cannot speak it (realtime.test.ts covers its messages).
  if ((route as RouteOptions & { websocket?: boolean }).websocket) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) routes.push({ method: method as Method, url: route.url, schema: (route.schema ?? {}) as Route['schema'] });
}

function queryString(values: unknown): string {
  if (!values || typeof values !== 'object') return '';
  const pairs = Object.entries(values as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeUrlComponent(key)}=${encodeUrlComponent(typeof value === 'string' ? value : JSON.stringify(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function fillPath(url: string, params: Record<string, unknown>): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    return encodeUrlComponent(typeof value === 'string' ? value : String(value ?? 'x'));
  });
}

describe.each(backends)('bad input on %s', (backend) => {
  let app: AppInstance;
  let database: DatabaseHandle;
  const routes: Route[] = [];
  const actors = {} as Record<Exclude<ActorName, 'anonymous'>, Actor>;
  const knownIds: string[] = [];
  let favoriteId: string;

  const tokenOf = (name: ActorName) => (name === 'anonymous' ? undefined : actors[name].token);

  async function signIn(email: string, password: string): Promise<Person> {
    // From an address of its own: the fuzzed sign-ins' failures lock out theirs (the sign-in throttle).
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: '127.0.0.2' });
    const body = await expectOk<{ user: { id: string }; token: string }>(response);
    return { id: body.user.id, token: body.token };
  }

  async function withEmail(person: Person, password: string): Promise<Actor> {
    const me = await expectOk<{ email: string }>(await api.get(app, '/api/users/me', person));
    return { ...person, email: me.email, password };
  }

  /** A fuzzed logout, or a clock moved past the session's life, signs an actor out: sign them in again. */
  async function keepSignedIn(): Promise<void> {
    for (const actor of Object.values(actors)) {
      const response = await api.get(app, '/api/users/me', actor);
      if (response.statusCode === 401) Object.assign(actor, await signIn(actor.email, actor.password));
    }
  }

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    // TEST_CLOCK registers the test-only clock route too, so it is fuzzed with the rest.
    const config = testConfig({ DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0', TEST_CLOCK: 'true' });
    app = await buildApp({ config, database, logger: false, onRoute: (route) => collectRoute(routes, route) });
    await app.ready();

    const adminEmail = `admin.fuzz.${backend}@example.com`;
    await app.services.accounts.ensureAdmin(adminEmail, ADMIN_PASSWORD);
    actors.admin = { ...(await signIn(adminEmail, ADMIN_PASSWORD)), email: adminEmail, password: ADMIN_PASSWORD };
    const licensee = await approvedLicensee(app, actors.admin);
    actors.licensee = await withEmail(licensee, PASSWORD);
    actors.driver = await withEmail(await onlineDriver(app, actors.admin), PASSWORD);
    actors.customer = await withEmail(await rider(app), PASSWORD);

    // Rows that exist, so uuid fields sometimes name a real one and the request reaches a service.
    const favorite = await expectOk<{ id: string }>(await api.post(app, '/api/favorite-locations', actors.customer, { name: 'Work', ...TIMES_SQUARE }), 201);
    favoriteId = favorite.id;
    const ride = await expectOk<{ id: string }>(await book(app, actors.customer), 201);
    const methods = await expectOk<{ id: string }[]>(await api.get(app, '/api/payment-methods', actors.customer));
    const applications = await expectOk<{ id: string }[]>(await api.get(app, '/api/driver-applications', actors.admin));
    knownIds.push(
      favorite.id,
      ride.id,
      licensee.territoryId,
      actors.customer.id,
      actors.driver.id,
      ...methods.map((m) => m.id),
      ...applications.map((a) => a.id),
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers an empty PATCH of a favorite place with 400 "Nothing to change" and leaves it as it was', async () => {
    const response = await api.patch(app, `/api/favorite-locations/${favoriteId}`, actors.customer, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: NOTHING_TO_CHANGE_MESSAGE });
    const favorites = await expectOk<{ id: string; name: string }[]>(await api.get(app, '/api/favorite-locations', actors.customer));
    expect(favorites.find((f) => f.id === favoriteId)?.name).toBe('Work');
  });

  it('answers every PATCH route with 400, never 5xx nor a silent 200, when the body is empty', async () => {
    const patches = routes.filter((route) => route.method === 'PATCH');
    expect(patches.length).toBeGreaterThan(0);
    for (const route of patches) {
      for (const name of ['customer', 'driver', 'licensee', 'admin'] as const) {
        const url = fillPath(route.url, { id: favoriteId });
        const response = await app.inject({ method: 'PATCH', url, headers: bearer(actors[name].token), payload: {} });
        expect([400, 401, 403, 404], `${route.method} ${route.url} as ${name}: ${response.body}`).toContain(response.statusCode);
      }
    }
  });

  it('refuses a NUL byte in the first name at sign-up with a 400 on that field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/register', payload: customerPayload({ firstName: 'Ada\u0000' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { firstName: CONTROL_CHARACTERS_MESSAGE } });
  });

  it('refuses a NUL byte in a favorite place name with a 400 on that field', async () => {
    const created = await api.post(app, '/api/favorite-locations', actors.customer, { ...TIMES_SQUARE, name: 'Wo\u0000rk' });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ fields: { name: CONTROL_CHARACTERS_MESSAGE } });
    const renamed = await api.patch(app, `/api/favorite-locations/${favoriteId}`, actors.customer, { name: 'Wo\u0000rk' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ fields: { name: CONTROL_CHARACTERS_MESSAGE } });
  });

  it('refuses a NUL byte in a chat message with a 400 on that field', async () => {
    const response = await api.post(app, '/api/ai/chat', actors.customer, { message: 'Where is my driver?\u0000' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { message: CONTROL_CHARACTERS_MESSAGE } });
  });

  it('answers no request on any route with 5xx, whatever its strings hold', { timeout: 600_000 }, async () => {
    // Sanity: the route table was seen (the app has dozens of routes), with the ones M6 named.
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.some((r) => r.method === 'PATCH' && r.url === '/api/favorite-locations/:id')).toBe(true);
    const started = Date.now();
    const failures: string[] = [];
    let requests = 0;
    /** How many answers of each class: 2xx shows how many requests got past validation to a service. */
    const answers = new Map<string, number>();

    for (const route of [...routes].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`))) {
      await keepSignedIn();
      // Who may call it: every caller that the route's guard lets through (all of them when none is).
      const probeUrl = fillPath(route.url, { id: knownIds[0] });
      const allowed: ActorName[] = [];
      for (const name of ['anonymous', 'customer', 'driver', 'licensee', 'admin'] as const) {
        const token = tokenOf(name);
        const probe = await app.inject({
          method: route.method,
          url: probeUrl,
          headers: token ? bearer(token) : {},
          ...(hasBody(route.method) ? { payload: {} } : {}),
        });
        if (probe.statusCode >= 500) failures.push(`${route.method} ${route.url} as ${name} with {}: ${probe.statusCode} ${probe.body}`);
        if (probe.statusCode !== 401 && probe.statusCode !== 403) allowed.push(name);
      }
      const callers = allowed.length > 0 ? allowed : (['anonymous', 'customer', 'driver', 'licensee', 'admin'] as const);
      const options = { knownIds };
      const request = fc.record({
        caller: fc.constantFrom(...callers),
        params: route.schema.params
          ? arbitraryFor(route.schema.params, options)
          : fc.dictionary(fc.constantFrom('id'), fc.oneof(hostileString, fc.constantFrom(...knownIds))),
        query: route.schema.querystring ? arbitraryFor(route.schema.querystring, options) : fc.constant(undefined),
        // The one header schema (rides' idempotency key) holds free text; other headers are not read.
        headers: route.schema.headers ? fc.record({ 'idempotency-key': hostileHeaderValue }, { requiredKeys: [] }) : fc.constant<Record<string, string>>({}),
        // An empty object now and then: M6's empty PATCH, and a POST with nothing in it.
        body: hasBody(route.method)
          ? fc.oneof(
              { weight: 1, arbitrary: fc.constant({}) },
              { weight: 5, arbitrary: route.schema.body ? arbitraryFor(route.schema.body, options) : hostileString },
            )
          : fc.constant(undefined),
      });

      const property = fc.asyncProperty(request, async ({ caller, params, query, headers, body }) => {
        const token = tokenOf(caller);
        const url = fillPath(route.url, (params ?? {}) as Record<string, unknown>) + queryString(query);
        const response = await app.inject({
          method: route.method,
          url,
          headers: { ...headers, ...(token ? bearer(token) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        const status = `${String(response.statusCode)[0]}xx`;
        answers.set(status, (answers.get(status) ?? 0) + 1);
        if (response.statusCode >= 500) {
          failures.push(
            `${route.method} ${url.slice(0, 200)} as ${caller}: ${response.statusCode} ${response.body.slice(0, 200)} (body ${JSON.stringify(body)?.slice(0, 300)})`,
          );
        }
      });
      // Every 5xx is listed above (all of them, not just the first); a throw stops the route and is listed here.
      const result = await fc.check(property, { numRuns: RUNS_PER_ROUTE });
      if (result.failed) failures.push(`${route.method} ${route.url}: threw ${String(result.errorInstance)}`);
      requests += RUNS_PER_ROUTE;
    }

    const seconds = (Date.now() - started) / 1000;
    console.info(
      `input fuzz on ${backend}: ${routes.length} routes x ${RUNS_PER_ROUTE} runs (${requests} requests: ${[...answers].map(([k, n]) => `${n} ${k}`).join(', ')}) in ${seconds.toFixed(1)} s`,
    );
    expect(failures).toEqual([]);
  });
});

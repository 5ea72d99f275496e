import {
  apiErrorSchema,
  authResponseSchema,
  driverApplicationSchema,
  driverMeSchema,
  emailSchema,
  fieldErrors,
  licenseeApplicationSchema,
  publicUserSchema,
  registerRequestSchema,
  type DriverApplication,
  type LicenseeApplication,
} from '@coride/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type AppInstance } from '../../../src/app';
import { bearer, customerPayload, driverPayload, licenseePayload, register, uniqueEmail } from '../../support/fixtures';
import { backends, createTestApp, testConfig, type TestApp } from '../../support/test-app';

const password = 'correct horse battery'; // the fixtures' password

/** Each error body has exactly the contract's shape: error, code and optional fields, nothing else. */
function expectApiError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = apiErrorSchema.strict().parse(response.json());
  expect(body.code).toBe(code);
  expect(body.error.length).toBeGreaterThan(0);
  return body;
}

/** A client address per test, so the per-address sign-in throttle of one test never affects another. */
let addressCounter = 0;
const nextAddress = () => `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return [];
}

const publicUserKeys = Object.keys(publicUserSchema.shape).sort();

describe.each(backends)('accounts on %s', (backend) => {
  let t: TestApp;
  let adminToken: string;
  const adminEmail = uniqueEmail('admin');
  const adminPassword = 'admin password 123';

  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.app.services.accounts.ensureAdmin(adminEmail, adminPassword);
    adminToken = (await login(adminEmail, adminPassword)).json().token;
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload });
  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const login = (email: string, pw: string, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: pw }, remoteAddress });

  async function driverApplications(): Promise<DriverApplication[]> {
    const response = await get('/api/driver-applications', adminToken);
    expect(response.statusCode).toBe(200);
    return z.array(driverApplicationSchema).parse(response.json());
  }
  async function licenseeApplications(): Promise<LicenseeApplication[]> {
    const response = await get('/api/licensee-applications', adminToken);
    expect(response.statusCode).toBe(200);
    return z.array(licenseeApplicationSchema).parse(response.json());
  }

  describe('registration', () => {
    it.each([
      ['customer', customerPayload],
      ['driver', driverPayload],
      ['licensee', licenseePayload],
    ] as const)('registers a %s and answers 201 with the user and a working session token', async (role, makePayload) => {
      const payload = makePayload();
      const response = await post('/api/register', payload);
      expect(response.statusCode, response.body).toBe(201);

      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['token', 'user']);
      const { user, token } = authResponseSchema.parse(body);
      expect(Object.keys(body.user).sort()).toEqual(publicUserKeys);
      expect(user).toMatchObject({ role, email: payload.email, firstName: 'Ada', lastName: 'Lovelace', phone: '2125550100' });
      expect(token.length).toBeGreaterThanOrEqual(40);

      const me = await get('/api/users/me', token);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(user);
    });

    it.each([
      ['customer', customerPayload],
      ['driver', driverPayload],
      ['licensee', licenseePayload],
    ] as const)('never sends the password, its hash or other secrets back to a new %s', async (_role, makePayload) => {
      const response = await post('/api/register', makePayload());
      expect(response.statusCode).toBe(201);
      expect(keysOf(response.json()).filter((key) => /password|hash|salt|secret/i.test(key))).toEqual([]);
      const text = response.body;
      expect(text).not.toContain(password);
      expect(text).not.toContain('scrypt$');
      expect(text).not.toContain('D1234567'); // driver licence number
      expect(text).not.toContain('INS-99887'); // insurance number
      expect(text).not.toContain('BL-20240001'); // business licence
    });

    it('stores the email in lower case, so the account signs in with any letter case', async () => {
      const email = `Mixed.Case.${Date.now()}@Example.COM`;
      const registered = await post('/api/register', customerPayload({ email, username: email }));
      expect(registered.statusCode).toBe(201);
      expect(registered.json().user.email).toBe(email.toLowerCase());
      expect((await login(email.toUpperCase(), password)).statusCode).toBe(200);
    });

    it('issues a different token for every session', async () => {
      const payload = customerPayload();
      const { token } = await register(t.app, payload);
      const again = await login(payload.email, password);
      expect(again.json().token).not.toBe(token);
    });

    it('creates a pending driver application with the submitted details, visible to an admin', async () => {
      const payload = driverPayload({ vehicleMake: 'Honda', vehicleModel: 'Odyssey', seatCount: 7, vehicleSize: 'suv', vehicleAge: 'premium' });
      await register(t.app, payload);
      const application = (await driverApplications()).find((a) => a.user.email === payload.email);
      expect(application).toBeDefined();
      expect(application).toMatchObject({
        status: 'pending',
        licenseDocument: 'D1234567',
        reviewNotes: null,
        reviewedAt: null,
        user: { firstName: 'Ada', lastName: 'Lovelace', email: payload.email },
        vehicle: {
          make: 'Honda',
          model: 'Odyssey',
          year: '2021',
          color: 'Blue',
          plate: 'NYC-1234',
          seatCount: 7,
          size: 'suv',
          age: 'premium',
          driveArea: 'Manhattan',
        },
      });
      expect(Number.isNaN(Date.parse(application!.submittedAt))).toBe(false);
      expect(Math.abs(Date.parse(application!.submittedAt) - Date.now())).toBeLessThan(60_000);
    });

    it('creates a pending licensee application with the proposed zip codes as a list, visible to an admin', async () => {
      const payload = licenseePayload({ zipCodes: '10026, 10027,10030 10026', experience: 'expert' });
      await register(t.app, payload);
      const application = (await licenseeApplications()).find((a) => a.user.email === payload.email);
      expect(application).toMatchObject({
        status: 'pending',
        businessName: 'Harlem Rides LLC',
        territoryName: 'Upper Manhattan',
        proposedZipCodes: ['10026', '10027', '10030'],
        businessPlan: payload.businessPlan,
        experience: 'expert',
        reviewNotes: null,
        reviewedAt: null,
        user: { firstName: 'Ada', lastName: 'Lovelace', email: payload.email },
      });
    });

    it('records a licensee who gives no experience with experience null', async () => {
      const { experience: _omitted, ...payload } = licenseePayload();
      await register(t.app, payload);
      const application = (await licenseeApplications()).find((a) => a.user.email === payload.email);
      expect(application?.experience).toBeNull();
    });

    it('lists applications newest first', async () => {
      const first = driverPayload();
      const second = driverPayload();
      await register(t.app, first);
      await register(t.app, second);
      const emails = (await driverApplications()).map((a) => a.user.email);
      expect(emails.indexOf(second.email)).toBeLessThan(emails.indexOf(first.email));
      expect(emails.indexOf(first.email)).toBeGreaterThanOrEqual(0);
    });

    it('creates no application for a customer', async () => {
      const payload = customerPayload();
      await register(t.app, payload);
      expect((await driverApplications()).some((a) => a.user.email === payload.email)).toBe(false);
      expect((await licenseeApplications()).some((a) => a.user.email === payload.email)).toBe(false);
    });

    it('ignores fields a client may not set, such as an approval flag or an id', async () => {
      const payload = driverPayload({ isApproved: true, id: '00000000-0000-0000-0000-000000000001', status: 'approved' });
      const { user, token } = await register(t.app, payload);
      expect(user.id).not.toBe('00000000-0000-0000-0000-000000000001');
      const profile = driverMeSchema.parse((await get('/api/drivers/me', token)).json());
      expect(profile.isApproved).toBe(false);
      expect(profile.applicationStatus).toBe('pending');
    });
  });

  describe('duplicate email', () => {
    it('answers 409 EMAIL_TAKEN for an email that already has an account', async () => {
      const payload = customerPayload();
      await register(t.app, payload);
      const body = expectApiError(await post('/api/register', { ...payload, firstName: 'Other' }), 409, 'EMAIL_TAKEN');
      expect(body.fields).toEqual({ email: 'An account with this email already exists' });
    });

    it('answers 409 EMAIL_TAKEN when only the letter case of the email differs', async () => {
      const payload = customerPayload();
      await register(t.app, payload);
      const shouted = payload.email.toUpperCase();
      expectApiError(await post('/api/register', customerPayload({ email: shouted, username: shouted })), 409, 'EMAIL_TAKEN');
    });

    it('keeps the first account unchanged and creates no application when another role tries the same email', async () => {
      const payload = customerPayload();
      await register(t.app, payload);
      const attempt = driverPayload({ email: payload.email, username: payload.email, password: 'another password', confirmPassword: 'another password' });
      expectApiError(await post('/api/register', attempt), 409, 'EMAIL_TAKEN');

      expect((await driverApplications()).some((a) => a.user.email === payload.email)).toBe(false);
      const signedIn = await login(payload.email, password);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.role).toBe('customer');
      expect((await login(payload.email, 'another password')).statusCode).toBe(401);
    });
  });

  describe('invalid registration', () => {
    const invalidPayloads: [string, Record<string, unknown>][] = [
      ['a customer with a short first name and mismatching passwords', customerPayload({ firstName: 'A', confirmPassword: 'something else' })],
      ['a customer who did not agree to the terms', customerPayload({ terms: false })],
      ['a driver with 9 seats', driverPayload({ seatCount: 9 })],
      ['a driver with 1 seat and no vehicle plate', driverPayload({ seatCount: 1, vehiclePlate: '' })],
      ['a licensee with a 4-digit zip code and a short plan', licenseePayload({ zipCodes: '1002', businessPlan: 'Too short.' })],
      ['a licensee with 11 zip codes', licenseePayload({ zipCodes: Array.from({ length: 11 }, (_, i) => 10001 + i).join(',') })],
      ['an admin sign-up', customerPayload({ role: 'admin' })],
      ['an unknown role', customerPayload({ role: 'superuser' })],
      ['an invalid email', customerPayload({ email: 'ada-at-example.com' })],
    ];

    it.each(invalidPayloads)('answers 400 VALIDATION_FAILED with the per-field messages of the schema for %s', async (_case, payload) => {
      const expected = registerRequestSchema.safeParse(payload);
      expect(expected.success).toBe(false);
      const body = expectApiError(await post('/api/register', payload), 400, 'VALIDATION_FAILED');
      expect(body.fields).toEqual(fieldErrors(expected.error!));
    });

    it('sends the spec messages in fields', async () => {
      const response = await post('/api/register', driverPayload({ firstName: 'A', seatCount: 9, confirmPassword: 'nope nope nope', terms: false }));
      expect(expectApiError(response, 400, 'VALIDATION_FAILED').fields).toEqual({
        firstName: 'First name must be at least 2 characters',
        seatCount: 'Maximum 8 seats allowed',
        confirmPassword: "Passwords don't match",
        terms: 'You must agree to the terms',
      });
    });

    it('rejects the admin role with a message on role', async () => {
      const body = expectApiError(await post('/api/register', customerPayload({ role: 'admin' })), 400, 'VALIDATION_FAILED');
      expect(body.fields).toEqual({ role: 'Role must be customer, driver or licensee' });
    });

    const withValidEmail = invalidPayloads.filter(([, payload]) => emailSchema.safeParse(payload.email).success);
    it.each(withValidEmail)('creates no account and no application for %s', async (_case, payload) => {
      expect((await post('/api/register', payload)).statusCode).toBe(400);
      const email = String(payload.email).toLowerCase();
      expectApiError(await login(email, String(payload.password)), 401, 'INVALID_CREDENTIALS');
      expect((await driverApplications()).some((a) => a.user.email === email)).toBe(false);
      expect((await licenseeApplications()).some((a) => a.user.email === email)).toBe(false);
    });
  });

  describe('login', () => {
    it('answers 200 with the user and a new token that works', async () => {
      const payload = driverPayload();
      const { user } = await register(t.app, payload);
      const response = await login(payload.email, password);
      expect(response.statusCode).toBe(200);
      const body = authResponseSchema.parse(response.json());
      expect(body.user).toEqual(user);
      expect(Object.keys(response.json().user).sort()).toEqual(publicUserKeys);
      expect(response.body).not.toContain('scrypt$');
      expect(keysOf(response.json()).filter((key) => /password|hash/i.test(key))).toEqual([]);
      expect((await get('/api/users/me', body.token)).json()).toEqual(user);
    });

    it('answers a wrong password and an unknown email alike: 401 with the same generic message', async () => {
      const payload = customerPayload();
      await register(t.app, payload);
      const wrongPassword = expectApiError(await login(payload.email, 'not the password'), 401, 'INVALID_CREDENTIALS');
      const unknownEmail = expectApiError(await login(uniqueEmail('nobody'), password), 401, 'INVALID_CREDENTIALS');
      expect(wrongPassword).toEqual(unknownEmail);
      expect(wrongPassword.error).toBe('Invalid email or password');
    });

    it('answers 400 VALIDATION_FAILED for a login without a password', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ada@example.com' }, remoteAddress: nextAddress() });
      expect(expectApiError(response, 400, 'VALIDATION_FAILED').fields).toHaveProperty('password');
    });

    it('answers 429 after 5 failed logins for one email from one address, even with the right password', async () => {
      expect(t.config.loginThrottle.maxFailures).toBe(5);
      const payload = customerPayload();
      await register(t.app, payload);
      // Contract §4: the hard limit is per (email, address); from elsewhere the owner still gets in (login-throttle.test.ts).
      const address = nextAddress();
      for (let i = 0; i < 5; i += 1) expectApiError(await login(payload.email, `wrong ${i} password`, address), 401, 'INVALID_CREDENTIALS');
      const limited = await login(payload.email, password, address);
      expectApiError(limited, 429, 'RATE_LIMITED');
      // Retry-After tells clients when to come back: within the 15-minute window.
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expectApiError(await login(payload.email.toUpperCase(), password, address), 429, 'RATE_LIMITED');
    });

    it('does not lock out other emails when one email is being guessed', async () => {
      const victim = customerPayload();
      const bystander = customerPayload();
      await register(t.app, victim);
      await register(t.app, bystander);
      const address = nextAddress();
      for (let i = 0; i < 5; i += 1) await login(victim.email, 'guess guess guess', address);
      expect((await login(bystander.email, password, address)).statusCode).toBe(200);
    });

    it('answers 429 to one client address after 4 times the per-email limit of failures across many emails', async () => {
      const payload = customerPayload();
      await register(t.app, payload);
      const address = nextAddress();
      for (let i = 0; i < 20; i += 1) expectApiError(await login(uniqueEmail('spray'), password, address), 401, 'INVALID_CREDENTIALS');
      expectApiError(await login(payload.email, password, address), 429, 'RATE_LIMITED');
      // The account itself is not locked: another address signs in.
      expect((await login(payload.email, password)).statusCode).toBe(200);
    });

    it('clears the failure count of an email from an address after a successful login from it', async () => {
      const payload = customerPayload();
      await register(t.app, payload);
      const address = nextAddress();
      for (let i = 0; i < 4; i += 1) await login(payload.email, 'guess guess guess', address);
      expect((await login(payload.email, password, address)).statusCode).toBe(200);
      for (let i = 0; i < 4; i += 1) await login(payload.email, 'guess guess guess', address);
      expect((await login(payload.email, password, address)).statusCode).toBe(200);
    });
  });

  describe('session', () => {
    it('GET /api/users/me answers the signed-in user', async () => {
      const payload = licenseePayload();
      const { user, token } = await register(t.app, payload);
      const response = await get('/api/users/me', token);
      expect(response.statusCode).toBe(200);
      expect(publicUserSchema.strict().parse(response.json())).toEqual(user);
      expect(response.json()).toMatchObject({ email: payload.email, role: 'licensee' });
    });

    it('revokes the token on logout, and only that token', async () => {
      const payload = customerPayload();
      const { token } = await register(t.app, payload);
      const other = (await login(payload.email, password)).json().token as string;

      const loggedOut = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      expect(loggedOut.statusCode).toBe(200);
      expect(loggedOut.json()).toEqual({ ok: true });

      expectApiError(await get('/api/users/me', token), 401, 'UNAUTHENTICATED');
      expectApiError(await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) }), 401, 'UNAUTHENTICATED');
      expect((await get('/api/users/me', other)).statusCode).toBe(200);
    });

    it('answers 401 UNAUTHENTICATED without a token', async () => {
      expectApiError(await get('/api/users/me'), 401, 'UNAUTHENTICATED');
      expectApiError(await t.app.inject({ method: 'POST', url: '/api/logout' }), 401, 'UNAUTHENTICATED');
    });

    it.each([
      ['a garbage token', 'Bearer not-a-real-token'],
      ['an empty bearer token', 'Bearer '],
      ['a token of another shape', `Bearer ${'A'.repeat(43)}`],
    ])('answers 401 UNAUTHENTICATED for %s', async (_case, authorization) => {
      expectApiError(await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization } }), 401, 'UNAUTHENTICATED');
    });

    it('answers 401 for a valid token sent with the Basic scheme', async () => {
      const { token } = await register(t.app, customerPayload());
      const response = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Basic ${token}` } });
      expectApiError(response, 401, 'UNAUTHENTICATED');
      // The same token with the right scheme works, so the scheme is what was refused.
      expect((await get('/api/users/me', token)).statusCode).toBe(200);
    });

    it('accepts the Bearer scheme in any letter case', async () => {
      const { token } = await register(t.app, customerPayload());
      const response = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `bearer ${token}` } });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('roles', () => {
    let tokens: Record<'customer' | 'driver' | 'licensee', string>;
    beforeAll(async () => {
      tokens = {
        customer: (await register(t.app, customerPayload())).token,
        driver: (await register(t.app, driverPayload())).token,
        licensee: (await register(t.app, licenseePayload())).token,
      };
    });

    it.each([
      ['customer', '/api/driver-applications'],
      ['customer', '/api/licensee-applications'],
      ['customer', '/api/drivers/me'],
      ['driver', '/api/driver-applications'],
      ['driver', '/api/licensee-applications'],
      ['licensee', '/api/licensee-applications'],
      ['licensee', '/api/drivers/me'],
    ] as const)('answers 403 FORBIDDEN to a %s calling GET %s', async (role, url) => {
      const body = expectApiError(await get(url, tokens[role]), 403, 'FORBIDDEN');
      expect(body.error).not.toMatch(/stack|at /);
    });

    it('answers 403 to an admin calling the driver profile', async () => {
      expectApiError(await get('/api/drivers/me', adminToken), 403, 'FORBIDDEN');
    });

    it.each(['/api/driver-applications', '/api/licensee-applications', '/api/drivers/me'])(
      'answers 401, not 403, to an anonymous caller of GET %s',
      async (url) => {
        expectApiError(await get(url), 401, 'UNAUTHENTICATED');
      },
    );

    it('lets an admin list both kinds of application', async () => {
      expect((await get('/api/driver-applications', adminToken)).statusCode).toBe(200);
      expect((await get('/api/licensee-applications', adminToken)).statusCode).toBe(200);
    });
  });

  describe('driver profile', () => {
    it('GET /api/drivers/me answers the registered vehicle with application status pending', async () => {
      const payload = driverPayload({ vehicleMake: 'Ford', vehicleModel: 'Transit', vehicleSize: 'large', vehicleAge: 'economy', seatCount: 8 });
      const { token } = await register(t.app, payload);
      const response = await get('/api/drivers/me', token);
      expect(response.statusCode).toBe(200);
      expect(driverMeSchema.parse(response.json())).toMatchObject({
        vehicleMake: 'Ford',
        vehicleModel: 'Transit',
        vehicleYear: '2021',
        vehicleColor: 'Blue',
        vehiclePlate: 'NYC-1234',
        seatCount: 8,
        vehicleSize: 'large',
        vehicleAge: 'economy',
        driveArea: 'Manhattan',
        isApproved: false,
        applicationStatus: 'pending',
        rating: null,
        totalRides: 0,
      });
    });
  });

  describe('request bodies', () => {
    const json = { 'content-type': 'application/json' };

    it.each(['/api/register', '/api/login'])('answers malformed JSON to %s with 400, never 500', async (url) => {
      const response = await t.app.inject({ method: 'POST', url, headers: json, payload: '{"email": "ada@example.com",' });
      expectApiError(response, 400, 'BAD_REQUEST');
    });

    it('answers an empty body sent as JSON with 400', async () => {
      expectApiError(await t.app.inject({ method: 'POST', url: '/api/register', headers: json, payload: '' }), 400, 'BAD_REQUEST');
    });

    it.each(['null', '[]', '"customer"', '42'])('answers the JSON body %s with 400 VALIDATION_FAILED', async (payload) => {
      expectApiError(await t.app.inject({ method: 'POST', url: '/api/register', headers: json, payload }), 400, 'VALIDATION_FAILED');
    });

    it('answers a body with a __proto__ key with 400', async () => {
      const payload = `{"role":"customer","__proto__":{"isAdmin":true}}`;
      const response = await t.app.inject({ method: 'POST', url: '/api/register', headers: json, payload });
      expect(response.statusCode).toBe(400);
      apiErrorSchema.strict().parse(response.json());
    });

    it('answers a body over BODY_LIMIT_BYTES (100 KB by default) with 413', async () => {
      expect(t.config.bodyLimitBytes).toBe(100 * 1024);
      const payload = JSON.stringify(licenseePayload({ businessPlan: 'x'.repeat(101 * 1024) }));
      expectApiError(await t.app.inject({ method: 'POST', url: '/api/register', headers: json, payload }), 413, 'PAYLOAD_TOO_LARGE');
    });

    it('validates rather than refuses a large body under the limit', async () => {
      const payload = JSON.stringify(licenseePayload({ businessPlan: 'x'.repeat(90 * 1024) }));
      const body = expectApiError(await t.app.inject({ method: 'POST', url: '/api/register', headers: json, payload }), 400, 'VALIDATION_FAILED');
      expect(body.fields).toHaveProperty('businessPlan');
    });

    it('answers a text/plain body with 415 and creates nothing', async () => {
      const payload = customerPayload();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify(payload),
      });
      expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect((await login(payload.email, password)).statusCode).toBe(401);
    });

    it('answers a form-encoded body with 415', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=ada%40example.com&password=x',
      });
      expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('ensureAdmin', () => {
    it('creates the admin once and leaves it alone on later calls', async () => {
      const email = uniqueEmail('boss');
      expect(await t.app.services.accounts.ensureAdmin(email, 'first password 1')).toBe('created');
      expect(await t.app.services.accounts.ensureAdmin(email, 'second password 2')).toBe('exists');
      expect(await t.app.services.accounts.ensureAdmin(email.toUpperCase(), 'third password 3')).toBe('exists');

      const signedIn = await login(email, 'first password 1');
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.role).toBe('admin');
      // The later calls did not change the password.
      expect((await login(email, 'second password 2')).statusCode).toBe(401);
    });

    it('stores the admin email trimmed and in lower case', async () => {
      const email = uniqueEmail('chief');
      expect(await t.app.services.accounts.ensureAdmin(`  ${email.toUpperCase()} `, adminPassword)).toBe('created');
      const signedIn = await login(email, adminPassword);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.email).toBe(email);
    });

    it('refuses an email that belongs to a non-admin account and leaves that account as it was', async () => {
      const payload = customerPayload();
      await register(t.app, payload);
      await expect(t.app.services.accounts.ensureAdmin(payload.email, 'take over 12345')).rejects.toThrow(/belongs to a customer account/);

      const signedIn = await login(payload.email, password);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.role).toBe('customer');
      expect((await login(payload.email, 'take over 12345')).statusCode).toBe(401);
    });

    it('gives the admin access to the admin lists', async () => {
      const email = uniqueEmail('root');
      await t.app.services.accounts.ensureAdmin(email, adminPassword);
      const token = (await login(email, adminPassword)).json().token as string;
      expect((await get('/api/users/me', token)).json()).toMatchObject({ role: 'admin', email });
      expect((await get('/api/licensee-applications', token)).statusCode).toBe(200);
    });
  });

  describe('configuration', () => {
    /** A second app on the same database with other settings (and optionally a hand-moved clock). */
    async function withApp(overrides: Record<string, string>, run: (app: AppInstance) => Promise<void>, now?: () => Date) {
      const app = await buildApp({ config: testConfig(overrides), database: t.database, now, logger: false });
      try {
        await run(app);
      } finally {
        await app.close();
      }
    }

    it('stops accepting a token once SESSION_TTL_HOURS have passed', async () => {
      let now = new Date('2030-01-01T00:00:00Z');
      await withApp(
        { SESSION_TTL_HOURS: '1' },
        async (app) => {
          const { token } = await register(app, customerPayload());
          const me = () => app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
          now = new Date('2030-01-01T00:59:00Z');
          expect((await me()).statusCode).toBe(200);
          now = new Date('2030-01-01T01:00:01Z');
          expectApiError(await me(), 401, 'UNAUTHENTICATED');
        },
        () => now,
      );
    });

    it('throttles after LOGIN_MAX_FAILURES failed logins', async () => {
      await withApp({ LOGIN_MAX_FAILURES: '2' }, async (app) => {
        const payload = customerPayload();
        await register(app, payload);
        const address = nextAddress();
        const attempt = (pw: string) =>
          app.inject({ method: 'POST', url: '/api/login', payload: { email: payload.email, password: pw }, remoteAddress: address });
        expectApiError(await attempt('wrong password 1'), 401, 'INVALID_CREDENTIALS');
        expectApiError(await attempt('wrong password 2'), 401, 'INVALID_CREDENTIALS');
        expectApiError(await attempt(password), 429, 'RATE_LIMITED');
      });
    });

    it('refuses bodies over BODY_LIMIT_BYTES with 413', async () => {
      await withApp({ BODY_LIMIT_BYTES: '2048' }, async (app) => {
        const small = await app.inject({ method: 'POST', url: '/api/register', payload: customerPayload() });
        expect(small.statusCode).toBe(201);
        const big = await app.inject({ method: 'POST', url: '/api/register', payload: customerPayload({ homeAddress: 'x'.repeat(3000) }) });
        expectApiError(big, 413, 'PAYLOAD_TOO_LARGE');
      });
    });
  });

  describe.runIf(backend === 'postgres')('concurrent registration', () => {
    it('gives exactly one 201 and nine 409 for 10 simultaneous registrations of one email', async () => {
      const email = uniqueEmail('race');
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          // Half of them in upper case: the race must be decided on the normalised email.
          const sent = i % 2 === 0 ? email : email.toUpperCase();
          return post('/api/register', driverPayload({ email: sent, username: sent, vehiclePlate: `RACE-${i}` }));
        }),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const response of responses.filter((r) => r.statusCode === 409)) expectApiError(response, 409, 'EMAIL_TAKEN');

      // One account, with the application of the winner only.
      const winner = responses.find((r) => r.statusCode === 201)!.json().user.id as string;
      const applications = (await driverApplications()).filter((a) => a.user.email === email);
      expect(applications).toHaveLength(1);
      const signedIn = await login(email, password);
      expect(signedIn.json().user.id).toBe(winner);
    });
  });
});

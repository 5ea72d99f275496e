import { apiErrorSchema, publicUserSchema } from '@coride/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../../src/app';
import { customerPayload, driverPayload, register } from '../../support/fixtures';
import { redisUrl } from '../../support/redis';
import { backends, createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, book, eventually, expectOk, HERALD_SQUARE, registeredDriver, signInAdmin, type Person } from '../../support/world';

/*
 * Email verification, profile edits, password change and password reset (contract §8): the routes with
 * good and bad inputs, the one-time links' lifetimes on an injected clock, which sessions survive, the
 * mails written in the user's language, and REQUIRE_VERIFIED_EMAIL's gate on booking and going online.
 */

const PASSWORD = 'correct horse battery'; // the fixtures' password
const HOUR_MS = 3_600_000;

function expectApiError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = apiErrorSchema.strict().parse(response.json());
  expect(body.code).toBe(code);
  return body;
}

/** The token of the newest mail of this template to the user, read from the outbox (as the mail's link has it). */
async function mailedToken(app: AppInstance, userId: string, template: 'email-verification' | 'password-reset'): Promise<string> {
  const mails = (await app.services.mail.mailsOf({ userId })).filter((mail) => mail.template === template);
  const path = (mails.at(-1)?.data as { path?: string } | undefined)?.path;
  expect(path, `no ${template} mail`).toBeDefined();
  const url = new URL(path!, 'http://x');
  expect(url.pathname).toBe(template === 'password-reset' ? '/reset-password' : '/verify-email');
  return url.searchParams.get('token')!;
}

const login = (app: AppInstance, email: string, password: string) => app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const me = (app: AppInstance, token: string) => api.get(app, '/api/users/me', { id: '', token });

describe.each(backends)('email verification, profile and password on %s', (backend) => {
  let t: TestApp;
  let clock = Date.now();
  const now = () => new Date(clock);

  beforeAll(async () => {
    t = await createTestApp(backend, {}, now);
  });
  afterAll(() => t?.close());

  async function signUp(overrides: Record<string, unknown> = {}) {
    const payload = customerPayload(overrides);
    const registered = await register(t.app, payload);
    return { ...registered, email: payload.email, person: { id: registered.user.id, token: registered.token } };
  }

  describe('email verification', () => {
    it('sign-up writes a verification mail in the account language, and GET /api/users/me says the email is not verified', async () => {
      const user = await signUp({ language: 'fr' });
      const mails = await t.app.services.mail.mailsOf({ userId: user.user.id });
      expect(mails.map((mail) => [mail.template, mail.language, mail.toAddress])).toEqual([['email-verification', 'fr', user.email]]);
      const body = publicUserSchema.strict().parse(await expectOk(await me(t.app, user.token)));
      expect(body).toMatchObject({ emailVerified: false, language: 'fr', homeAddress: '350 5th Ave, New York, NY' });
    });

    it('the mailed token confirms the email once; the same token again is refused', async () => {
      const user = await signUp();
      const token = await mailedToken(t.app, user.user.id, 'email-verification');
      const verified = await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token } });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toMatchObject({ id: user.user.id, emailVerified: true });
      // The session cache dropped the row: the signed-in user sees it at once.
      expect((await me(t.app, user.token)).json()).toMatchObject({ emailVerified: true });
      expectApiError(await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token } }), 400, 'TOKEN_INVALID');
    });

    it('refuses an unknown token, a malformed one and one past its 7 days', async () => {
      expectApiError(await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token: 'A'.repeat(43) } }), 400, 'TOKEN_INVALID');
      const malformed = expectApiError(
        await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token: '../etc' } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(malformed.fields).toHaveProperty('token');
      const user = await signUp();
      const token = await mailedToken(t.app, user.user.id, 'email-verification');
      clock += 7 * 24 * HOUR_MS + 1000;
      try {
        expectApiError(await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token } }), 400, 'TOKEN_EXPIRED');
      } finally {
        clock = Date.now();
      }
      expect((await me(t.app, user.token)).json()).toMatchObject({ emailVerified: false });
    });

    it('resending mails a new link and ends the old one; a confirmed email gets 409; signed out gets 401', async () => {
      const user = await signUp();
      const first = await mailedToken(t.app, user.user.id, 'email-verification');
      await expectOk(await api.post(t.app, '/api/users/me/verification-email', user.person), 202);
      const second = await mailedToken(t.app, user.user.id, 'email-verification');
      expect(second).not.toBe(first);
      expectApiError(await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token: first } }), 400, 'TOKEN_INVALID');
      await expectOk(await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token: second } }));
      expectApiError(await api.post(t.app, '/api/users/me/verification-email', user.person), 409, 'CONFLICT');
      expectApiError(await t.app.inject({ method: 'POST', url: '/api/users/me/verification-email' }), 401, 'UNAUTHENTICATED');
    });
  });

  describe('PATCH /api/users/me', () => {
    it('changes the given fields and the signed-in user sees them at once', async () => {
      const user = await signUp();
      await expectOk(await me(t.app, user.token)); // cached now
      const changed = await expectOk(
        await api.patch(t.app, '/api/users/me', user.person, {
          firstName: 'Grace',
          phone: '2125550199',
          homeAddress: '1 Main St, Brooklyn, NY',
          language: 'de',
        }),
      );
      expect(changed).toMatchObject({ firstName: 'Grace', lastName: 'Lovelace', phone: '2125550199', homeAddress: '1 Main St, Brooklyn, NY', language: 'de' });
      expect((await me(t.app, user.token)).json()).toMatchObject({ firstName: 'Grace', language: 'de' });
    });

    it('applies the sign-up rules and messages, refuses an empty change, unknown languages and a signed-out caller', async () => {
      const user = await signUp();
      const bad = expectApiError(
        await api.patch(t.app, '/api/users/me', user.person, { firstName: 'A', lastName: ' ', phone: '123', homeAddress: 'x', language: 'xx' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(bad.fields).toEqual({
        firstName: 'First name must be at least 2 characters',
        lastName: 'Last name must be at least 2 characters',
        phone: 'Phone number must be at least 10 digits',
        homeAddress: 'Home address is required',
        language: 'Unknown language',
      });
      expectApiError(await api.patch(t.app, '/api/users/me', user.person, {}), 400, 'VALIDATION_FAILED');
      expectApiError(await api.patch(t.app, '/api/users/me', user.person, { firstName: 'Bad\u0000Name' }), 400, 'VALIDATION_FAILED');
      expectApiError(await t.app.inject({ method: 'PATCH', url: '/api/users/me', payload: { firstName: 'Grace' } }), 401, 'UNAUTHENTICATED');
      expect((await me(t.app, user.token)).json()).toMatchObject({ firstName: 'Ada' });
    });

    it('refuses a home address on an account that is not a rider', async () => {
      const driver = await register(t.app, driverPayload());
      const refused = expectApiError(
        await api.patch(t.app, '/api/users/me', { id: driver.user.id, token: driver.token }, { homeAddress: '1 Main St, Brooklyn' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(refused.fields).toHaveProperty('homeAddress');
    });
  });

  describe('POST /api/users/me/password', () => {
    it('changes the password, signs out every other session, keeps the caller, and mails the owner in their language', async () => {
      const user = await signUp({ language: 'es' });
      const other = (await expectOk<{ token: string }>(await login(t.app, user.email, PASSWORD))).token;
      await expectOk(await me(t.app, other)); // cached on this instance
      await expectOk(await api.post(t.app, '/api/users/me/password', user.person, { currentPassword: PASSWORD, newPassword: 'a brand new secret' }));
      expectApiError(await me(t.app, other), 401, 'UNAUTHENTICATED');
      await expectOk(await me(t.app, user.token));
      expectApiError(await login(t.app, user.email, PASSWORD), 401, 'INVALID_CREDENTIALS');
      await expectOk(await login(t.app, user.email, 'a brand new secret'));
      const changed = (await t.app.services.mail.mailsOf({ userId: user.user.id })).filter((mail) => mail.template === 'password-changed');
      expect(changed.map((mail) => mail.language)).toEqual(['es']);
    });

    it('refuses a wrong current password with a field message, and changes nothing', async () => {
      const user = await signUp();
      const other = (await expectOk<{ token: string }>(await login(t.app, user.email, PASSWORD))).token;
      const wrong = expectApiError(
        await api.post(t.app, '/api/users/me/password', user.person, { currentPassword: 'not my password', newPassword: 'a brand new secret' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(wrong.fields).toEqual({ currentPassword: 'Current password is incorrect' });
      await expectOk(await me(t.app, other));
      await expectOk(await login(t.app, user.email, PASSWORD));
      const short = expectApiError(
        await api.post(t.app, '/api/users/me/password', user.person, { currentPassword: PASSWORD, newPassword: 'short' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(short.fields).toEqual({ newPassword: 'Password must be at least 8 characters' });
      expectApiError(
        await t.app.inject({ method: 'POST', url: '/api/users/me/password', payload: { currentPassword: PASSWORD, newPassword: 'x'.repeat(10) } }),
        401,
        'UNAUTHENTICATED',
      );
    });

    it('counts wrong current passwords like failed sign-ins: the sixth is refused with 429', async () => {
      const user = await signUp();
      for (let i = 0; i < 5; i += 1) {
        expectApiError(
          await api.post(t.app, '/api/users/me/password', user.person, { currentPassword: `guess ${i}`, newPassword: 'a brand new secret' }),
          400,
          'VALIDATION_FAILED',
        );
      }
      expectApiError(
        await api.post(t.app, '/api/users/me/password', user.person, { currentPassword: PASSWORD, newPassword: 'a brand new secret' }),
        429,
        'RATE_LIMITED',
      );
    });
  });

  describe('password reset', () => {
    const reset = (email: string) => t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email } });
    const confirm = (token: string, password: string) => t.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password } });

    it('answers 202 for an unknown address and writes no mail', async () => {
      const before = await t.app.services.mail.counts();
      const response = await reset('nobody.here@example.com');
      expect(response.statusCode).toBe(202);
      expect(await t.app.services.mail.counts()).toEqual(before);
    });

    it('answers 202 for a known address (given in any case) and mails a link in the user language', async () => {
      const user = await signUp({ language: 'ja' });
      const response = await reset(`  ${user.email.toUpperCase()} `);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ ok: true });
      const mails = (await t.app.services.mail.mailsOf({ userId: user.user.id })).filter((mail) => mail.template === 'password-reset');
      expect(mails.map((mail) => mail.language)).toEqual(['ja']);
      expectApiError(await reset('not an email'), 400, 'VALIDATION_FAILED');
    });

    it('the link sets the password once, revokes every session, confirms the email, and mails that the password changed', async () => {
      const user = await signUp();
      const other = (await expectOk<{ token: string }>(await login(t.app, user.email, PASSWORD))).token;
      await expectOk(await me(t.app, user.token));
      await reset(user.email);
      const token = await mailedToken(t.app, user.user.id, 'password-reset');
      await expectOk(await confirm(token, 'reset to this one'));
      expectApiError(await me(t.app, user.token), 401, 'UNAUTHENTICATED');
      expectApiError(await me(t.app, other), 401, 'UNAUTHENTICATED');
      expectApiError(await login(t.app, user.email, PASSWORD), 401, 'INVALID_CREDENTIALS');
      const signedIn = await expectOk<{ user: { emailVerified: boolean } }>(await login(t.app, user.email, 'reset to this one'));
      expect(signedIn.user.emailVerified).toBe(true);
      expectApiError(await confirm(token, 'and once more please'), 400, 'TOKEN_INVALID');
      const templates = (await t.app.services.mail.mailsOf({ userId: user.user.id })).map((mail) => mail.template);
      expect(templates).toContain('password-changed');
    });

    it('a link older than one hour is refused and changes nothing; a newer request ends the older link', async () => {
      const user = await signUp();
      await reset(user.email);
      const old = await mailedToken(t.app, user.user.id, 'password-reset');
      clock += HOUR_MS + 1000;
      try {
        expectApiError(await confirm(old, 'too late for this'), 400, 'TOKEN_EXPIRED');
      } finally {
        clock = Date.now();
      }
      await expectOk(await me(t.app, user.token));
      await reset(user.email);
      const first = await mailedToken(t.app, user.user.id, 'password-reset');
      await reset(user.email);
      const second = await mailedToken(t.app, user.user.id, 'password-reset');
      expectApiError(await confirm(first, 'an older link'), 400, 'TOKEN_INVALID');
      await expectOk(await confirm(second, 'the newest link'));
      expectApiError(await confirm('B'.repeat(43), 'unknown token'), 400, 'TOKEN_INVALID');
      const weak = expectApiError(await confirm(second, 'short'), 400, 'VALIDATION_FAILED');
      expect(weak.fields).toEqual({ password: 'Password must be at least 8 characters' });
    });

    it('a verification token is no reset token, nor the other way round', async () => {
      const user = await signUp();
      const verification = await mailedToken(t.app, user.user.id, 'email-verification');
      expectApiError(await confirm(verification, 'not a reset link'), 400, 'TOKEN_INVALID');
      await reset(user.email);
      const resetToken = await mailedToken(t.app, user.user.id, 'password-reset');
      expectApiError(await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token: resetToken } }), 400, 'TOKEN_INVALID');
    });
  });

  it('booking and going online do not wait for a confirmed email by default', async () => {
    const user = await signUp();
    // Any answer but EMAIL_NOT_VERIFIED: the rider has no card, so booking stops later, for that.
    const booked = await book(t.app, user.person);
    expect(booked.json().code).not.toBe('EMAIL_NOT_VERIFIED');
  });
});

describe.each(backends)('REQUIRE_VERIFIED_EMAIL=true on %s', (backend) => {
  let t: TestApp;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp(backend, { REQUIRE_VERIFIED_EMAIL: 'true' });
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
  });
  afterAll(() => t?.close());

  async function verify(userId: string) {
    const mails = (await t.app.services.mail.mailsOf({ userId })).filter((mail) => mail.template === 'email-verification');
    const token = new URL((mails.at(-1)!.data as { path: string }).path, 'http://x').searchParams.get('token')!;
    await expectOk(await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token } }));
  }

  it('refuses booking with 403 EMAIL_NOT_VERIFIED until the rider confirms, then lets it through', async () => {
    const registered = await register(t.app, customerPayload());
    const person = { id: registered.user.id, token: registered.token };
    await expectOk(await api.post(t.app, '/api/payment-methods', person, { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123' }), 201);
    expectApiError(await book(t.app, person), 403, 'EMAIL_NOT_VERIFIED');
    await verify(person.id);
    expect((await book(t.app, person)).statusCode).toBe(201);
  });

  it('refuses going online until the driver confirms; going offline is never refused', async () => {
    const driver = await registeredDriver(t.app, admin);
    expectApiError(await api.patch(t.app, '/api/drivers/status', driver, { status: 'online', location: HERALD_SQUARE }), 403, 'EMAIL_NOT_VERIFIED');
    await expectOk(await api.patch(t.app, '/api/drivers/status', driver, { status: 'offline' }));
    await verify(driver.id);
    await expectOk(await api.patch(t.app, '/api/drivers/status', driver, { status: 'online', location: HERALD_SQUARE }));
  });
});

describe.each(sharedBackends)('password reset request limits on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { PASSWORD_RESET_RATE_LIMIT_PER_HOUR: '5', PASSWORD_RESET_RATE_LIMIT_PER_EMAIL_HOUR: '2' });
  });
  afterAll(() => t?.close());
  const reset = (email: string) => t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email } });

  it('limits requests per email, whether or not it has an account, and per address', async () => {
    expect((await reset('limit.one@example.com')).statusCode).toBe(202);
    expect((await reset('limit.one@example.com')).statusCode).toBe(202);
    expectApiError(await reset('limit.one@example.com'), 429, 'RATE_LIMITED');
    expect((await reset('limit.two@example.com')).statusCode).toBe(202);
    expect((await reset('limit.three@example.com')).statusCode).toBe(202);
    // Five from this address within the hour (the refused one counted too).
    expectApiError(await reset('limit.four@example.com'), 429, 'RATE_LIMITED');
  });
});

describe.runIf(process.env.DATABASE_URL && redisUrl)('a password reset across two instances on one PostgreSQL and one Redis', () => {
  let t: TestApp;
  let b: Awaited<ReturnType<TestApp['twin']>>;

  beforeAll(async () => {
    t = await createTestApp('postgres+redis', { SESSION_CACHE_TTL_MS: '120000' });
    b = await t.twin();
  });
  afterAll(async () => {
    await b?.closeTwin();
    await t?.close();
  });

  it('a reset confirmed on A signs the user out on B at once, though B had the token cached', async () => {
    const payload = customerPayload();
    const registered = await register(t.app, payload);
    await expectOk(await me(b, registered.token));
    await expectOk(await me(b, registered.token)); // served from B's cache
    expect((await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email: payload.email } })).statusCode).toBe(202);
    const token = await mailedToken(t.app, registered.user.id, 'password-reset');
    await expectOk(await t.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password: 'a new one on A' } }));
    await eventually(async () => expect((await me(b, registered.token)).statusCode).toBe(401), { timeoutMs: 1000, everyMs: 10 });
  });

  it('a password change on A signs the other session out on B, and keeps the caller on both', async () => {
    const payload = customerPayload();
    const registered = await register(t.app, payload);
    const other = (await expectOk<{ token: string }>(await login(b, payload.email, PASSWORD))).token;
    await expectOk(await me(b, other));
    await expectOk(await me(b, registered.token));
    await expectOk(
      await api.post(
        t.app,
        '/api/users/me/password',
        { id: registered.user.id, token: registered.token },
        { currentPassword: PASSWORD, newPassword: 'changed on A' },
      ),
    );
    await eventually(async () => expect((await me(b, other)).statusCode).toBe(401), { timeoutMs: 1000, everyMs: 10 });
    await expectOk(await me(b, registered.token));
  });
});

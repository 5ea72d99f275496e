import type { Ride } from '@coride/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPresence, mailOutbox, sessions, users } from '../../../src/db/schema';
import { customerPayload, register } from '../../support/fixtures';
import { redisUrl } from '../../support/redis';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  eventually,
  expectOk,
  HERALD_SQUARE,
  MIDTOWN_ZIPS,
  onlineDriver,
  rider,
  signInAdmin,
  type Person,
} from '../../support/world';

/*
 * Contract §8, ADR 025: GET /api/users/me/export hands over everything held about the caller and
 * nothing of anyone else; DELETE /api/users/me {password} ends the account at once (every session,
 * sign-in refused like a wrong password) unless a ride is under way or a dispute is open.
 */

const PASSWORD = 'correct horse battery';

const deleteAccount = (t: TestApp, person: Person, password = PASSWORD) =>
  t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: { authorization: `Bearer ${person.token}` }, payload: { password } });

const signIn = (t: TestApp, email: string, password = PASSWORD) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

describe.each(backends)('export and account deletion on %s', (backend) => {
  let t: TestApp;
  const clock = new Date('2026-11-20T12:00:00Z');
  let admin: Person;
  let driver: Person;

  beforeAll(async () => {
    t = await createTestApp(backend, { DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0' }, () => clock);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin, MIDTOWN_ZIPS, 'Midtown');
    driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
  }, 60_000);
  afterAll(() => t?.close());

  const post = (url: string, who: Person, body?: unknown) => api.post(t.app, url, who, body);

  async function completedRide(person: Person): Promise<Ride> {
    const ride = await expectOk<Ride>(await book(t.app, person), 201);
    await t.app.services.dispatcher.sweep();
    await expectOk(await post(`/api/rides/${ride.id}/accept`, driver));
    await expectOk(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    return expectOk<Ride>(await post(`/api/rides/${ride.id}/complete`, driver));
  }

  describe('GET /api/users/me/export', () => {
    it("is a JSON download of the caller's account, trips, cards, favorites and mails, and holds nothing of another rider", async () => {
      const registered = await register(t.app, customerPayload({ firstName: 'Octavia', lastName: 'Exportsson', homeAddress: '9 Export Row, New York, NY' }));
      const person = { id: registered.user.id, token: registered.token };
      await expectOk(await post('/api/payment-methods', person, { cardNumber: '5555 5555 5555 4444', expiryDate: '08/31', cvc: '123' }), 201);
      await expectOk(await post('/api/favorite-locations', person, { name: 'Gym', address: '5 Barbell Street, New York, NY', lat: 40.75, lng: -73.99 }), 201);
      const ride = await completedRide(person);
      await expectOk(await post(`/api/rides/${ride.id}/rate`, person, { rating: 5, comment: 'Octavia says: smooth ride' }));

      const other = await register(
        t.app,
        customerPayload({ firstName: 'Bartholomew', lastName: 'Otherrider', homeAddress: '1 Elsewhere Court, New York, NY' }),
      );
      const otherPerson = { id: other.user.id, token: other.token };
      await expectOk(
        await post('/api/favorite-locations', otherPerson, { name: 'Secret spot', address: '8 Not Yours Alley, New York, NY', lat: 40.75, lng: -73.99 }),
        201,
      );

      const response = await api.get(t.app, '/api/users/me/export', person);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="coride-my-data-2026-11-20\.json"$/);
      expect(response.headers['cache-control']).toBe('no-store');
      const exported = response.json() as { userId: string; data: Record<string, Record<string, unknown>> };
      expect(exported.userId).toBe(person.id);
      expect(exported.data.account).toMatchObject({
        account: { email: registered.user.email, firstName: 'Octavia', lastName: 'Exportsson', homeAddress: '9 Export Row, New York, NY' },
      });
      expect((exported.data.account!.sessions as unknown[]).length).toBeGreaterThan(0);
      expect(exported.data.rides!.asRider).toEqual([
        expect.objectContaining({ id: ride.id, ratingComment: 'Octavia says: smooth ride', totalFare: ride.totalFare }),
      ]);
      expect(exported.data.payments!.paymentMethods).toEqual([expect.objectContaining({ brand: 'mastercard', lastFour: '4444' })]);
      expect((exported.data.payments!.ledger as { entries: { account: string }[] }).entries.every((entry) => entry.account === `rider:${person.id}`)).toBe(
        true,
      );
      expect((exported.data.payments!.ledger as { entries: unknown[] }).entries.length).toBeGreaterThan(0);
      expect(exported.data.favorites).toEqual([expect.objectContaining({ name: 'Gym', address: '5 Barbell Street, New York, NY' })]);
      expect(exported.data.mails).toEqual(expect.arrayContaining([expect.objectContaining({ template: 'ride-receipt', toAddress: registered.user.email })]));
      expect(Object.keys(exported.data)).toEqual(
        expect.arrayContaining(['account', 'rides', 'payments', 'favorites', 'assistant', 'notifications', 'mails', 'rewards']),
      );

      const text = response.body;
      // Nothing of the other rider, and no secret: hashes, card tokens and one-time links stay home.
      for (const foreign of ['Bartholomew', 'Otherrider', 'Elsewhere Court', 'Not Yours Alley', other.user.email, other.user.id])
        expect(text).not.toContain(foreign);
      for (const secret of ['tokenHash', 'token_hash', 'passwordHash', 'providerToken', 'scrypt$', 'verify-email?token=']) expect(text).not.toContain(secret);
      // The driver's side of the trip is theirs: the rider's export names no driver id.
      expect(text).not.toContain(driver.id);
    });

    it("gives a driver their trips without the riders' addresses", async () => {
      const person = await rider(t.app);
      const ride = await completedRide(person);
      const exported = await expectOk<{ data: { rides: { asDriver: { id: string }[] } } }>(await api.get(t.app, '/api/users/me/export', driver));
      expect(exported.data.rides.asDriver.map((r) => r.id)).toContain(ride.id);
      const text = JSON.stringify(exported.data.rides.asDriver);
      expect(text).not.toContain(ride.pickupLocation.address);
      expect(text).not.toContain(person.id);
    });

    it('needs a signed-in caller', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me/export' })).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/users/me', () => {
    it('refuses a wrong password with the password error and changes nothing', async () => {
      const person = await rider(t.app, { card: null });
      const response = await deleteAccount(t, person, 'not my password');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { password: 'Password is incorrect' } });
      expect((await api.get(t.app, '/api/users/me', person)).statusCode).toBe(200);
      const [row] = await t.database.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, person.id));
      expect(row!.deletedAt).toBeNull();
    });

    it('answers 409 ACTIVE_RIDE while the rider has a ride under way, and 409 for its driver too', async () => {
      const person = await rider(t.app);
      const ride = await expectOk<Ride>(await book(t.app, person), 201);
      const asRider = await deleteAccount(t, person);
      expect(asRider.statusCode).toBe(409);
      expect(asRider.json()).toMatchObject({ code: 'ACTIVE_RIDE' });

      await t.app.services.dispatcher.sweep();
      await expectOk(await post(`/api/rides/${ride.id}/accept`, driver));
      const asDriver = await deleteAccount(t, driver);
      expect(asDriver.statusCode).toBe(409);
      expect(asDriver.json()).toMatchObject({ code: 'ACTIVE_RIDE' });

      await expectOk(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
      await expectOk(await post(`/api/rides/${ride.id}/complete`, driver));
      // Nothing was written by the refusals: no goodbye mail, sessions alive.
      const goodbye = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, `account-deletion:${person.id}`));
      expect(goodbye).toEqual([]);
      expect((await api.get(t.app, '/api/users/me', person)).statusCode).toBe(200);
    });

    it('answers 409 OPEN_DISPUTE while a dispute of the rider is open, and deletes once it is resolved', async () => {
      const person = await rider(t.app);
      const ride = await completedRide(person);
      const dispute = await expectOk<{ id: string }>(
        await post(`/api/rides/${ride.id}/disputes`, person, { reason: 'wrong_route', description: 'The driver took a much longer way round.' }),
        201,
      );
      const refused = await deleteAccount(t, person);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'OPEN_DISPUTE' });

      await expectOk(await post(`/api/disputes/${dispute.id}/resolve`, admin, { resolution: 'release', note: 'Route was fine.' }));
      expect((await deleteAccount(t, person)).statusCode).toBe(200);
    });

    it('answers 409 STAFF_ACCOUNT for an admin', async () => {
      const response = await t.app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { password: 'admin-password-1' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'STAFF_ACCOUNT' });
    });

    it('revokes every session at once, mails the goodbye, refuses the sign-in like a wrong password and frees the address', async () => {
      const registered = await register(t.app, customerPayload());
      const first = { id: registered.user.id, token: registered.token };
      const second = { id: first.id, token: (await expectOk<{ token: string }>(await signIn(t, registered.user.email))).token };
      // Both tokens are in the session cache now.
      expect((await api.get(t.app, '/api/users/me', first)).statusCode).toBe(200);
      expect((await api.get(t.app, '/api/users/me', second)).statusCode).toBe(200);

      expect(await expectOk(await deleteAccount(t, first))).toEqual({ ok: true });
      expect((await api.get(t.app, '/api/users/me', first)).statusCode).toBe(401);
      expect((await api.get(t.app, '/api/users/me', second)).statusCode).toBe(401);
      const live = await t.database.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.userId, first.id));
      expect(live.every((session) => session.revokedAt !== null)).toBe(true);

      const [goodbye] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, `account-deletion:${first.id}`));
      expect(goodbye).toMatchObject({ template: 'account-deletion', toAddress: registered.user.email, userId: first.id });

      const refused = await signIn(t, registered.user.email);
      const wrong = await signIn(t, registered.user.email, 'another wrong password');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(wrong.json());

      // The address may make a new, empty account; the old one stays deleted.
      const again = await register(t.app, customerPayload({ email: registered.user.email, username: registered.user.email }));
      expect(again.user.id).not.toBe(first.id);
      expect((await api.get(t.app, '/api/users/me', { id: again.user.id, token: again.token })).statusCode).toBe(200);
      expect((await signIn(t, registered.user.email)).statusCode).toBe(200);
      const [old] = await t.database.db.select({ deletedAt: users.deletedAt, email: users.email }).from(users).where(eq(users.id, first.id));
      expect(old!.deletedAt).toEqual(clock);
      expect(old!.email).toBe(`deleted+${first.id}@deleted.invalid`);
    });

    it('takes a deleted driver offline', async () => {
      const leaving = await onlineDriver(t.app, admin, HERALD_SQUARE);
      expect((await deleteAccount(t, leaving)).statusCode).toBe(200);
      const [presence] = await t.database.db.select({ status: driverPresence.status }).from(driverPresence).where(eq(driverPresence.driverId, leaving.id));
      expect(presence!.status).toBe('offline');
      expect(await t.app.services.index.get(leaving.id)).toBeUndefined();
    });
  });
});

describe.runIf(process.env.DATABASE_URL && redisUrl)('account deletion across two instances on one PostgreSQL and one Redis', () => {
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

  it('a deletion on instance A is refused on instance B within a second, although B had the token cached', async () => {
    const person = await rider(t.app, { card: null });
    expect((await api.get(b, '/api/users/me', person)).statusCode).toBe(200);
    expect((await deleteAccount(t, person)).statusCode).toBe(200);
    await eventually(async () => expect((await api.get(b, '/api/users/me', person)).statusCode).toBe(401), { timeoutMs: 1000, everyMs: 10 });
  });
});

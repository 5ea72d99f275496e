import {
  defaultNotificationPreferences,
  MAX_EMERGENCY_CONTACTS,
  type EmergencyContact,
  type Notification,
  type NotificationPreferences,
  type Ride,
} from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRetentionService } from '../../../src/modules/retention/service';
import { bearer } from '../../support/fixtures';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  expectOk,
  HERALD_SQUARE,
  MIDTOWN_ZIPS,
  onlineDriver,
  registeredDriver,
  rider,
  signInAdmin,
  type Person,
} from '../../support/world';

const PREFERENCES = '/api/users/me/notification-preferences';
const CONTACTS = '/api/users/me/emergency-contacts';
const ANA = { name: 'Ana Ruiz', phone: '212 555 0100', email: 'ana@example.com' };

describe.each(backends)('account settings on %s', (backend) => {
  let t: TestApp;
  let admin: Person;
  let driver: Person;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin, MIDTOWN_ZIPS, 'Midtown');
    driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
  });
  afterAll(() => t.close());

  const put = (who: Person, body: unknown) =>
    t.app.inject({ method: 'PUT', url: PREFERENCES, headers: bearer(who.token), payload: body as Record<string, unknown> });
  const preferencesOf = async (who: Person) => expectOk<NotificationPreferences>(await api.get(t.app, PREFERENCES, who));
  const notificationsOf = async (who: Person) => expectOk<Notification[]>(await api.get(t.app, '/api/notifications', who));
  const templatesMailedTo = async (who: Person) => (await t.app.services.mail.mailsOf({ userId: who.id })).map((m) => m.template);
  const contactsOf = async (who: Person) => expectOk<EmergencyContact[]>(await api.get(t.app, CONTACTS, who));

  async function completedRide(person: Person): Promise<Ride> {
    const ride = await expectOk<Ride>(await book(t.app, person), 201);
    await t.app.services.dispatcher.sweep();
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/complete`, driver));
    return ride;
  }

  describe('notification preferences', () => {
    it('starts with everything on, keeps what the user saves, and is the user’s own', async () => {
      const person = await rider(t.app);
      const other = await rider(t.app);
      expect(await preferencesOf(person)).toEqual(defaultNotificationPreferences());

      const saved = { ...defaultNotificationPreferences(), rides: { email: false, inApp: true }, disputes: { email: true, inApp: false } };
      expect(await expectOk(await put(person, saved))).toEqual(saved);
      expect(await preferencesOf(person)).toEqual(saved);
      expect(await preferencesOf(other)).toEqual(defaultNotificationPreferences());

      // Turned back on: stored as nothing muted again.
      expect(await expectOk(await put(person, defaultNotificationPreferences()))).toEqual(defaultNotificationPreferences());
      expect(await preferencesOf(person)).toEqual(defaultNotificationPreferences());
    });

    it('refuses a body without every category, with a non-boolean, or turning security mails off', async () => {
      const person = await rider(t.app);
      const { rides: _rides, ...missing } = defaultNotificationPreferences();
      const noRides = await put(person, missing);
      expect(noRides.statusCode).toBe(400);
      expect(noRides.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { rides: expect.any(String) } });

      expect((await put(person, { ...defaultNotificationPreferences(), payouts: { email: 'no', inApp: true } })).statusCode).toBe(400);
      const security = await put(person, { ...defaultNotificationPreferences(), security: { email: false, inApp: false } });
      expect(security.statusCode).toBe(400);
      expect(await preferencesOf(person)).toEqual(defaultNotificationPreferences());
    });

    it('needs a signed-in user', async () => {
      expect((await t.app.inject({ method: 'GET', url: PREFERENCES })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'PUT', url: PREFERENCES, payload: defaultNotificationPreferences() })).statusCode).toBe(401);
    });

    it('writes no mail and no notification of a category the rider turned off, and the others as before', async () => {
      const quiet = await rider(t.app);
      await expectOk(await put(quiet, { ...defaultNotificationPreferences(), rides: { email: false, inApp: false } }));
      const ride = await completedRide(quiet);
      expect(await templatesMailedTo(quiet)).not.toContain('ride-receipt');
      expect(await notificationsOf(quiet)).toEqual([]);
      expect(await t.app.services.mail.mailsOf({ dedupeKey: `ride-receipt:${ride.id}` })).toEqual([]);

      // Disputes stay on: the same rider hears of the dispute by mail and in the app.
      const dispute = await expectOk<{ id: string }>(
        await api.post(t.app, `/api/rides/${ride.id}/disputes`, quiet, { reason: 'overcharged', description: 'The fare was much higher than quoted.' }),
        201,
      );
      expect(await templatesMailedTo(quiet)).toContain('dispute-opened');
      expect((await notificationsOf(quiet)).map((n) => n.kind)).toEqual(['dispute_opened']);
      expect(dispute.id).toBeTruthy();

      // A rider who kept the defaults gets the receipt by both channels.
      const told = await rider(t.app);
      await completedRide(told);
      expect(await templatesMailedTo(told)).toContain('ride-receipt');
      expect((await notificationsOf(told)).map((n) => n.kind)).toContain('ride_receipt');
    });

    it('mutes one channel only: in-app off still mails, mail off still notifies', async () => {
      const applicant = await registeredDriver(t.app, admin, { approve: false });
      await expectOk(await put(applicant, { ...defaultNotificationPreferences(), applications: { email: true, inApp: false } }));
      await expectOk(await api.post(t.app, `/api/driver-applications/${applicant.applicationId}/review`, admin, { status: 'approved' }));
      expect(await templatesMailedTo(applicant)).toContain('driver-application-approved');
      expect(await notificationsOf(applicant)).toEqual([]);

      const other = await registeredDriver(t.app, admin, { approve: false });
      await expectOk(await put(other, { ...defaultNotificationPreferences(), applications: { email: false, inApp: true } }));
      await expectOk(await api.post(t.app, `/api/driver-applications/${other.applicationId}/review`, admin, { status: 'rejected', notes: 'Licence expired' }));
      expect(await templatesMailedTo(other)).not.toContain('driver-application-rejected');
      expect((await notificationsOf(other)).map((n) => n.kind)).toEqual(['driver_application_rejected']);
    });

    it('still sends security mails with every category turned off', async () => {
      const person = await rider(t.app);
      const everythingOff = Object.fromEntries(Object.keys(defaultNotificationPreferences()).map((c) => [c, { email: false, inApp: false }]));
      await expectOk(await put(person, everythingOff));
      await expectOk(await api.post(t.app, '/api/users/me/password', person, { currentPassword: 'correct horse battery', newPassword: 'a new long password' }));
      expect(await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email: (await me(person)).email } })).toHaveProperty(
        'statusCode',
        202,
      );
      const templates = await templatesMailedTo(person);
      expect(templates).toContain('email-verification');
      expect(templates).toContain('password-changed');
      expect(templates).toContain('password-reset');
    });
  });

  const me = async (who: Person) => expectOk<{ email: string }>(await api.get(t.app, '/api/users/me', who));

  describe('emergency contacts', () => {
    it('adds, lists in the order added, and removes the user’s contacts', async () => {
      const person = await rider(t.app);
      expect(await contactsOf(person)).toEqual([]);
      const ana = await expectOk<EmergencyContact>(await api.post(t.app, CONTACTS, person, ANA), 201);
      expect(ana).toMatchObject({ name: 'Ana Ruiz', phone: '212 555 0100', email: 'ana@example.com', id: expect.any(String) });
      const ben = await expectOk<EmergencyContact>(await api.post(t.app, CONTACTS, person, { name: '  Ben Ode ', phone: '(646) 555-0199', email: '' }), 201);
      expect(ben).toMatchObject({ name: 'Ben Ode', email: null });
      expect((await contactsOf(person)).map((c) => c.id)).toEqual([ana.id, ben.id]);
      // The SOS flow reads the same through the service.
      expect((await t.app.services.emergencyContacts.contactsOf(person.id)).map((c) => c.name)).toEqual(['Ana Ruiz', 'Ben Ode']);

      expect(await expectOk(await api.delete(t.app, `${CONTACTS}/${ana.id}`, person))).toEqual({ ok: true });
      expect((await contactsOf(person)).map((c) => c.id)).toEqual([ben.id]);
      expect((await api.delete(t.app, `${CONTACTS}/${ana.id}`, person)).statusCode).toBe(404);
    });

    it('refuses a bad phone, a bad email and a missing name with the field’s message', async () => {
      const person = await rider(t.app);
      const phone = await api.post(t.app, CONTACTS, person, { name: 'Ana Ruiz', phone: '555-01' });
      expect(phone.statusCode).toBe(400);
      expect(phone.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { phone: 'Phone number must be at least 10 digits' } });
      const email = await api.post(t.app, CONTACTS, person, { ...ANA, email: 'ana-at-example' });
      expect(email.statusCode).toBe(400);
      expect(email.json()).toMatchObject({ fields: { email: expect.any(String) } });
      const name = await api.post(t.app, CONTACTS, person, { phone: ANA.phone });
      expect(name.json()).toMatchObject({ fields: { name: 'Name is required' } });
      expect(await contactsOf(person)).toEqual([]);
    });

    it(`refuses a contact past ${MAX_EMERGENCY_CONTACTS} with 422, also when they arrive at once`, async () => {
      const person = await rider(t.app);
      for (let i = 0; i < MAX_EMERGENCY_CONTACTS; i += 1) await expectOk(await api.post(t.app, CONTACTS, person, { ...ANA, name: `Contact ${i}` }), 201);
      const sixth = await api.post(t.app, CONTACTS, person, { ...ANA, name: 'One too many' });
      expect(sixth.statusCode).toBe(422);
      expect(sixth.json()).toMatchObject({ code: 'BUSINESS_RULE', error: expect.stringContaining(`${MAX_EMERGENCY_CONTACTS}`) });
      expect(await contactsOf(person)).toHaveLength(MAX_EMERGENCY_CONTACTS);

      const racer = await rider(t.app);
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => api.post(t.app, CONTACTS, racer, { ...ANA, name: `Racer ${i}` })));
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MAX_EMERGENCY_CONTACTS);
      expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(8 - MAX_EMERGENCY_CONTACTS);
      expect(await contactsOf(racer)).toHaveLength(MAX_EMERGENCY_CONTACTS);
    });

    it('treats another user’s contact as not there', async () => {
      const owner = await rider(t.app);
      const stranger = await rider(t.app);
      const contact = await expectOk<EmergencyContact>(await api.post(t.app, CONTACTS, owner, ANA), 201);
      expect(await contactsOf(stranger)).toEqual([]);
      const taken = await api.delete(t.app, `${CONTACTS}/${contact.id}`, stranger);
      expect(taken.statusCode).toBe(404);
      expect(taken.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect((await contactsOf(owner)).map((c) => c.id)).toEqual([contact.id]);
      expect((await api.delete(t.app, `${CONTACTS}/not-a-uuid`, owner)).statusCode).toBe(400);
    });

    it('is kept by drivers too, and needs a signed-in user', async () => {
      await expectOk(await api.post(t.app, CONTACTS, driver, ANA), 201);
      expect((await contactsOf(driver)).map((c) => c.name)).toEqual(['Ana Ruiz']);
      expect((await t.app.inject({ method: 'GET', url: CONTACTS })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: CONTACTS, payload: ANA })).statusCode).toBe(401);
    });
  });
});

describe.each(backends)('account settings in the export and the erasure on %s', (backend) => {
  const DAY = 86_400_000;
  let clock = new Date('2026-11-20T12:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {}, () => clock);
  });
  afterAll(() => t.close());

  it('hands over the contacts and opt-outs with the account, and erases them 30 days after its deletion', async () => {
    const person = await rider(t.app);
    await expectOk(await api.post(t.app, CONTACTS, person, { name: 'Thaddeus Quimby', phone: '212 555 9911', email: 'thaddeus@example.com' }), 201);
    await expectOk(
      await t.app.inject({
        method: 'PUT',
        url: PREFERENCES,
        headers: bearer(person.token),
        payload: { ...defaultNotificationPreferences(), rides: { email: false, inApp: true } },
      }),
    );

    const { data: exported } = await expectOk<{ data: Record<string, unknown> }>(await api.get(t.app, '/api/users/me/export', person));
    expect(exported.emergencyContacts).toEqual([
      { name: 'Thaddeus Quimby', phone: '212 555 9911', email: 'thaddeus@example.com', createdAt: expect.any(String) },
    ]);
    expect(exported.notificationPreferences).toEqual([{ category: 'rides', channel: 'email', since: expect.any(String) }]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(person.token),
      payload: { password: 'correct horse battery' },
    });
    expect(deleted.statusCode).toBe(200);
    const retention = createRetentionService({ db: t.database.db, now: () => clock });
    expect(await t.app.services.emergencyContacts.contactsOf(person.id)).toHaveLength(1);

    clock = new Date(clock.getTime() + 31 * DAY);
    await retention.sweep();
    expect(await t.app.services.emergencyContacts.contactsOf(person.id)).toEqual([]);
    expect(await t.app.services.preferences.read(person.id)).toEqual(defaultNotificationPreferences());
  });
});

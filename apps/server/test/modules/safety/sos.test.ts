import type { Notification, Ride, SafetyAlert, SharedTrip } from '@coride/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../../../src/modules/mail/templates';
import { HubTap, listen, SocketPool } from '../../support/realtime';
import { pinOf } from '../../support/ride-pin';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  CITIES,
  coordinates,
  expectError,
  expectOk,
  goOffline,
  HERALD_SQUARE,
  onlineDriver,
  PENN_STATION,
  rider,
  signInAdmin,
  TIMES_SQUARE,
  type Person,
} from '../../support/world';

/*
 * SOS (contract §9, ADR 032): the rider or the driver of a ride under way raises a safety alert; the
 * territory's licensee and every admin get it live and in their bell, the raiser's emergency contacts
 * a mail with a working trip link; staff of the territory list, acknowledge and resolve it.
 */
describe.each(sharedBackends)('SOS on %s', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let url = '';
  let admin: Person;
  let licensee: Person & { territoryId: string };
  let otherLicensee: Person & { territoryId: string };
  let clock = new Date('2026-11-20T12:00:00Z');
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const pool = new SocketPool(() => url);
  const online: Person[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend, { OFFER_TIMEOUT_SECONDS: '30' }, () => clock);
    tap = new HubTap(t.app);
    url = await listen(t.app);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin); // Midtown
    otherLicensee = await approvedLicensee(t.app, admin, ['02108'], 'Boston');
  }, 120_000);
  afterEach(async () => {
    await pool.closeAll();
    for (const driver of online.splice(0)) await goOffline(t.app, driver);
  });
  afterAll(() => t?.close());

  const post = (path: string, person: Person, payload?: unknown) => api.post(t.app, path, person, payload);
  const get = (path: string, person: Person) => api.get(t.app, path, person);

  async function acceptedRide(person?: Person) {
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    online.push(driver);
    const owner = person ?? (await rider(t.app));
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, owner, TIMES_SQUARE, PENN_STATION), 201);
    await tap.dispatched(ride.id, since);
    await expectOk(await post(`/api/rides/${ride.id}/accept`, driver));
    return { person: owner, driver, ride };
  }

  const alertsOf = async (person: Person, query = '') => expectOk<SafetyAlert[]>(await get(`/api/safety/alerts${query}`, person));

  it("a rider's SOS reaches the territory's licensee and the admins live and in their bell, with the position", async () => {
    const { person, ride } = await acceptedRide();
    const licenseeSocket = await pool.signedIn(licensee);
    const adminSocket = await pool.signedIn(admin);
    const since = tap.mark();
    const alert = await expectOk<SafetyAlert>(await post(`/api/rides/${ride.id}/sos`, person, { location: { lat: 40.7577, lng: -73.9857 } }), 201);
    expect(alert).toMatchObject({
      rideId: ride.id,
      territoryId: licensee.territoryId,
      raisedBy: { id: person.id, role: 'rider' },
      location: { lat: 40.7577, lng: -73.9857 },
      locationSource: 'device',
      status: 'open',
      rideStatus: 'accepted',
    });

    const live = await licenseeSocket.next('safety_alert');
    expect(live.alert).toMatchObject({ id: alert.id, location: { lat: 40.7577, lng: -73.9857 } });
    expect((await adminSocket.next('safety_alert')).alert.id).toBe(alert.id);
    expect(tap.to(otherLicensee.id, 'safety_alert', since)).toEqual([]);

    // The bell keeps it for staff who were offline.
    for (const staff of [licensee, admin]) {
      const bell = await expectOk<Notification[]>(await get('/api/notifications', staff));
      expect(bell.find((n) => n.kind === 'safety_alert' && n.data.alertId === alert.id)).toMatchObject({ data: { rideId: ride.id, role: 'rider' } });
    }
    const otherBell = await expectOk<Notification[]>(await get('/api/notifications', otherLicensee));
    expect(otherBell.some((n) => n.kind === 'safety_alert')).toBe(false);
  });

  it("a driver's SOS without a position carries the driver's last known one", async () => {
    const { driver, ride, person } = await acceptedRide();
    await expectOk(await post(`/api/rides/${ride.id}/start`, driver, await pinOf(t.app, ride.id, person)));
    const alert = await expectOk<SafetyAlert>(await post(`/api/rides/${ride.id}/sos`, driver, {}), 201);
    expect(alert).toMatchObject({ raisedBy: { id: driver.id, role: 'driver' }, rideStatus: 'in_progress', locationSource: 'driver_last_known' });
    expect(alert.location?.lat).toBeCloseTo(HERALD_SQUARE.lat, 4);
    expect(alert.location?.lng).toBeCloseTo(HERALD_SQUARE.lng, 4);
  });

  it('a second press within a minute answers the same alert; a later one raises another', async () => {
    const { person, ride } = await acceptedRide();
    const since = tap.mark();
    const first = await expectOk<SafetyAlert>(await post(`/api/rides/${ride.id}/sos`, person, {}), 201);
    const again = await expectOk<SafetyAlert>(await post(`/api/rides/${ride.id}/sos`, person, {}), 200);
    expect(again.id).toBe(first.id);
    expect(tap.to(licensee.id, 'safety_alert', since)).toHaveLength(1);
    advance(61_000);
    const later = await expectOk<SafetyAlert>(await post(`/api/rides/${ride.id}/sos`, person, {}), 201);
    expect(later.id).not.toBe(first.id);
  });

  it('refuses people not on the ride (403), rides not under way (409) and bad positions (400)', async () => {
    const { person, driver, ride } = await acceptedRide();
    const stranger = await rider(t.app);
    expectError(await post(`/api/rides/${ride.id}/sos`, stranger, {}), 403, 'FORBIDDEN');
    const otherDriver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    online.push(otherDriver);
    expectError(await post(`/api/rides/${ride.id}/sos`, otherDriver, {}), 403, 'FORBIDDEN');
    expectError(await post(`/api/rides/${ride.id}/sos`, licensee, {}), 403, 'FORBIDDEN');
    expectError(await post(`/api/rides/${ride.id}/sos`, person, { location: { lat: 95, lng: 0 } }), 400, 'VALIDATION_FAILED');

    await expectOk(await post(`/api/rides/${ride.id}/start`, driver, await pinOf(t.app, ride.id, person)));
    await expectOk(await post(`/api/rides/${ride.id}/complete`, driver));
    expectError(await post(`/api/rides/${ride.id}/sos`, person, {}), 409, 'RIDE_NOT_ACTIVE');
    expectError(await post(`/api/rides/${ride.id}/sos`, driver, {}), 409, 'RIDE_NOT_ACTIVE');

    // Before a driver has it, there is no one to send for the rider: 409 too.
    const waiting = await rider(t.app);
    const requested = await expectOk<Ride>(await book(t.app, waiting, TIMES_SQUARE, PENN_STATION), 201);
    expectError(await post(`/api/rides/${requested.id}/sos`, waiting, {}), 409, 'RIDE_NOT_ACTIVE');
    await expectOk(await post(`/api/rides/${requested.id}/cancel`, waiting, {}));
  });

  it("mails each emergency contact with an address a trip link that works, and leaves the rider's own link alive", async () => {
    const person = await rider(t.app);
    await expectOk(await post('/api/users/me/emergency-contacts', person, { name: 'Ana Lopez', phone: '2125550100', email: 'ana.lopez@example.com' }), 201);
    await expectOk(await post('/api/users/me/emergency-contacts', person, { name: 'Phone Only', phone: '2125550101' }), 201);
    const { ride } = await acceptedRide(person);
    const shared = await expectOk<{ url: string }>(await post(`/api/rides/${ride.id}/share`, person), 201);

    const alert = await expectOk<SafetyAlert>(await post(`/api/rides/${ride.id}/sos`, person, {}), 201);
    expect(alert.contactsMailed).toBe(1);
    const contacts = await expectOk<{ id: string; email: string | null }[]>(await get('/api/users/me/emergency-contacts', person));
    const ana = contacts.find((c) => c.email === 'ana.lopez@example.com')!;
    const [mail] = await t.app.services.mail.mailsOf({ dedupeKey: `sos-alert:${alert.id}:${ana.id}` });
    expect(mail).toMatchObject({ toAddress: 'ana.lopez@example.com', template: 'sos-alert' });
    const rendered = renderMail(mail!.template, mail!.language, mail!.data as Record<string, unknown>, t.config.publicUrl);
    expect(rendered.text).toContain('Hi Ana Lopez,');
    const link = new RegExp(`${t.config.publicUrl}/trip/([A-Za-z0-9_-]{40,})`).exec(rendered.text);
    expect(link, rendered.text).not.toBeNull();
    expect(rendered.html).toContain(link![0]);

    const trip = await expectOk<SharedTrip>(await t.app.inject({ method: 'GET', url: `/api/shared-trips/${link![1]}` }));
    expect(trip).toMatchObject({ status: 'accepted' });
    // The link the rider shared before still works.
    const ownToken = shared.url.split('/trip/')[1]!;
    expect((await t.app.inject({ method: 'GET', url: `/api/shared-trips/${ownToken}` })).statusCode).toBe(200);
    // The contact without an address got nothing; only one mail was written for this alert.
    expect((await t.app.services.mail.mailsOf({ userId: person.id })).filter((m) => m.template === 'sos-alert')).toHaveLength(1);
  });

  it("lists a territory's alerts to its licensee only and every alert to admins, paged", async () => {
    const { person, ride } = await acceptedRide();
    const alert = await expectOk<SafetyAlert>(await post(`/api/rides/${ride.id}/sos`, person, {}), 201);
    expect((await alertsOf(licensee)).map((a) => a.id)).toContain(alert.id);
    expect((await alertsOf(admin)).map((a) => a.id)).toContain(alert.id);
    expect(await alertsOf(otherLicensee)).toEqual([]);
    expectError(await post(`/api/safety/alerts/${alert.id}/acknowledge`, otherLicensee), 404, 'NOT_FOUND');
    expectError(await post(`/api/safety/alerts/${alert.id}/resolve`, otherLicensee, { note: 'Not mine' }), 404, 'NOT_FOUND');
    expectError(await get('/api/safety/alerts', person), 403, 'FORBIDDEN');

    const first = await get('/api/safety/alerts?limit=1', admin);
    expect(first.json()).toHaveLength(1);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const next = await expectOk<SafetyAlert[]>(await get(`/api/safety/alerts?limit=1&before=${cursor}`, admin));
    expect(next[0]!.id).not.toBe((first.json() as SafetyAlert[])[0]!.id);
  });

  it('the licensee acknowledges, then resolves with a note; every console hears of it; a resolved alert stays resolved', async () => {
    const { person, ride } = await acceptedRide();
    const alert = await expectOk<SafetyAlert>(await post(`/api/rides/${ride.id}/sos`, person, {}), 201);
    const adminSocket = await pool.signedIn(admin);
    const acknowledged = await expectOk<SafetyAlert>(await post(`/api/safety/alerts/${alert.id}/acknowledge`, licensee));
    expect(acknowledged).toMatchObject({ status: 'acknowledged', acknowledgedBy: expect.any(String) as string, acknowledgedAt: clock.toISOString() });
    expect((await adminSocket.next('safety_alert')).alert).toMatchObject({ id: alert.id, status: 'acknowledged' });
    expectError(await post(`/api/safety/alerts/${alert.id}/resolve`, licensee, { note: '  ' }), 400, 'VALIDATION_FAILED');
    const resolved = await expectOk<SafetyAlert>(await post(`/api/safety/alerts/${alert.id}/resolve`, licensee, { note: 'Called the rider: all fine' }));
    expect(resolved).toMatchObject({ status: 'resolved', resolutionNote: 'Called the rider: all fine' });
    expectError(await post(`/api/safety/alerts/${alert.id}/resolve`, admin, { note: 'Again' }), 409, 'CONFLICT');
    expectError(await post(`/api/safety/alerts/${alert.id}/acknowledge`, admin), 409, 'CONFLICT');
    expect((await alertsOf(licensee, '?status=open')).map((a) => a.id)).not.toContain(alert.id);
    expect((await alertsOf(licensee, '?status=all')).find((a) => a.id === alert.id)).toMatchObject({ status: 'resolved' });
  });

  it('an admin resolves an alert nobody acknowledged: it is acknowledged by the same person', async () => {
    const { person, ride } = await acceptedRide();
    const alert = await expectOk<SafetyAlert>(await post(`/api/rides/${ride.id}/sos`, person, {}), 201);
    const resolved = await expectOk<SafetyAlert>(await post(`/api/safety/alerts/${alert.id}/resolve`, admin, { note: 'Police on site' }));
    expect(resolved.acknowledgedBy).toBe(resolved.resolvedBy);
    expect(resolved.acknowledgedAt).toBe(resolved.resolvedAt);
  });

  it("a Boston ride's alert goes to the Boston licensee, not to Midtown's", async () => {
    const bostonDriver = await onlineDriver(t.app, admin, CITIES.BOSTON, coordinates(CITIES.BOSTON));
    online.push(bostonDriver);
    const person = await rider(t.app);
    const since = tap.mark();
    const ride = await expectOk<Ride>(
      await book(
        t.app,
        person,
        { address: 'Boston, MA 02108', ...CITIES.BOSTON },
        { address: 'Boston, MA 02108', lat: CITIES.BOSTON.lat + 0.005, lng: CITIES.BOSTON.lng },
      ),
      201,
    );
    await tap.dispatched(ride.id, since);
    await expectOk(await post(`/api/rides/${ride.id}/accept`, bostonDriver));
    const alert = await expectOk<SafetyAlert>(await post(`/api/rides/${ride.id}/sos`, person, {}), 201);
    expect(alert.territoryId).toBe(otherLicensee.territoryId);
    expect((await alertsOf(otherLicensee)).map((a) => a.id)).toContain(alert.id);
    expect((await alertsOf(licensee)).map((a) => a.id)).not.toContain(alert.id);
    expect(tap.to(licensee.id, 'safety_alert', since)).toEqual([]);
    expect(tap.to(otherLicensee.id, 'safety_alert', since).map((m) => m.alert.id)).toEqual([alert.id]);
  });
});

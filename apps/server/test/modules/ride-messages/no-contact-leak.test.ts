import type { Ride } from '@coride/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customerPayload, register } from '../../support/fixtures';
import { HubTap, listen, SocketPool } from '../../support/realtime';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  expectOk,
  goOffline,
  HERALD_SQUARE,
  PENN_STATION,
  registeredDriver,
  signInAdmin,
  TEST_CARD,
  TIMES_SQUARE,
  type Person,
} from '../../support/world';

/*
 * Contract §9: neither side ever sees the other's phone number or email. A whole ride (booking, offer,
 * accept, messages, SOS from both sides, start, complete, ratings) is run while every HTTP body and every socket message
 * each side receives is kept; the other side's phone and email appear in none of them.
 */
describe.each(backends)('no contact details across sides on %s', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let url = '';
  const pool = new SocketPool(() => url);

  beforeAll(async () => {
    t = await createTestApp(backend, { OFFER_TIMEOUT_SECONDS: '30' });
    tap = new HubTap(t.app);
    url = await listen(t.app);
  });
  afterEach(() => pool.closeAll());
  afterAll(() => t?.close());

  it("never sends the driver the rider's phone or email, nor the rider the driver's, over HTTP or the socket", async () => {
    const admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
    const riderPhone = '2125550177';
    const driverPhone = '6465550188';
    const riderAccount = await register(t.app, customerPayload({ phone: riderPhone }));
    const person: Person = { id: riderAccount.user.id, token: riderAccount.token };
    const driverAccount = await registeredDriver(t.app, admin, { overrides: { phone: driverPhone } });
    const driver: Person = { id: driverAccount.id, token: driverAccount.token };

    const seenBy = { rider: [] as string[], driver: [] as string[] };
    const call = async (side: 'rider' | 'driver', method: 'get' | 'post' | 'patch', path: string, payload?: unknown) => {
      const who = side === 'rider' ? person : driver;
      const response =
        method === 'get'
          ? await api.get(t.app, path, who)
          : method === 'post'
            ? await api.post(t.app, path, who, payload)
            : await api.patch(t.app, path, who, payload);
      seenBy[side].push(response.body);
      return response;
    };

    const riderSocket = await pool.signedIn(person);
    const driverSocket = await pool.signedIn(driver);
    await call('driver', 'patch', '/api/drivers/status', { status: 'online', location: HERALD_SQUARE });
    await expectOk(await call('rider', 'post', '/api/payment-methods', { cardNumber: TEST_CARD, expiryDate: '12/39', cvc: '123' }), 201);
    await call('rider', 'get', '/api/users/me');
    await call('driver', 'get', '/api/drivers/me');
    await call('driver', 'get', '/api/users/me');

    const since = tap.mark();
    const ride = await expectOk<Ride>(await call('rider', 'post', '/api/rides', { pickupLocation: TIMES_SQUARE, dropoffLocation: PENN_STATION }), 201);
    await tap.dispatched(ride.id, since);
    await driverSocket.next('ride_request');
    await call('driver', 'get', '/api/drivers/offers');
    await expectOk(await call('driver', 'post', `/api/rides/${ride.id}/accept`));
    await riderSocket.next('ride_accepted');
    await driverSocket.send({ type: 'location_update', location: HERALD_SQUARE });

    await expectOk(await call('rider', 'post', `/api/rides/${ride.id}/messages`, { text: 'Blue coat, by the kiosk' }), 201);
    await expectOk(await call('driver', 'post', `/api/rides/${ride.id}/messages`, { text: 'On my way' }), 201);
    await call('rider', 'get', `/api/rides/${ride.id}/messages`);
    await call('driver', 'get', `/api/rides/${ride.id}/messages`);
    // SOS from either side (ADR 032): the answers, and any event either side is sent, carry no contact details.
    await expectOk(await call('rider', 'post', `/api/rides/${ride.id}/sos`, { location: { lat: TIMES_SQUARE.lat, lng: TIMES_SQUARE.lng } }), 201);
    await expectOk(await call('driver', 'post', `/api/rides/${ride.id}/sos`, {}), 201);
    await expectOk(await call('rider', 'post', `/api/rides/${ride.id}/sos`, {}));

    for (const side of ['rider', 'driver'] as const) {
      await call(side, 'get', `/api/rides/${ride.id}`);
      await call(side, 'get', '/api/rides/active');
      await call(side, 'get', '/api/rides');
    }
    await call('driver', 'get', '/api/drivers/rides');

    const asRider = await expectOk<Ride & { pin?: string }>(await call('rider', 'get', `/api/rides/${ride.id}`));
    await expectOk(await call('driver', 'post', `/api/rides/${ride.id}/start`, asRider.pin ? { pin: asRider.pin } : {}));
    await expectOk(await call('driver', 'post', `/api/rides/${ride.id}/complete`));
    await expectOk(await call('rider', 'post', `/api/rides/${ride.id}/rate`, { rating: 5 }));
    await expectOk(await call('driver', 'post', `/api/rides/${ride.id}/rate-rider`, { rating: 5 }), 201);
    for (const side of ['rider', 'driver'] as const) {
      await call(side, 'get', `/api/rides/${ride.id}`);
      await call(side, 'get', '/api/rides');
    }
    await call('driver', 'get', '/api/drivers/rides');
    await call('driver', 'get', '/api/drivers/earnings');
    await riderSocket.sync();
    await driverSocket.sync();

    // Everything each socket received, every type.
    seenBy.rider.push(...riderSocket.unread().map((message) => JSON.stringify(message)));
    seenBy.driver.push(...driverSocket.unread().map((message) => JSON.stringify(message)));
    // And everything the hub published to each (whether or not the socket buffered it).
    for (const entry of tap.published.slice(since)) {
      if (entry.userId === person.id) seenBy.rider.push(JSON.stringify(entry.message));
      if (entry.userId === driver.id) seenBy.driver.push(JSON.stringify(entry.message));
    }

    // The search finds what it looks for: each side's own details do reach that side.
    expect(seenBy.rider.join('\n')).toContain(riderAccount.user.email);
    expect(seenBy.driver.join('\n')).toContain(driverAccount.email);
    expect(
      seenBy.rider.some((body) => body.includes('ride_message')) && seenBy.driver.some((body) => body.includes('ride_completed') || body.includes('completed')),
    ).toBe(true);

    const digits = (value: string) => value.replace(/\D/g, '');
    // The email as written (any case), the phone as its digits wherever they appear (formatted or not).
    const leaks = (bodies: string[], other: { email: string; phone: string }) =>
      bodies.filter((body) => body.toLowerCase().includes(other.email.toLowerCase()) || digits(body).includes(digits(other.phone)));
    expect(leaks(seenBy.driver, { email: riderAccount.user.email, phone: riderPhone })).toEqual([]);
    expect(leaks(seenBy.rider, { email: driverAccount.email, phone: driverPhone })).toEqual([]);
    // The SOS alerts staff were sent name each side by first name and initial only: no phone, no email of either.
    const alertEvents = tap.published
      .slice(since)
      .filter((entry) => entry.message.type === 'safety_alert')
      .map((entry) => JSON.stringify(entry.message));
    expect(alertEvents.length).toBeGreaterThanOrEqual(2);
    expect(leaks(alertEvents, { email: riderAccount.user.email, phone: riderPhone })).toEqual([]);
    expect(leaks(alertEvents, { email: driverAccount.email, phone: driverPhone })).toEqual([]);
    expect(seenBy.driver.length).toBeGreaterThan(15);
    expect(seenBy.rider.length).toBeGreaterThan(15);
    await goOffline(t.app, driver);
  });
});

import { estimateRoute, type Ride } from '@coride/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_UNAUTHENTICATED } from '../../../src/modules/realtime/routes';
import { customerPayload, register } from '../../support/fixtures';
import { listen, TestSocket, SocketPool } from '../../support/realtime';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  expectOk,
  HERALD_SQUARE,
  onlineDriver,
  PENN_STATION,
  registeredDriver,
  rider,
  signInAdmin,
  TIMES_SQUARE,
  type Person,
} from '../../support/world';

describe.each(backends)('the realtime channel on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let admin: Person;
  let clock = new Date('2026-11-20T12:00:00Z');
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const pool = new SocketPool(() => url);

  beforeAll(async () => {
    t = await createTestApp(backend, { OFFER_TIMEOUT_SECONDS: '15' }, () => clock);
    url = await listen(t.app);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
  });
  afterEach(async () => {
    await pool.closeAll();
  });
  afterAll(() => t?.close());

  const open = () => pool.open();
  const signedIn = (person: Person) => pool.signedIn(person);

  it("refuses the spec's bare {type: 'auth', userId}, which would let anyone impersonate anyone: an error, then close code 4401", async () => {
    const person = await rider(t.app);
    const socket = await open();
    socket.send({ type: 'auth', userId: person.id });
    expect(await socket.next('error')).toMatchObject({ code: 'UNAUTHENTICATED', error: expect.stringMatching(/token/) });
    expect((await socket.closed).code).toBe(CLOSE_UNAUTHENTICATED);
    expect(CLOSE_UNAUTHENTICATED).toBe(4401);
    expect(socket.unread('auth_ok')).toEqual([]);
  });

  it('refuses a garbage token with an error and close code 4401', async () => {
    const socket = await open();
    socket.send({ type: 'auth', token: 'not-a-real-token' });
    expect(await socket.next('error')).toEqual({ type: 'error', error: 'Invalid or expired token', code: 'UNAUTHENTICATED' });
    expect((await socket.closed).code).toBe(4401);
  });

  it('refuses the token of a signed-out session', async () => {
    const person = await rider(t.app);
    expect((await api.post(t.app, '/api/logout', person)).statusCode).toBeLessThan(300);
    const socket = await open();
    socket.send({ type: 'auth', token: person.token });
    expect(await socket.next('error')).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await socket.closed).code).toBe(4401);
  });

  it('refuses any other first message, such as a location update, before authentication', async () => {
    const socket = await open();
    socket.send({ type: 'location_update', location: HERALD_SQUARE });
    expect(await socket.next('error')).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await socket.closed).code).toBe(4401);
  });

  it('answers a valid token with auth_ok naming the user and role, then keeps the connection (ping, pong)', async () => {
    const person = await rider(t.app);
    const socket = await open();
    socket.send({ type: 'auth', token: person.token });
    expect(await socket.next('auth_ok')).toEqual({ type: 'auth_ok', userId: person.id, role: 'customer' });
    await socket.sync();
  });

  it('declines permessage-deflate when the client offers it: a zlib context per socket would cost far more than the socket itself', async () => {
    const socket = await open(); // the ws client offers permessage-deflate by default
    expect(socket.socket.extensions).toBe('');
  });

  it('does not take locations from riders', async () => {
    const socket = await signedIn(await rider(t.app));
    socket.send({ type: 'location_update', location: HERALD_SQUARE });
    expect(await socket.next('error')).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('tells the driver of an offer, the rider of the acceptance, and forwards the driver’s throttled locations to that rider only', async () => {
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    const person = await rider(t.app);
    const bystanderRider = await rider(t.app);
    const bystanderDriver = await registeredDriver(t.app, admin); // approved, not online: never offered
    const [driverSocket, riderSocket, otherRiderSocket, otherDriverSocket] = await Promise.all([
      signedIn(driver),
      signedIn(person),
      signedIn(bystanderRider),
      signedIn(bystanderDriver),
    ]);

    // Offer
    const bookedAt = clock.getTime();
    const ride = await expectOk<Ride>(await book(t.app, person, TIMES_SQUARE, PENN_STATION), 201);
    const offer = await driverSocket.next('ride_request');
    expect(offer.ride.id).toBe(ride.id);
    expect(offer.estimatedEarning).toBe(ride.subtotal);
    expect(offer.expiresAt).toBe(new Date(bookedAt + 15_000).toISOString());

    // Acceptance
    advance(3000);
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
    const accepted = await riderSocket.next('ride_accepted');
    expect(accepted.ride).toMatchObject({ id: ride.id, status: 'accepted', acceptedAt: clock.toISOString() });
    expect(accepted.driver).toMatchObject({ id: driver.id, name: 'Ada L.', vehicleModel: 'Toyota Camry', vehicleColor: 'Blue', vehiclePlate: 'NYC-1234' });

    // Locations, on the way to the pickup (the driver went online 3 s ago: past the 1 s throttle).
    const first = { lat: 40.7521, lng: -73.9893 };
    driverSocket.send({ type: 'location_update', location: first });
    expect(await riderSocket.next('driver_location')).toEqual({
      type: 'driver_location',
      driverId: driver.id,
      rideId: ride.id,
      location: first,
      etaMinutes: estimateRoute(first, TIMES_SQUARE).durationMinutes,
    });
    await Promise.all([otherRiderSocket.sync(), otherDriverSocket.sync(), driverSocket.sync()]);
    for (const socket of [otherRiderSocket, otherDriverSocket, driverSocket]) expect(socket.unread('driver_location')).toEqual([]);

    // Throttle, latest wins: two updates inside the first's 1 s window are held, and the later one
    // reaches the rider and the index when the window ends (half a second on); the earlier one never does.
    advance(500);
    const skipped = { lat: 40.7527, lng: -73.9896 };
    const second = { lat: 40.7533, lng: -73.9899 };
    driverSocket.send({ type: 'location_update', location: skipped });
    driverSocket.send({ type: 'location_update', location: second });
    expect(await riderSocket.next('driver_location', 3000)).toMatchObject({ location: second });
    expect(await t.app.services.index.get(driver.id)).toMatchObject(second);
    // Its window starts when it was applied: a second on, the next goes through at once.
    advance(1000);
    const third = { lat: 40.7545, lng: -73.9905, heading: 10 };
    driverSocket.send({ type: 'location_update', location: third });
    expect(await riderSocket.next('driver_location')).toMatchObject({ location: third, etaMinutes: estimateRoute(third, TIMES_SQUARE).durationMinutes });
    expect(riderSocket.unread('driver_location')).toEqual([]);

    // In progress: the ETA is to the drop-off now.
    advance(60_000);
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    expect((await riderSocket.next('ride_started')).ride).toMatchObject({ id: ride.id, status: 'in_progress', startedAt: clock.toISOString() });
    advance(2000);
    driverSocket.send({ type: 'location_update', location: TIMES_SQUARE });
    expect(await riderSocket.next('driver_location')).toMatchObject({
      location: { lat: TIMES_SQUARE.lat, lng: TIMES_SQUARE.lng },
      etaMinutes: estimateRoute(TIMES_SQUARE, PENN_STATION).durationMinutes,
    });

    advance(120_000);
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/complete`, driver));
    expect((await riderSocket.next('ride_completed')).ride).toMatchObject({ id: ride.id, status: 'completed', completedAt: clock.toISOString() });

    // After the ride, the driver's whereabouts are nobody's business.
    advance(2000);
    driverSocket.send({ type: 'location_update', location: PENN_STATION });
    await driverSocket.sync();
    await riderSocket.sync();
    expect(riderSocket.unread('driver_location')).toEqual([]);
    for (const socket of [otherRiderSocket, otherDriverSocket]) {
      await socket.sync();
      expect(socket.unread()).toEqual([]);
    }
  });
});

describe('the realtime channel without authentication', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    // The default is 5 s; a short timeout keeps the test quick.
    t = await createTestApp(backends[0]!, { WS_AUTH_TIMEOUT_MS: '150' });
    url = await listen(t.app);
  });
  afterAll(() => t?.close());

  it('closes a socket that sends nothing within the auth timeout, with an error and close code 4401', async () => {
    const socket = await TestSocket.open(url);
    expect(await socket.next('error')).toMatchObject({ code: 'UNAUTHENTICATED', error: expect.stringMatching(/Authenticate/) });
    expect((await socket.closed).code).toBe(4401);
  });

  it('does not take a token from the URL: such a socket is closed like any silent one', async () => {
    const { token } = await register(t.app, customerPayload());
    const socket = await TestSocket.open(`${url}?token=${token}`);
    expect((await socket.closed).code).toBe(4401);
    expect(socket.unread('auth_ok')).toEqual([]);
  });
});

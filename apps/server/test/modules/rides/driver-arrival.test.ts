import { ARRIVAL_RADIUS_METERS, type Ride } from '@coride/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HubTap, listen, SocketPool } from '../../support/realtime';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  expectError,
  expectOk,
  goOffline,
  HERALD_SQUARE,
  offset,
  onlineDriver,
  PENN_STATION,
  rider,
  signInAdmin,
  TIMES_SQUARE,
  type Person,
} from '../../support/world';

/** About 80 m north of the Times Square pickup: near enough to say "I've arrived". */
const AT_PICKUP = offset(TIMES_SQUARE, 0.05);
/** About 400 m north: twice the arrival radius. */
const DOWN_THE_STREET = offset(TIMES_SQUARE, 0.25);

describe.each(sharedBackends)('arrival at the pickup and withdrawn offers on %s', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let admin: Person;
  let url = '';
  const sockets = new SocketPool(() => url);
  const online: Person[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin); // Midtown: 10001, 10018, 10036
    url = await listen(t.app);
  });
  afterEach(async () => {
    await sockets.closeAll();
    for (const driver of online.splice(0)) await goOffline(t.app, driver);
  });
  afterAll(() => t?.close());

  const post = (path: string, person: Person, payload?: unknown) => api.post(t.app, path, person, payload);

  async function driverAt(location: { lat: number; lng: number }): Promise<Person> {
    const driver = await onlineDriver(t.app, admin, location);
    online.push(driver);
    return driver;
  }

  async function bookedRide() {
    const person = await rider(t.app);
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, person, TIMES_SQUARE, PENN_STATION), 201);
    await tap.dispatched(ride.id, since);
    return { person, ride };
  }

  /** Times Square -> Penn Station, accepted by a driver online at `location`. */
  async function acceptedRide(location: { lat: number; lng: number }) {
    const driver = await driverAt(location);
    const { person, ride } = await bookedRide();
    await expectOk(await post(`/api/rides/${ride.id}/accept`, driver));
    return { person, driver, ride };
  }

  it('records arrivedAt once and tells only the rider, with the plate and the PIN', async () => {
    const { person, driver, ride } = await acceptedRide(AT_PICKUP);
    const riderSocket = await sockets.signedIn(person);
    const driverSocket = await sockets.signedIn(driver);
    const since = tap.mark();

    const arrived = await expectOk<Ride>(await post(`/api/rides/${ride.id}/arrive`, driver));
    expect(arrived.status).toBe('accepted');
    expect(arrived.arrivedAt).not.toBeNull();
    expect(arrived).not.toHaveProperty('pin');

    const message = await riderSocket.next('driver_arrived');
    expect(message.ride).toMatchObject({ id: ride.id, arrivedAt: arrived.arrivedAt, pin: ride.pin });
    expect(message.ride.driver?.vehiclePlate).toBeTruthy();
    await driverSocket.sync();
    expect(driverSocket.unread('driver_arrived')).toEqual([]);

    // A repeat (a double tap, a retried request) answers the same ride and tells no one again.
    const repeat = await expectOk<Ride>(await post(`/api/rides/${ride.id}/arrive`, driver));
    expect(repeat.arrivedAt).toBe(arrived.arrivedAt);
    expect(tap.recipients('driver_arrived', ride.id, since)).toEqual([person.id]);

    const seen = await expectOk<{ ride: Ride }>(await api.get(t.app, '/api/rides/active', person));
    expect(seen.ride).toMatchObject({ id: ride.id, arrivedAt: arrived.arrivedAt, pin: ride.pin });
  });

  it('refuses anyone but the assigned driver with 403', async () => {
    const { person, ride } = await acceptedRide(AT_PICKUP);
    const stranger = await driverAt(AT_PICKUP);
    expectError(await post(`/api/rides/${ride.id}/arrive`, stranger), 403, 'FORBIDDEN');
    expectError(await post(`/api/rides/${ride.id}/arrive`, person), 403, 'FORBIDDEN');
    expect((await expectOk<Ride>(await api.get(t.app, `/api/rides/${ride.id}`, person))).arrivedAt).toBeNull();
  });

  it(`refuses a driver more than ${ARRIVAL_RADIUS_METERS} m from the pickup with 422 TOO_FAR_FROM_PICKUP`, async () => {
    const { person, driver, ride } = await acceptedRide(DOWN_THE_STREET);
    const since = tap.mark();
    expectError(await post(`/api/rides/${ride.id}/arrive`, driver), 422, 'TOO_FAR_FROM_PICKUP');
    expect((await expectOk<Ride>(await api.get(t.app, `/api/rides/${ride.id}`, person))).arrivedAt).toBeNull();
    expect(tap.recipients('driver_arrived', ride.id, since)).toEqual([]);

    // Once near, the same driver may.
    await expectOk(await api.patch(t.app, '/api/drivers/status', driver, { status: 'online', location: AT_PICKUP }));
    expect((await expectOk<Ride>(await post(`/api/rides/${ride.id}/arrive`, driver))).arrivedAt).not.toBeNull();
  });

  it('takes the driver at their word when no position of theirs is known', async () => {
    const { driver, ride } = await acceptedRide(HERALD_SQUARE);
    await t.app.services.index.remove(driver.id);
    expect((await expectOk<Ride>(await post(`/api/rides/${ride.id}/arrive`, driver))).arrivedAt).not.toBeNull();
  });

  it('refuses with 409 RIDE_NOT_ACCEPTED once the ride has started or was cancelled', async () => {
    const started = await acceptedRide(AT_PICKUP);
    await expectOk(await post(`/api/rides/${started.ride.id}/start`, started.driver, { pin: started.ride.pin }));
    expectError(await post(`/api/rides/${started.ride.id}/arrive`, started.driver), 409, 'RIDE_NOT_ACCEPTED');

    const cancelled = await acceptedRide(AT_PICKUP);
    await expectOk(await post(`/api/rides/${cancelled.ride.id}/cancel`, cancelled.person));
    expectError(await post(`/api/rides/${cancelled.ride.id}/arrive`, cancelled.driver), 409, 'RIDE_NOT_ACCEPTED');
  });

  it('withdraws the offer from the other driver over the socket: taken when one accepts', async () => {
    const first = await driverAt(AT_PICKUP);
    const second = await driverAt(DOWN_THE_STREET);
    const secondSocket = await sockets.signedIn(second);
    const { ride } = await bookedRide();
    expect((await secondSocket.next('ride_request')).ride.id).toBe(ride.id);

    await expectOk(await post(`/api/rides/${ride.id}/accept`, first));
    expect(await secondSocket.next('offer_withdrawn')).toEqual({ type: 'offer_withdrawn', rideId: ride.id, reason: 'taken' });
    expect(await expectOk<unknown[]>(await api.get(t.app, '/api/drivers/offers', second))).toEqual([]);
  });

  it('withdraws the offer from every driver holding it over the socket: cancelled when the rider cancels', async () => {
    const drivers = [await driverAt(AT_PICKUP), await driverAt(DOWN_THE_STREET)];
    const driverSockets = await Promise.all(drivers.map((driver) => sockets.signedIn(driver)));
    const { person, ride } = await bookedRide();
    for (const socket of driverSockets) expect((await socket.next('ride_request')).ride.id).toBe(ride.id);

    await expectOk(await post(`/api/rides/${ride.id}/cancel`, person));
    for (const socket of driverSockets) {
      expect(await socket.next('offer_withdrawn')).toEqual({ type: 'offer_withdrawn', rideId: ride.id, reason: 'cancelled' });
    }
  });
});

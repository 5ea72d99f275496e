import { MAX_PIN_ATTEMPTS, type Ride } from '@coride/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HubTap } from '../../support/realtime';
import { pinOf } from '../../support/ride-pin';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
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

/** A PIN that is not the ride's. */
const otherPin = (pin: string) => String((Number(pin) + 1) % 10_000).padStart(4, '0');

describe.each(sharedBackends)('the ride PIN on %s', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let admin: Person;
  const online: Person[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
  });
  afterEach(async () => {
    for (const driver of online.splice(0)) await goOffline(t.app, driver);
  });
  afterAll(() => t?.close());

  async function acceptedRide(app = t.app) {
    const driver = await onlineDriver(app, admin, HERALD_SQUARE);
    online.push(driver);
    const person = await rider(app);
    const since = tap.mark();
    const booked = await expectOk<Ride>(await book(app, person, TIMES_SQUARE, PENN_STATION), 201);
    await tap.dispatched(booked.id, since);
    const accepted = await expectOk<Ride>(await api.post(app, `/api/rides/${booked.id}/accept`, driver));
    return { person, driver, booked, accepted, since };
  }

  it('gives the rider a 4-digit PIN and the driver never sees it, in the API or the realtime messages', async () => {
    const { person, driver, booked, accepted, since } = await acceptedRide();
    expect(booked.pin).toMatch(/^\d{4}$/);
    expect((await pinOf(t.app, booked.id, person)).pin).toBe(booked.pin);
    expect((await expectOk<{ ride: Ride }>(await api.get(t.app, '/api/rides/active', person))).ride?.pin).toBe(booked.pin);

    expect(accepted).not.toHaveProperty('pin');
    expect(await expectOk<Ride>(await api.get(t.app, `/api/rides/${booked.id}`, driver))).not.toHaveProperty('pin');
    expect((await expectOk<{ ride: Ride }>(await api.get(t.app, '/api/rides/active', driver))).ride).not.toHaveProperty('pin');
    const driverRides = await expectOk<Ride[]>(await api.get(t.app, '/api/rides', driver));
    expect(driverRides.find((ride) => ride.id === booked.id)).not.toHaveProperty('pin');
    await expectOk(await api.post(t.app, `/api/rides/${booked.id}/start`, driver, { pin: booked.pin }));
    // Every message pushed to the driver (offer, assignment...) leaves the PIN out.
    const toDriver = tap.published.slice(since).filter((entry) => entry.userId === driver.id);
    expect(toDriver.length).toBeGreaterThan(0);
    for (const entry of toDriver) expect(JSON.stringify(entry.message)).not.toContain(`"pin"`);
  });

  it('refuses a wrong PIN with 422 WRONG_PIN and the tries left, then starts with the right one', async () => {
    const { person, driver, booked } = await acceptedRide();
    const { pin } = await pinOf(t.app, booked.id, person);
    const wrong = await api.post(t.app, `/api/rides/${booked.id}/start`, driver, { pin: otherPin(pin) });
    expectError(wrong, 422, 'WRONG_PIN');
    expect(wrong.json()).toMatchObject({ fields: { triesLeft: String(MAX_PIN_ATTEMPTS - 1) } });
    // No PIN is refused without using up a try.
    const missing = await api.post(t.app, `/api/rides/${booked.id}/start`, driver, {});
    expectError(missing, 422, 'WRONG_PIN');
    expect(missing.json()).toMatchObject({ fields: { triesLeft: String(MAX_PIN_ATTEMPTS - 1) } });
    expectError(await api.post(t.app, `/api/rides/${booked.id}/start`, driver, { pin: '12' }), 400, 'VALIDATION_FAILED');
    expect(await expectOk<Ride>(await api.get(t.app, `/api/rides/${booked.id}`, person))).toMatchObject({ status: 'accepted' });

    const started = await expectOk<Ride>(await api.post(t.app, `/api/rides/${booked.id}/start`, driver, { pin }));
    expect(started.status).toBe('in_progress');
  });

  it('after 5 wrong PINs the ride cannot be started, even with the right PIN, only cancelled', async () => {
    const { person, driver, booked } = await acceptedRide();
    const { pin } = await pinOf(t.app, booked.id, person);
    for (let attempt = 1; attempt < MAX_PIN_ATTEMPTS; attempt += 1) {
      const wrong = await api.post(t.app, `/api/rides/${booked.id}/start`, driver, { pin: otherPin(pin) });
      expectError(wrong, 422, 'WRONG_PIN');
      expect(wrong.json()).toMatchObject({ fields: { triesLeft: String(MAX_PIN_ATTEMPTS - attempt) } });
    }
    expectError(await api.post(t.app, `/api/rides/${booked.id}/start`, driver, { pin: otherPin(pin) }), 422, 'PIN_LOCKED');
    expectError(await api.post(t.app, `/api/rides/${booked.id}/start`, driver, { pin }), 422, 'PIN_LOCKED');
    expect(await expectOk<Ride>(await api.get(t.app, `/api/rides/${booked.id}`, person))).toMatchObject({ status: 'accepted', startedAt: null });

    const cancelled = await expectOk<Ride>(await api.post(t.app, `/api/rides/${booked.id}/cancel`, driver, { reason: 'PIN did not match' }));
    expect(cancelled.status).toBe('cancelled');
  });

  it('lets only the assigned driver try: another driver is 404 and counts nothing', async () => {
    const { person, driver, booked } = await acceptedRide();
    const stranger = await onlineDriver(t.app, admin, HERALD_SQUARE);
    online.push(stranger);
    const { pin } = await pinOf(t.app, booked.id, person);
    for (let i = 0; i < MAX_PIN_ATTEMPTS + 1; i += 1) {
      expectError(await api.post(t.app, `/api/rides/${booked.id}/start`, stranger, { pin: otherPin(pin) }), 404, 'NOT_FOUND');
    }
    await expectOk(await api.post(t.app, `/api/rides/${booked.id}/start`, driver, { pin }));
  });
});

describe('RIDE_PIN=false', () => {
  let t: TestApp;
  let admin: Person;
  beforeAll(async () => {
    t = await createTestApp('pglite', { RIDE_PIN: 'false' });
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
  });
  afterAll(() => t?.close());

  it('starts a ride without a PIN, or with any', async () => {
    for (const body of [{}, { pin: '0000' }]) {
      const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
      const person = await rider(t.app);
      const tap = new HubTap(t.app);
      const since = tap.mark();
      const booked = await expectOk<Ride>(await book(t.app, person, TIMES_SQUARE, PENN_STATION), 201);
      await tap.dispatched(booked.id, since);
      await expectOk(await api.post(t.app, `/api/rides/${booked.id}/accept`, driver));
      const started = await expectOk<Ride>(await api.post(t.app, `/api/rides/${booked.id}/start`, driver, body));
      expect(started.status).toBe('in_progress');
      await expectOk(await api.post(t.app, `/api/rides/${booked.id}/complete`, driver));
      await goOffline(t.app, driver);
    }
  });
});

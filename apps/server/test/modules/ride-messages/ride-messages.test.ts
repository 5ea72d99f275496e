import type { LowRatedPerson, Ride, RideMessage, RiderRating } from '@coride/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { licenseePayload, register } from '../../support/fixtures';
import { HubTap } from '../../support/realtime';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
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
 * Contract §9 (ADR 029): rider and driver message each other while the ride is under way, pushed live
 * as `ride_message`; after the trip the driver rates the rider once; licensees see their territory's
 * low-rated riders and drivers.
 */
describe.each(sharedBackends)('ride messages and rider ratings on %s', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let admin: Person;
  let licensee: Person;
  const online: Person[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend, { OFFER_TIMEOUT_SECONDS: '15' });
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin); // Midtown
  });
  afterEach(async () => {
    for (const driver of online.splice(0)) await goOffline(t.app, driver);
  });
  afterAll(() => t?.close());

  const get = (url: string, person: Person) => api.get(t.app, url, person);
  const post = (url: string, person: Person, payload?: unknown) => api.post(t.app, url, person, payload);

  function expectError(response: { statusCode: number; body: string; json: () => unknown }, status: number, code: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ code });
  }

  async function freshDriver(): Promise<Person> {
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    online.push(driver);
    return driver;
  }

  async function booked(person: Person): Promise<Ride> {
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, person, TIMES_SQUARE, PENN_STATION), 201);
    await tap.dispatched(ride.id, since);
    return ride;
  }

  /** Start with the rider's PIN when the ride has one (contract §9). */
  async function start(ride: Ride, driver: Person, person: Person) {
    const { pin } = (await expectOk<Ride & { pin?: string | null }>(await get(`/api/rides/${ride.id}`, person))) as { pin?: string | null };
    await expectOk(await post(`/api/rides/${ride.id}/start`, driver, pin ? { pin } : {}));
  }

  async function acceptedRide(person?: Person) {
    const driver = await freshDriver();
    const owner = person ?? (await rider(t.app));
    const ride = await booked(owner);
    await expectOk(await post(`/api/rides/${ride.id}/accept`, driver));
    return { person: owner, driver, ride };
  }

  async function completedRide(person?: Person, driver?: Person) {
    const owner = person ?? (await rider(t.app));
    const by = driver ?? (await freshDriver());
    if (driver) await expectOk(await api.patch(t.app, '/api/drivers/status', driver, { status: 'online', location: HERALD_SQUARE }));
    const ride = await booked(owner);
    await expectOk(await post(`/api/rides/${ride.id}/accept`, by));
    await start(ride, by, owner);
    await expectOk(await post(`/api/rides/${ride.id}/complete`, by));
    return { person: owner, driver: by, ride };
  }

  describe('messages', () => {
    it('lets rider and driver write each other while the ride is accepted and in progress, pushed live to both sides', async () => {
      const { person, driver, ride } = await acceptedRide();
      const since = tap.mark();
      const fromRider = await expectOk<RideMessage>(await post(`/api/rides/${ride.id}/messages`, person, { text: '  I am by the red door  ' }), 201);
      expect(fromRider).toMatchObject({ rideId: ride.id, from: 'rider', text: 'I am by the red door' });
      expect(tap.to(driver.id, 'ride_message', since).map((m) => m.message)).toEqual([fromRider]);

      await start(ride, driver, person);
      const fromDriver = await expectOk<RideMessage>(await post(`/api/rides/${ride.id}/messages`, driver, { text: 'Turning onto 7th Ave\nnow' }), 201);
      expect(fromDriver.from).toBe('driver');
      expect(tap.to(person.id, 'ride_message', since).map((m) => m.message.id)).toEqual([fromRider.id, fromDriver.id]);

      for (const reader of [person, driver]) {
        const thread = await expectOk<RideMessage[]>(await get(`/api/rides/${ride.id}/messages`, reader));
        expect(thread.map((m) => [m.from, m.text])).toEqual([
          ['rider', 'I am by the red door'],
          ['driver', 'Turning onto 7th Ave\nnow'],
        ]);
      }
    });

    it('refuses 409 RIDE_NOT_ACTIVE before a driver took the ride and after it ended, while the thread stays readable', async () => {
      const driver = await freshDriver();
      const person = await rider(t.app);
      const ride = await booked(person);
      expectError(await post(`/api/rides/${ride.id}/messages`, person, { text: 'Hello?' }), 409, 'RIDE_NOT_ACTIVE');

      await expectOk(await post(`/api/rides/${ride.id}/accept`, driver));
      await expectOk(await post(`/api/rides/${ride.id}/messages`, person, { text: 'Hello!' }), 201);
      await start(ride, driver, person);
      await expectOk(await post(`/api/rides/${ride.id}/complete`, driver));
      expectError(await post(`/api/rides/${ride.id}/messages`, person, { text: 'Thanks' }), 409, 'RIDE_NOT_ACTIVE');
      expectError(await post(`/api/rides/${ride.id}/messages`, driver, { text: 'Bye' }), 409, 'RIDE_NOT_ACTIVE');
      expect((await expectOk<RideMessage[]>(await get(`/api/rides/${ride.id}/messages`, driver))).map((m) => m.text)).toEqual(['Hello!']);

      const cancelled = await acceptedRide();
      await expectOk(await post(`/api/rides/${cancelled.ride.id}/cancel`, cancelled.person, { reason: 'Plans changed' }));
      expectError(await post(`/api/rides/${cancelled.ride.id}/messages`, cancelled.driver, { text: 'Hello?' }), 409, 'RIDE_NOT_ACTIVE');
    });

    it('answers 404 to a rider or driver not on the ride and 403 to other roles, and writes nothing', async () => {
      const { person, driver, ride } = await acceptedRide();
      await expectOk(await post(`/api/rides/${ride.id}/messages`, driver, { text: 'On my way' }), 201);
      const stranger = await rider(t.app);
      const otherDriver = await freshDriver();
      for (const outsider of [stranger, otherDriver]) {
        expectError(await get(`/api/rides/${ride.id}/messages`, outsider), 404, 'NOT_FOUND');
        expectError(await post(`/api/rides/${ride.id}/messages`, outsider, { text: 'Hi' }), 404, 'NOT_FOUND');
      }
      expectError(await get(`/api/rides/${ride.id}/messages`, licensee), 403, 'FORBIDDEN');
      expectError(await post(`/api/rides/${ride.id}/messages`, admin, { text: 'Hi' }), 403, 'FORBIDDEN');
      expect(await expectOk<RideMessage[]>(await get(`/api/rides/${ride.id}/messages`, person))).toHaveLength(1);
    });

    it('refuses an empty message and one of 501 characters with 400; 500 characters pass', async () => {
      const { person, ride } = await acceptedRide();
      for (const text of ['', '    ', 'x'.repeat(501)]) expectError(await post(`/api/rides/${ride.id}/messages`, person, { text }), 400, 'VALIDATION_FAILED');
      expectError(await post(`/api/rides/${ride.id}/messages`, person, {}), 400, 'VALIDATION_FAILED');
      expect((await expectOk<RideMessage>(await post(`/api/rides/${ride.id}/messages`, person, { text: 'y'.repeat(500) }), 201)).text).toHaveLength(500);
      expect(await expectOk<RideMessage[]>(await get(`/api/rides/${ride.id}/messages`, person))).toHaveLength(1);
    });
  });

  describe('drivers rate riders', () => {
    it('takes one rating per ride from its driver after completion: 409 before and on a second; the rider averages 5.0 before any', async () => {
      const { person, driver, ride } = await acceptedRide();
      expect((await expectOk<Ride>(await get(`/api/rides/${ride.id}`, driver))).rider.rating).toBe(5);
      expectError(await post(`/api/rides/${ride.id}/rate-rider`, driver, { rating: 4 }), 409, 'CONFLICT');
      await start(ride, driver, person);
      expectError(await post(`/api/rides/${ride.id}/rate-rider`, driver, { rating: 4 }), 409, 'CONFLICT');
      await expectOk(await post(`/api/rides/${ride.id}/complete`, driver));

      expectError(await post(`/api/rides/${ride.id}/rate-rider`, driver, { rating: 6 }), 400, 'VALIDATION_FAILED');
      expectError(await post(`/api/rides/${ride.id}/rate-rider`, person, { rating: 1 }), 403, 'FORBIDDEN');
      expectError(await post(`/api/rides/${ride.id}/rate-rider`, await freshDriver(), { rating: 1 }), 404, 'NOT_FOUND');
      expect(await expectOk<{ rating: RiderRating | null }>(await get(`/api/rides/${ride.id}/rate-rider`, driver))).toEqual({ rating: null });

      expect(await expectOk<RiderRating>(await post(`/api/rides/${ride.id}/rate-rider`, driver, { rating: 4, comment: 'Kept us waiting' }), 201)).toEqual({
        rideId: ride.id,
        rating: 4,
        comment: 'Kept us waiting',
      });
      expectError(await post(`/api/rides/${ride.id}/rate-rider`, driver, { rating: 5 }), 409, 'CONFLICT');
      expect(await expectOk<{ rating: RiderRating | null }>(await get(`/api/rides/${ride.id}/rate-rider`, driver))).toMatchObject({ rating: { rating: 4 } });

      const second = await completedRide(person);
      await expectOk(await post(`/api/rides/${second.ride.id}/rate-rider`, second.driver, { rating: 5 }), 201);
      // (4 + 5) / 2, on every ride the driver sees of this rider.
      expect((await expectOk<Ride>(await get(`/api/rides/${second.ride.id}`, second.driver))).rider.rating).toBe(4.5);
    });

    it("shows a licensee its territory's riders and drivers averaging under 4.0 over at least 3 ratings, and no other licensee", async () => {
      const lowRider = await rider(t.app);
      const fineRider = await rider(t.app);
      const lowDriver = await freshDriver();
      for (const [rating, riderRating] of [
        [3, 2],
        [4, 3],
        [3, 4],
      ] as const) {
        const { ride } = await completedRide(lowRider, lowDriver);
        await expectOk(await post(`/api/rides/${ride.id}/rate`, lowRider, { rating }));
        await expectOk(await post(`/api/rides/${ride.id}/rate-rider`, lowDriver, { rating: riderRating }), 201);
      }
      // Two low ratings only: not enough to list.
      for (let i = 0; i < 2; i += 1) {
        const { ride, driver } = await completedRide(fineRider);
        await expectOk(await post(`/api/rides/${ride.id}/rate-rider`, driver, { rating: 1 }), 201);
      }

      const listed = await expectOk<LowRatedPerson[]>(await get('/api/licensee/low-rated', licensee));
      expect(listed).toContainEqual(expect.objectContaining({ userId: lowRider.id, role: 'rider', averageRating: 3, ratings: 3 }));
      expect(listed).toContainEqual(expect.objectContaining({ userId: lowDriver.id, role: 'driver', averageRating: 3.3, ratings: 3 }));
      expect(listed.map((p) => p.userId)).not.toContain(fineRider.id);

      const other = await register(t.app, licenseePayload({ zipCodes: '02108', territoryName: 'Boston' }));
      const applications = await expectOk<{ id: string; user: { email: string } }[]>(await get('/api/licensee-applications', admin));
      const application = applications.find((a) => a.user.email === other.user.email)!;
      await expectOk(await post(`/api/licensee-applications/${application.id}/review`, admin, { status: 'approved' }));
      expect(await expectOk<LowRatedPerson[]>(await get('/api/licensee/low-rated', { id: other.user.id, token: other.token }))).toEqual([]);
      expectError(await get('/api/licensee/low-rated', lowDriver), 403, 'FORBIDDEN');
    });
  });
});

import { randomUUID } from 'node:crypto';
import {
  estimateRoute,
  quoteFare,
  type AdminDashboard,
  type DriverApplication,
  type DriverMe,
  type DriverOffer,
  type FavoriteLocation,
  type LicenseeApplication,
  type LicenseeDriver,
  type LicenseeMetrics,
  type PlatformStats,
  type QuoteResponse,
  type Ride,
  type RiderStats,
  type TerritorySummary,
} from '@coride/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rideOffers, rideQuotes } from '../../../src/db/schema';
import { licenseePayload, register } from '../../support/fixtures';
import { HubTap } from '../../support/realtime';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  CHICAGO,
  coordinates,
  expectOk,
  goOffline,
  HERALD_SQUARE,
  MIDTOWN_ZIPS,
  onlineDriver,
  PENN_STATION,
  registeredDriver,
  rider,
  signInAdmin,
  TIMES_SQUARE,
  type Person,
} from '../../support/world';

const BROOKLYN_HEIGHTS = { lat: 40.6937, lng: -73.989859 }; // 11201
const PARK_SLOPE = { lat: 40.662688, lng: -73.98674 }; // 11215
const CARNEGIE_HILL = { address: 'E 92nd St, New York, NY 10128', lat: 40.781498, lng: -73.950199 }; // 10128, far from the Midtown test territory

describe.each(sharedBackends)('the rides API on %s', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let admin: Person;
  let licensee: Person;
  let clock = new Date('2026-11-20T12:00:00Z');
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  /** Drivers put online by a test; taken offline after it, so they are never candidates for the next test's rides. */
  const online: Person[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend, { OFFER_TIMEOUT_SECONDS: '15' }, () => clock);
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin); // Midtown: 10001, 10018, 10036
  });
  afterEach(async () => {
    for (const driver of online.splice(0)) await goOffline(t.app, driver);
  });
  afterAll(() => t?.close());

  const get = (url: string, person: Person) => api.get(t.app, url, person);
  const post = (url: string, person: Person, payload?: unknown) => api.post(t.app, url, person, payload);

  async function freshDriver(): Promise<Person> {
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    online.push(driver);
    return driver;
  }

  /** Books Times Square -> Penn Station and waits until the booking's dispatch round has run. */
  async function booked(person: Person, headers: Record<string, string> = {}): Promise<Ride> {
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, person, TIMES_SQUARE, PENN_STATION, headers), 201);
    await tap.dispatched(ride.id, since);
    return ride;
  }

  async function acceptedRide(person?: Person) {
    const driver = await freshDriver();
    const owner = person ?? (await rider(t.app));
    const ride = await booked(owner);
    await expectOk(await post(`/api/rides/${ride.id}/accept`, driver));
    return { person: owner, driver, ride };
  }

  async function completedRide(person?: Person) {
    const { person: owner, driver, ride } = await acceptedRide(person);
    await expectOk(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    const completed = await expectOk<Ride>(await post(`/api/rides/${ride.id}/complete`, driver));
    return { person: owner, driver, ride: completed };
  }

  function expectError(response: { statusCode: number; body: string; json: () => unknown }, status: number, code: string, message?: RegExp) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ code, ...(message ? { error: expect.stringMatching(message) } : {}) });
  }

  describe('booking', () => {
    it('returns the same ride for a retried booking with the same Idempotency-Key: 201, then 200', async () => {
      await freshDriver();
      const person = await rider(t.app);
      const key = randomUUID();
      const first = await book(t.app, person, TIMES_SQUARE, PENN_STATION, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      await tap.dispatched(first.json<Ride>().id);
      const retry = await book(t.app, person, TIMES_SQUARE, PENN_STATION, { 'idempotency-key': key });
      expect(retry.statusCode).toBe(200);
      expect(retry.json<Ride>().id).toBe(first.json<Ride>().id);
      expect((await expectOk<Ride[]>(await get('/api/rides', person))).map((r) => r.id)).toEqual([first.json<Ride>().id]);
    });

    it('refuses a second active ride with 409, and books again once the first is cancelled', async () => {
      await freshDriver();
      const person = await rider(t.app);
      const first = await booked(person);
      expectError(await book(t.app, person), 409, 'CONFLICT', /already have an active ride/);
      expectError(await book(t.app, person, TIMES_SQUARE, PENN_STATION, { 'idempotency-key': randomUUID() }), 409, 'CONFLICT');
      await expectOk(await post(`/api/rides/${first.id}/cancel`, person));
      expect((await booked(person)).id).not.toBe(first.id);
    });

    it("refuses a pickup outside every territory with 422 and the 'not served yet' message, for quotes and bookings", async () => {
      const person = await rider(t.app);
      for (const response of [
        await book(t.app, person, CHICAGO),
        await post('/api/rides/quote', person, { pickupLocation: CHICAGO, dropoffLocation: TIMES_SQUARE }),
        await post('/api/rides/quote', person, { pickupLocation: { address: 'Mid-Atlantic', lat: 35, lng: -60 }, dropoffLocation: TIMES_SQUARE }),
      ]) {
        expectError(response, 422, 'AREA_NOT_SERVED', /not serving this pickup area yet/);
        expect(response.json()).toMatchObject({ fields: { pickupLocation: 'This pickup area is not served yet' } });
      }
      expect(await expectOk<Ride[]>(await get('/api/rides', person))).toEqual([]);
    });

    it('quotes the server price of the trip and charges the quote when booking with it, not a fresh or client price', async () => {
      await freshDriver();
      const person = await rider(t.app);
      const trip = { pickupLocation: TIMES_SQUARE, dropoffLocation: PENN_STATION };
      const quote = await expectOk<QuoteResponse>(await post('/api/rides/quote', person, trip));
      const route = estimateRoute(TIMES_SQUARE, PENN_STATION);
      expect(quote).toEqual({
        ...quoteFare({ distanceMiles: route.distanceMiles, durationMinutes: route.durationMinutes }),
        quoteId: expect.any(String),
        expiresAt: new Date(clock.getTime() + 10 * 60_000).toISOString(),
        territoryName: 'Midtown',
        // A new territory's zones are tier 2 at multiplier 1 until the zone refresh runs (docs/community-economics.md §5).
        zoneTier: 2,
        zoneMultiplier: 1,
        rateAdjustmentPercent: 0,
        rateNotice: null,
        // The ride options' defaults (ADR 033).
        seats: 1,
        vehicleSize: 'any',
        wheelchairAccessible: false,
      });

      // Prices may change between the quote and the booking (a licensee rate change taking effect, say).
      // The stored quote is rewritten to stand for that: booking with the quote must charge the quote.
      const quoted = { baseFare: 300, distanceFare: 400, timeFare: 100, subtotal: 800, platformFee: 24, adminFee: 24, totalFare: 848 };
      await t.database.db.update(rideQuotes).set(quoted).where(eq(rideQuotes.id, quote.quoteId));
      const since = tap.mark();
      const response = await post('/api/rides', person, { ...trip, quoteId: quote.quoteId, distance: 0.1, duration: 1, totalFare: 1 });
      const ride = await expectOk<Ride>(response, 201);
      await tap.dispatched(ride.id, since);
      expect(ride).toMatchObject(quoted);
      await expectOk(await post(`/api/rides/${ride.id}/cancel`, person));

      // Expired quotes and other riders' quotes are not honoured: the current price applies.
      advance(11 * 60_000); // quotes are valid for 10 minutes
      const expired = await expectOk<Ride>(await post('/api/rides', person, { ...trip, quoteId: quote.quoteId }), 201);
      await tap.dispatched(expired.id);
      expect(expired.totalFare).toBe(quote.totalFare);
      await expectOk(await post(`/api/rides/${expired.id}/cancel`, person));
      const fresh = await expectOk<QuoteResponse>(await post('/api/rides/quote', person, trip));
      await t.database.db.update(rideQuotes).set(quoted).where(eq(rideQuotes.id, fresh.quoteId));
      const stranger = await rider(t.app);
      const strangers = await expectOk<Ride>(await post('/api/rides', stranger, { ...trip, quoteId: fresh.quoteId }), 201);
      await tap.dispatched(strangers.id);
      expect(strangers.totalFare).toBe(quote.totalFare);
    });
  });

  describe('the ride state machine', () => {
    it('refuses illegal transitions with 409 and leaves the ride as it was', async () => {
      const driver = await freshDriver();
      const person = await rider(t.app);
      const ride = await booked(person);
      const status = async () => (await expectOk<Ride>(await get(`/api/rides/${ride.id}`, person))).status;

      // requested
      expectError(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }), 409, 'CONFLICT', /requested ride cannot be started/);
      expectError(await post(`/api/rides/${ride.id}/complete`, driver), 409, 'CONFLICT');
      expectError(await post(`/api/rides/${ride.id}/rate`, person, { rating: 5 }), 409, 'CONFLICT');
      expect(await status()).toBe('requested');

      // accepted
      await expectOk(await post(`/api/rides/${ride.id}/accept`, driver));
      // The winner asking again (its answer was lost) gets the ride, not "already taken".
      expect((await expectOk<Ride>(await post(`/api/rides/${ride.id}/accept`, driver))).status).toBe('accepted');
      expectError(await post(`/api/rides/${ride.id}/complete`, driver), 409, 'CONFLICT', /accepted ride cannot be completed/);
      expectError(await post(`/api/rides/${ride.id}/rate`, person, { rating: 5 }), 409, 'CONFLICT', /once it is completed/);
      expectError(await post(`/api/rides/${ride.id}/tip`, person, { amount: 200 }), 409, 'CONFLICT', /once the ride is completed/);
      expect(await status()).toBe('accepted');

      // in progress
      await expectOk(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
      expectError(
        await post(`/api/rides/${ride.id}/cancel`, person, { reason: 'Too slow' }),
        409,
        'CONFLICT',
        /in progress ride cannot be cancelled by the rider/,
      );
      expectError(await post(`/api/rides/${ride.id}/cancel`, driver), 409, 'CONFLICT');
      expectError(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }), 409, 'CONFLICT');
      expect(await status()).toBe('in_progress');

      // completed: one rating, one tip
      await expectOk(await post(`/api/rides/${ride.id}/complete`, driver));
      expect(await expectOk<Ride>(await post(`/api/rides/${ride.id}/rate`, person, { rating: 4, comment: 'Smooth' }))).toMatchObject({
        rating: 4,
        ratingComment: 'Smooth',
      });
      expectError(await post(`/api/rides/${ride.id}/rate`, person, { rating: 1 }), 409, 'CONFLICT', /already rated/);
      expect((await expectOk<Ride>(await post(`/api/rides/${ride.id}/tip`, person, { amount: 300 }))).tip).toBe(300);
      expectError(await post(`/api/rides/${ride.id}/tip`, person, { amount: 500 }), 409, 'CONFLICT', /already tipped/);
      expectError(await post(`/api/rides/${ride.id}/cancel`, person), 409, 'CONFLICT');
      expect(await expectOk<Ride>(await get(`/api/rides/${ride.id}`, person))).toMatchObject({ status: 'completed', rating: 4, tip: 300 });
    });

    it('takes a rating and a tip for 7 days after the ride ended, and refuses them later', async () => {
      const person = await rider(t.app);
      const { ride: early } = await completedRide(person);
      const { ride: late } = await completedRide(person);
      advance(7 * 24 * 3_600_000 - 60_000);
      expect((await expectOk<Ride>(await post(`/api/rides/${early.id}/rate`, person, { rating: 5 }))).rating).toBe(5);
      expect((await expectOk<Ride>(await post(`/api/rides/${early.id}/tip`, person, { amount: 150 }))).tip).toBe(150);
      advance(2 * 60_000);
      expectError(await post(`/api/rides/${late.id}/rate`, person, { rating: 5 }), 409, 'FEEDBACK_CLOSED', /7 days/);
      expectError(await post(`/api/rides/${late.id}/tip`, person, { amount: 150 }), 409, 'FEEDBACK_CLOSED', /7 days/);
      expect(await expectOk<Ride>(await get(`/api/rides/${late.id}`, person))).toMatchObject({ rating: null, tip: 0 });
    });

    it('records requestedAt, acceptedAt, startedAt and completedAt from the clock', async () => {
      const driver = await freshDriver();
      const person = await rider(t.app);
      const requestedAt = clock.toISOString();
      const ride = await booked(person);
      expect(ride).toMatchObject({ requestedAt, acceptedAt: null, startedAt: null, completedAt: null, cancelledAt: null });

      const acceptedAt = advance(10_000).toISOString(); // within the 15 s offer
      expect(await expectOk<Ride>(await post(`/api/rides/${ride.id}/accept`, driver))).toMatchObject({ requestedAt, acceptedAt, startedAt: null });
      const startedAt = advance(6 * 60_000).toISOString();
      expect(await expectOk<Ride>(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }))).toMatchObject({
        acceptedAt,
        startedAt,
        completedAt: null,
      });
      const completedAt = advance(14 * 60_000).toISOString();
      expect(await expectOk<Ride>(await post(`/api/rides/${ride.id}/complete`, driver))).toMatchObject({ status: 'completed', completedAt });
      expect(await expectOk<Ride>(await get(`/api/rides/${ride.id}`, person))).toMatchObject({
        requestedAt,
        acceptedAt,
        startedAt,
        completedAt,
        cancelledAt: null,
      });
    });
  });

  describe('cancellation', () => {
    it('withdraws the offers of a requested ride the rider cancels, and tells the offered drivers', async () => {
      const first = await freshDriver();
      const second = await freshDriver();
      const person = await rider(t.app);
      const ride = await booked(person);
      expect((await expectOk<DriverOffer[]>(await get('/api/drivers/offers', first))).map((o) => o.ride.id)).toEqual([ride.id]);

      const since = tap.mark();
      const cancelled = await expectOk<Ride>(await post(`/api/rides/${ride.id}/cancel`, person, { reason: 'Plans changed' }));
      expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Plans changed', cancelledBy: 'rider', cancelledAt: clock.toISOString() });
      for (const driver of [first, second]) {
        expect(tap.to(driver.id, 'offer_withdrawn', since)).toEqual([{ type: 'offer_withdrawn', rideId: ride.id, reason: 'cancelled' }]);
        expect(await expectOk<DriverOffer[]>(await get('/api/drivers/offers', driver))).toEqual([]);
      }
      expect(tap.to(person.id, 'ride_cancelled', since)).toMatchObject([{ reason: 'Plans changed', ride: { id: ride.id, status: 'cancelled' } }]);
      expectError(await post(`/api/rides/${ride.id}/accept`, first), 409, 'OFFER_CANCELLED');
      const offers = await t.database.db.select().from(rideOffers).where(eq(rideOffers.rideId, ride.id));
      expect(offers.map((o) => o.status)).toEqual(['withdrawn', 'withdrawn']);
    });

    it('tells the driver when the rider cancels an accepted ride, and frees the driver for the next one', async () => {
      const { person, driver, ride } = await acceptedRide();
      const since = tap.mark();
      expect(await expectOk<Ride>(await post(`/api/rides/${ride.id}/cancel`, person))).toMatchObject({
        status: 'cancelled',
        cancelReason: 'rider_cancelled',
        cancelledBy: 'rider',
      });
      expect(tap.to(driver.id, 'ride_cancelled', since)).toMatchObject([{ reason: 'rider_cancelled', ride: { id: ride.id, status: 'cancelled' } }]);
      expect(await expectOk(await get('/api/rides/active', driver))).toEqual({ ride: null, awaitingRating: null });

      const next = await booked(await rider(t.app));
      expect(tap.recipients('ride_request', next.id)).toEqual([driver.id]);
    });

    it('tells the rider when the driver cancels an accepted ride', async () => {
      const { person, driver, ride } = await acceptedRide();
      const since = tap.mark();
      expect(await expectOk<Ride>(await post(`/api/rides/${ride.id}/cancel`, driver, { reason: 'Flat tyre' }))).toMatchObject({
        status: 'cancelled',
        cancelReason: 'Flat tyre',
        cancelledBy: 'driver',
      });
      expect(tap.to(person.id, 'ride_cancelled', since)).toMatchObject([{ reason: 'Flat tyre', ride: { id: ride.id } }]);
      expect(await expectOk(await get('/api/rides/active', person))).toEqual({ ride: null, awaitingRating: null });
    });
  });

  describe('ownership and roles', () => {
    it("answers 404 to a rider who GETs, cancels, rates or tips another rider's ride", async () => {
      const { person, ride } = await completedRide();
      const stranger = await rider(t.app);
      expectError(await get(`/api/rides/${ride.id}`, stranger), 404, 'NOT_FOUND');
      expectError(await post(`/api/rides/${ride.id}/cancel`, stranger), 404, 'NOT_FOUND');
      expectError(await post(`/api/rides/${ride.id}/rate`, stranger, { rating: 1 }), 404, 'NOT_FOUND');
      expectError(await post(`/api/rides/${ride.id}/tip`, stranger, { amount: 100 }), 404, 'NOT_FOUND');
      expect(await expectOk<Ride[]>(await get('/api/rides', stranger))).toEqual([]);
      expect(await expectOk<Ride>(await get(`/api/rides/${ride.id}`, person))).toMatchObject({ rating: null, tip: 0 });
    });

    it('answers 404 to a driver who was never offered the ride, for GET, accept and decline', async () => {
      await freshDriver();
      const ride = await booked(await rider(t.app));
      const outsider = await registeredDriver(t.app, admin); // approved but offline: never offered
      expectError(await get(`/api/rides/${ride.id}`, outsider), 404, 'NOT_FOUND');
      expectError(await post(`/api/rides/${ride.id}/accept`, outsider), 404, 'NOT_FOUND');
      expectError(await post(`/api/rides/${ride.id}/decline`, outsider), 404, 'NOT_FOUND');
      expectError(await get(`/api/rides/${randomUUID()}`, outsider), 404, 'NOT_FOUND');
    });

    it('answers 404 to a driver who lost the ride to another when they try to see, start, complete or cancel it', async () => {
      const winner = await freshDriver();
      const loser = await freshDriver();
      const person = await rider(t.app);
      const ride = await booked(person);
      expect((await expectOk<Ride>(await get(`/api/rides/${ride.id}`, loser))).id).toBe(ride.id); // offered: may look
      await expectOk(await post(`/api/rides/${ride.id}/accept`, winner));
      expectError(await post(`/api/rides/${ride.id}/accept`, loser), 409, 'OFFER_TAKEN', /Another driver took this ride/);
      expectError(await get(`/api/rides/${ride.id}`, loser), 404, 'NOT_FOUND');
      expectError(await post(`/api/rides/${ride.id}/start`, loser, { pin: ride.pin }), 404, 'NOT_FOUND');
      expectError(await post(`/api/rides/${ride.id}/cancel`, loser), 404, 'NOT_FOUND');
      await expectOk(await post(`/api/rides/${ride.id}/start`, winner, { pin: ride.pin }));
      expectError(await post(`/api/rides/${ride.id}/complete`, loser), 404, 'NOT_FOUND');
      expect(await expectOk<Ride>(await get(`/api/rides/${ride.id}`, person))).toMatchObject({ status: 'in_progress', driver: { id: winner.id } });
    });

    const people: Record<'customer' | 'driver' | 'licensee', () => Promise<Person>> = {
      customer: () => rider(t.app),
      driver: () => registeredDriver(t.app, admin),
      licensee: async () => licensee,
    };
    const trip = { pickupLocation: TIMES_SQUARE, dropoffLocation: PENN_STATION };
    it.each([
      ['a driver asking for a quote', 'driver', 'POST', '/api/rides/quote', trip],
      ['a rider accepting a ride', 'customer', 'POST', `/api/rides/${randomUUID()}/accept`, {}],
      ['a rider setting a driver status', 'customer', 'PATCH', '/api/drivers/status', { status: 'online', location: HERALD_SQUARE }],
      ['a licensee opening the admin dashboard', 'licensee', 'GET', '/api/admin/dashboard', undefined],
      ['a driver listing favourite places', 'driver', 'GET', '/api/favorite-locations', undefined],
      ['a driver booking a ride', 'driver', 'POST', '/api/rides', trip],
      ['a rider reading the platform stats', 'customer', 'GET', '/api/admin/platform-stats', undefined],
      ['a rider reading licensee territories', 'customer', 'GET', '/api/licensee/territories', undefined],
      ['a driver reading rider stats', 'driver', 'GET', '/api/users/stats', undefined],
    ] as const)('refuses %s with 403', async (_label, role, method, url, payload) => {
      const person = await people[role]();
      const response = await t.app.inject({ method, url, headers: { authorization: `Bearer ${person.token}` }, ...(payload ? { payload } : {}) });
      expectError(response, 403, 'FORBIDDEN');
    });

    it('refuses every ride route without a session with 401', async () => {
      for (const [method, url] of [
        ['POST', '/api/rides/quote'],
        ['POST', '/api/rides'],
        ['GET', '/api/rides'],
        ['POST', `/api/rides/${randomUUID()}/accept`],
        ['GET', '/api/drivers/offers'],
        ['GET', '/api/favorite-locations'],
      ] as const) {
        expectError(await t.app.inject({ method, url }), 401, 'UNAUTHENTICATED');
      }
    });
  });

  describe('favourite places', () => {
    it("lets a rider create, list (newest first), update and delete favourites; another rider's are 404", async () => {
      const owner = await rider(t.app);
      const stranger = await rider(t.app);
      const home = await expectOk<FavoriteLocation>(
        await post('/api/favorite-locations', owner, { name: 'Home', address: '350 5th Ave, New York', lat: 40.7484, lng: -73.9857 }),
        201,
      );
      const work = await expectOk<FavoriteLocation>(
        await post('/api/favorite-locations', owner, { name: 'Work', address: '1 Penn Plaza, New York', lat: 40.7506, lng: -73.9935 }),
        201,
      );
      expect(home).toEqual({ id: expect.any(String), name: 'Home', address: '350 5th Ave, New York', lat: 40.7484, lng: -73.9857 });
      expect(await expectOk<FavoriteLocation[]>(await get('/api/favorite-locations', owner))).toEqual([work, home]);

      const renamed = await expectOk<FavoriteLocation>(await api.patch(t.app, `/api/favorite-locations/${home.id}`, owner, { name: 'Home sweet home' }));
      expect(renamed).toEqual({ ...home, name: 'Home sweet home' });

      expectError(await api.patch(t.app, `/api/favorite-locations/${home.id}`, stranger, { name: 'Mine now' }), 404, 'NOT_FOUND');
      expectError(await api.delete(t.app, `/api/favorite-locations/${home.id}`, stranger), 404, 'NOT_FOUND');
      expect(await expectOk<FavoriteLocation[]>(await get('/api/favorite-locations', stranger))).toEqual([]);

      expect(await expectOk(await api.delete(t.app, `/api/favorite-locations/${work.id}`, owner))).toEqual({ ok: true });
      expectError(await api.delete(t.app, `/api/favorite-locations/${work.id}`, owner), 404, 'NOT_FOUND');
      expect(await expectOk<FavoriteLocation[]>(await get('/api/favorite-locations', owner))).toEqual([renamed]);

      const invalid = await post('/api/favorite-locations', owner, { name: '', address: 'Somewhere', lat: 100, lng: 0 });
      expectError(invalid, 400, 'VALIDATION_FAILED');
      expect(invalid.json()).toMatchObject({ fields: { name: 'Name is required', lat: 'Latitude must be between -90 and 90' } });
    });
  });

  describe('rider stats', () => {
    it('counts completed rides and what they cost, tips included, and leaves out cancelled rides', async () => {
      const person = await rider(t.app);
      expect(await expectOk<RiderStats>(await get('/api/users/stats', person))).toEqual({ rating: null, totalRides: 0, totalSpent: 0, monthlyRides: 0 });

      const { ride: first, driver: firstDriver } = await completedRide(person);
      await expectOk(await post(`/api/rides/${first.id}/tip`, person, { amount: 250 }));
      advance(60_000);
      const { ride: second, driver: secondDriver } = await completedRide(person);
      // The drivers' ratings of the rider make their rating: 4 and 5 -> 4.5.
      await expectOk(await post(`/api/rides/${first.id}/rate-rider`, firstDriver, { rating: 4 }), 201);
      await expectOk(await post(`/api/rides/${second.id}/rate-rider`, secondDriver, { rating: 5 }), 201);
      advance(60_000);
      const cancelled = await booked(person);
      await expectOk(await post(`/api/rides/${cancelled.id}/cancel`, person));

      expect(await expectOk<RiderStats>(await get('/api/users/stats', person))).toEqual({
        rating: 4.5,
        totalRides: 2,
        totalSpent: first.totalFare + 250 + second.totalFare,
        monthlyRides: 2,
      });
      expect((await expectOk<Ride[]>(await get('/api/rides', person))).map((r) => r.id)).toEqual([cancelled.id, second.id, first.id]);
    });
  });

  describe('going online', () => {
    it('lets a driver go online only when approved (403), with a location (422) inside a served territory (422)', async () => {
      const pending = await registeredDriver(t.app, admin, { approve: false });
      expectError(await api.patch(t.app, '/api/drivers/status', pending, { status: 'online', location: TIMES_SQUARE }), 403, 'FORBIDDEN', /not approved yet/);

      const approved = await registeredDriver(t.app, admin);
      const noLocation = await api.patch(t.app, '/api/drivers/status', approved, { status: 'online' });
      expectError(noLocation, 422, 'LOCATION_REQUIRED', /^Location Required/);
      expect(noLocation.json()).toMatchObject({ fields: { location: 'Location is required to go online' } });

      const nowhere = await registeredDriver(t.app, admin, { driveArea: 'Chicago, IL' });
      expect(await expectOk<DriverMe>(await get('/api/drivers/me', nowhere))).toMatchObject({ territoryName: null, isApproved: true });
      expectError(await api.patch(t.app, '/api/drivers/status', nowhere, { status: 'online', location: CHICAGO }), 422, 'AREA_NOT_SERVED', /not served yet/);
      for (const driver of [pending, approved, nowhere]) expect((await expectOk<DriverMe>(await get('/api/drivers/me', driver))).status).toBe('offline');

      // Going online inside a territory places a driver without one in it.
      expect(await expectOk(await api.patch(t.app, '/api/drivers/status', nowhere, { status: 'online', location: TIMES_SQUARE }))).toEqual({
        status: 'online',
      });
      online.push(nowhere);
      expect(await expectOk<DriverMe>(await get('/api/drivers/me', nowhere))).toMatchObject({
        territoryName: 'Midtown',
        status: 'online',
        currentLocation: { lat: TIMES_SQUARE.lat, lng: TIMES_SQUARE.lng },
      });
    });
  });

  describe('licensees', () => {
    it('shows a licensee only its own territories, drivers and driver applications', async () => {
      const brooklyn = await approvedLicensee(t.app, admin, ['11201'], 'Brooklyn Heights');
      const midtownDriver = await registeredDriver(t.app, admin, { driveArea: '10018', approve: false });
      const brooklynDriver = await registeredDriver(t.app, admin, { driveArea: coordinates(BROOKLYN_HEIGHTS), approve: false });

      expect((await expectOk<TerritorySummary[]>(await get('/api/licensee/territories', licensee))).map((x) => [x.territoryName, x.zipCodes])).toEqual([
        ['Midtown', [...MIDTOWN_ZIPS].sort()],
      ]);
      expect(await expectOk<TerritorySummary[]>(await get('/api/licensee/territories', brooklyn))).toMatchObject([
        { territoryName: 'Brooklyn Heights', zipCodes: ['11201'], totalRides: 0 },
      ]);

      const midtownDrivers = (await expectOk<LicenseeDriver[]>(await get('/api/licensee/drivers', licensee))).map((d) => d.id);
      expect(midtownDrivers).toContain(midtownDriver.id);
      expect(midtownDrivers).not.toContain(brooklynDriver.id);
      expect(await expectOk<LicenseeDriver[]>(await get('/api/licensee/drivers', brooklyn))).toMatchObject([
        { id: brooklynDriver.id, status: 'inactive', isOnline: false },
      ]);

      const midtownApplications = (await expectOk<DriverApplication[]>(await get('/api/driver-applications', licensee))).map((a) => a.user.email);
      expect(midtownApplications).toContain(midtownDriver.email);
      expect(midtownApplications).not.toContain(brooklynDriver.email);
      expect((await expectOk<DriverApplication[]>(await get('/api/driver-applications', brooklyn))).map((a) => a.user.email)).toEqual([brooklynDriver.email]);
      expect(await expectOk<LicenseeMetrics>(await get('/api/licensee/metrics', brooklyn))).toMatchObject({
        territories: 1,
        pendingDriverApplications: 1,
        totalRides: 0,
      });

      // Nor can it decide another territory's applications, or see the licensee applications at all.
      expectError(await post(`/api/driver-applications/${midtownDriver.applicationId}/review`, brooklyn, { status: 'approved' }), 404, 'NOT_FOUND');
      expectError(await get('/api/licensee-applications', brooklyn), 403, 'FORBIDDEN');
    });

    it('refuses to approve a licensee whose zip code already belongs to another territory, naming the zip (409)', async () => {
      const applicant = await register(t.app, licenseePayload({ zipCodes: '10036, 10128', territoryName: 'Theater District and Carnegie Hill' }));
      const applications = async () => expectOk<LicenseeApplication[]>(await get('/api/licensee-applications', admin));
      const application = (await applications()).find((a) => a.user.email === applicant.user.email)!;

      const refused = await post(`/api/licensee-applications/${application.id}/review`, admin, { status: 'approved' });
      expectError(refused, 409, 'CONFLICT', /10036/);
      expect(refused.json<{ error: string }>().error).not.toMatch(/10128/);

      // Nothing of the approval was kept: the application is still open and 10128 is not served.
      expect((await applications()).find((a) => a.id === application.id)).toMatchObject({ status: 'pending', reviewedAt: null });
      const person = await rider(t.app);
      expectError(await post('/api/rides/quote', person, { pickupLocation: CARNEGIE_HILL, dropoffLocation: TIMES_SQUARE }), 422, 'AREA_NOT_SERVED');
      expect(
        await expectOk(await post(`/api/licensee-applications/${application.id}/review`, admin, { status: 'rejected', notes: 'Zip 10036 is taken' })),
      ).toEqual({ ok: true });
    });

    it('lets a licensee approve a driver of its territory, and answers 404 for a driver of another territory', async () => {
      const parkSlope = await approvedLicensee(t.app, admin, ['11215'], 'Park Slope');
      const own = await registeredDriver(t.app, admin, { driveArea: coordinates(PARK_SLOPE), approve: false });
      const foreign = await registeredDriver(t.app, admin, { driveArea: '10018', approve: false });
      expectError(await api.patch(t.app, '/api/drivers/status', own, { status: 'online', location: PARK_SLOPE }), 403, 'FORBIDDEN');

      expect(await expectOk(await post(`/api/licensee/drivers/${own.id}/approve`, parkSlope))).toEqual({ ok: true });
      expect(await expectOk<DriverMe>(await get('/api/drivers/me', own))).toMatchObject({
        isApproved: true,
        applicationStatus: 'approved',
        territoryName: 'Park Slope',
      });
      await expectOk(await api.patch(t.app, '/api/drivers/status', own, { status: 'online', location: PARK_SLOPE }));
      online.push(own);
      expect(await expectOk<LicenseeDriver[]>(await get('/api/licensee/drivers', parkSlope))).toMatchObject([{ id: own.id, status: 'active', isOnline: true }]);
      expectError(await post(`/api/licensee/drivers/${own.id}/approve`, parkSlope), 409, 'CONFLICT');

      expectError(await post(`/api/licensee/drivers/${foreign.id}/approve`, parkSlope), 404, 'NOT_FOUND');
      expectError(await post(`/api/licensee/drivers/${randomUUID()}/approve`, parkSlope), 404, 'NOT_FOUND');
      expect(await expectOk<DriverMe>(await get('/api/drivers/me', foreign))).toMatchObject({ isApproved: false, applicationStatus: 'pending' });
    });
  });

  describe('admin dashboards', () => {
    it('reflect the rides, drivers and applications created', async () => {
      const dashboard = async () => expectOk<AdminDashboard>(await get('/api/admin/dashboard', admin));
      const stats = async () => expectOk<PlatformStats>(await get('/api/admin/platform-stats', admin));
      const [dashboardBefore, statsBefore] = [await dashboard(), await stats()];

      await registeredDriver(t.app, admin, { approve: false }); // a pending application
      const { ride: completed, person } = await completedRide(); // one rider, one approved driver who stays online
      await expectOk(await post(`/api/rides/${completed.id}/rate`, person, { rating: 4 }));
      await expectOk(await post(`/api/rides/${completed.id}/tip`, person, { amount: 100 }));
      const cancelledBy = await rider(t.app);
      await expectOk(await post(`/api/rides/${(await booked(cancelledBy)).id}/cancel`, cancelledBy));
      const active = await booked(await rider(t.app));
      expect(active.status).toBe('requested');

      const dashboardAfter = await dashboard();
      expect(dashboardAfter).toMatchObject({
        activeRides: dashboardBefore.activeRides + 1,
        onlineDrivers: dashboardBefore.onlineDrivers + 1,
        // Captured into escrow today, from the ledger: the fare and the tip.
        dailyRevenue: dashboardBefore.dailyRevenue + completed.totalFare + 100,
        pendingDriverApplications: dashboardBefore.pendingDriverApplications + 1,
        pendingLicenseeApplications: dashboardBefore.pendingLicenseeApplications,
      });
      expect(dashboardAfter.customerSatisfaction).toBeGreaterThanOrEqual(1);
      expect(dashboardAfter.customerSatisfaction).toBeLessThanOrEqual(5);
      const statsAfter = await stats();
      expect(statsAfter.ledger).toMatchObject({
        captured: statsBefore.ledger.captured + completed.totalFare + 100,
        inEscrow: statsBefore.ledger.inEscrow + completed.totalFare + 100,
        released: statsBefore.ledger.released,
      });
      expect(statsAfter).toMatchObject({
        riders: statsBefore.riders + 3,
        drivers: statsBefore.drivers + 2,
        approvedDrivers: statsBefore.approvedDrivers + 1,
        licensees: statsBefore.licensees,
        territories: statsBefore.territories,
        totalRides: statsBefore.totalRides + 3,
        completedRides: statsBefore.completedRides + 1,
        cancelledRides: statsBefore.cancelledRides + 1,
        totalRevenue: statsBefore.totalRevenue + completed.totalFare + 100,
      });
    });
  });
});

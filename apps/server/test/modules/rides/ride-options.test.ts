import { quoteFare, type DriverMe, type DriverOffer, type LatLng, type QuoteResponse, type Ride } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubTap } from '../../support/realtime';
import { createTestApp, backends, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  CITIES,
  coordinates,
  expectError,
  expectOk,
  goOffline,
  goOnline,
  offset,
  registeredDriver,
  rider,
  signInAdmin,
  type Person,
} from '../../support/world';

/* Ride options (contract §9, ADR 033): seats, vehicle size and wheelchair access in the quote, the booking and dispatch. */

const { DENVER, ATLANTA } = CITIES;

describe.each(backends)('ride options on %s', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let admin: Person;
  /** Denver's drivers: a compact with 3 passenger seats, an SUV with 6, an accessible standard car with 4 (seatCount is passenger seats). */
  let compact: Person;
  let suv: Person;
  let accessible: Person;

  const trip = (pickup: LatLng) => ({ pickupLocation: { address: 'Pickup', ...pickup }, dropoffLocation: { address: 'Drop-off', ...offset(pickup, 1) } });
  const quote = (person: Person, pickup: LatLng, options: Record<string, unknown> = {}) =>
    api.post(t.app, '/api/rides/quote', person, { ...trip(pickup), ...options });
  const offers = async (driver: Person) => (await expectOk<DriverOffer[]>(await api.get(t.app, '/api/drivers/offers', driver))).map((o) => o.ride.id);

  async function driverWith(vehicle: { vehicleSize: string; seatCount: number; wheelchairAccessible?: boolean }, near: LatLng): Promise<Person> {
    const driver = await registeredDriver(t.app, admin, { driveArea: coordinates(DENVER), overrides: vehicle });
    await goOnline(t.app, driver, near);
    return driver;
  }

  /** Books with the options and waits for the booking's first dispatch round. */
  async function bookWith(options: Record<string, unknown>): Promise<Ride> {
    const person = await rider(t.app);
    const since = tap.mark();
    const ride = await expectOk<Ride>(await api.post(t.app, '/api/rides', person, { ...trip(DENVER), ...options }), 201);
    await tap.dispatched(ride.id, since);
    return ride;
  }

  /** Who was offered the ride in its first round, among Denver's three drivers; the ride is then cancelled (their offers withdrawn). */
  async function offeredFor(options: Record<string, unknown>): Promise<string[]> {
    const ride = await bookWith(options);
    const offered = [
      ...((await offers(compact)).includes(ride.id) ? ['compact'] : []),
      ...((await offers(suv)).includes(ride.id) ? ['suv'] : []),
      ...((await offers(accessible)).includes(ride.id) ? ['accessible'] : []),
    ];
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/cancel`, admin, { reason: 'test done' }));
    return offered;
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin, ['80202'], 'Denver');
    await approvedLicensee(t.app, admin, ['30303'], 'Atlanta');
    compact = await driverWith({ vehicleSize: 'compact', seatCount: 3 }, offset(DENVER, 0.2));
    suv = await driverWith({ vehicleSize: 'suv', seatCount: 6 }, offset(DENVER, 0.4));
    accessible = await driverWith({ vehicleSize: 'standard', seatCount: 4, wheelchairAccessible: true }, offset(DENVER, 0.6));
  });
  afterAll(() => t?.close());

  it('stores the wheelchair-accessible flag a driver declares at sign-up (false when left out)', async () => {
    expect((await expectOk<DriverMe>(await api.get(t.app, '/api/drivers/me', accessible))).wheelchairAccessible).toBe(true);
    expect((await expectOk<DriverMe>(await api.get(t.app, '/api/drivers/me', compact))).wheelchairAccessible).toBe(false);
  });

  it('quotes with the defaults (1 seat, any size, not accessible) and echoes the options asked for', async () => {
    const person = await rider(t.app);
    const plain = await expectOk<QuoteResponse>(await quote(person, DENVER));
    expect({ seats: plain.seats, vehicleSize: plain.vehicleSize, wheelchairAccessible: plain.wheelchairAccessible }).toEqual({
      seats: 1,
      vehicleSize: 'any',
      wheelchairAccessible: false,
    });
    const asked = await expectOk<QuoteResponse>(await quote(person, DENVER, { seats: 4, vehicleSize: 'standard', wheelchairAccessible: true }));
    expect({ seats: asked.seats, vehicleSize: asked.vehicleSize, wheelchairAccessible: asked.wheelchairAccessible }).toEqual({
      seats: 4,
      vehicleSize: 'standard',
      wheelchairAccessible: true,
    });
  });

  it('prices a bigger vehicle by its size multiplier, in cents, with fees that keep the driver at 94% or more', async () => {
    const person = await rider(t.app);
    const any = await expectOk<QuoteResponse>(await quote(person, DENVER));
    const big = await expectOk<QuoteResponse>(await quote(person, DENVER, { vehicleSize: 'suv' }));
    const expected = quoteFare({
      distanceMiles: big.distance,
      durationMinutes: big.duration,
      zoneMultiplier: big.zoneMultiplier,
      rateAdjustmentPercent: big.rateAdjustmentPercent,
      vehicleSize: 'suv',
    });
    expect(big.totalFare).toBe(expected.totalFare);
    expect(big.subtotal).toBe(expected.subtotal);
    expect(big.subtotal).toBeGreaterThan(any.subtotal);
    expect(Number.isInteger(big.totalFare)).toBe(true);
    expect(big.subtotal / big.totalFare).toBeGreaterThanOrEqual(0.94);
    // Seats and wheelchair access never change the price.
    const accessibleQuote = await expectOk<QuoteResponse>(await quote(person, DENVER, { seats: 3, wheelchairAccessible: true }));
    expect(accessibleQuote.totalFare).toBe(any.totalFare);
  });

  it('refuses options out of range with 400', async () => {
    const person = await rider(t.app);
    expectError(await quote(person, DENVER, { seats: 0 }), 400, 'VALIDATION_FAILED');
    expectError(await quote(person, DENVER, { seats: 9 }), 400, 'VALIDATION_FAILED');
    expectError(await quote(person, DENVER, { seats: 1.5 }), 400, 'VALIDATION_FAILED');
    expectError(await quote(person, DENVER, { vehicleSize: 'limousine' }), 400, 'VALIDATION_FAILED');
    expectError(await api.post(t.app, '/api/rides', person, { ...trip(DENVER), wheelchairAccessible: 'yes' }), 400, 'VALIDATION_FAILED');
  });

  it('answers 422 NO_FITTING_VEHICLE at quote and booking when no vehicle of the territory fits: 7 seats where the largest car has 6', async () => {
    const person = await rider(t.app);
    expectError(await quote(person, DENVER, { seats: 7 }), 422, 'NO_FITTING_VEHICLE');
    expectError(await api.post(t.app, '/api/rides', person, { ...trip(DENVER), seats: 7 }), 422, 'NO_FITTING_VEHICLE');
    expectError(await api.post(t.app, '/api/rides', person, { ...trip(DENVER), seats: 8 }), 422, 'NO_FITTING_VEHICLE');
    // Atlanta has no accessible vehicle at all (no drivers): the rider is told now, not after a search.
    expectError(await quote(person, ATLANTA, { wheelchairAccessible: true }), 422, 'NO_FITTING_VEHICLE');
    // The defaults fit any vehicle: a territory without drivers still quotes them (its rides end with no_drivers).
    await expectOk<QuoteResponse>(await quote(person, ATLANTA));
  });

  it('books with the options of its quote, at the quoted price; other options are priced again', async () => {
    const person = await rider(t.app);
    const suvQuote = await expectOk<QuoteResponse>(await quote(person, DENVER, { vehicleSize: 'suv', seats: 2 }));
    const booked = await expectOk<Ride>(
      await api.post(t.app, '/api/rides', person, { ...trip(DENVER), quoteId: suvQuote.quoteId, vehicleSize: 'suv', seats: 2 }),
      201,
    );
    expect({ seats: booked.seats, vehicleSize: booked.vehicleSize, wheelchairAccessible: booked.wheelchairAccessible, totalFare: booked.totalFare }).toEqual({
      seats: 2,
      vehicleSize: 'suv',
      wheelchairAccessible: false,
      totalFare: suvQuote.totalFare,
    });
    await expectOk(await api.post(t.app, `/api/rides/${booked.id}/cancel`, person, {}));
    // The SUV quote used for an "any" booking: not this quote's options, so priced at the "any" rate.
    const anyQuote = await expectOk<QuoteResponse>(await quote(person, DENVER));
    const other = await expectOk<Ride>(await api.post(t.app, '/api/rides', person, { ...trip(DENVER), quoteId: suvQuote.quoteId }), 201);
    expect(other.vehicleSize).toBe('any');
    expect(other.totalFare).toBe(anyQuote.totalFare);
    await expectOk(await api.post(t.app, `/api/rides/${other.id}/cancel`, person, {}));
  });

  it('offers a ride only to vehicles that fit: seats, a size or bigger, wheelchair access', async () => {
    expect((await offeredFor({})).sort()).toEqual(['accessible', 'compact', 'suv']);
    // 3 passengers: the compact's 3 passenger seats take them.
    expect((await offeredFor({ seats: 3 })).sort()).toEqual(['accessible', 'compact', 'suv']);
    expect(await offeredFor({ seats: 5 })).toEqual(['suv']);
    // Standard or bigger: the SUV may take it, the compact may not.
    expect((await offeredFor({ vehicleSize: 'standard' })).sort()).toEqual(['accessible', 'suv']);
    expect(await offeredFor({ vehicleSize: 'suv' })).toEqual(['suv']);
    expect(await offeredFor({ wheelchairAccessible: true })).toEqual(['accessible']);
    // Both at once: no vehicle of the territory has them, so no booking to offer.
    expectError(await api.post(t.app, '/api/rides', await rider(t.app), { ...trip(DENVER), wheelchairAccessible: true, seats: 5 }), 422, 'NO_FITTING_VEHICLE');
  });

  it('never offers a ride whose seats no online vehicle has: it ends with no_drivers', async () => {
    // The SUV (6 passenger seats) is approved but offline: the booking is accepted (a fitting vehicle
    // exists in the territory), but the compact and the accessible car are never offered the ride.
    await goOffline(t.app, suv);
    try {
      const person = await rider(t.app);
      const since = tap.mark();
      const ride = await expectOk<Ride>(await api.post(t.app, '/api/rides', person, { ...trip(DENVER), seats: 6 }), 201);
      await tap.dispatched(ride.id, since);
      expect(tap.recipients('ride_request', ride.id, since)).toEqual([]);
      const after = await expectOk<Ride>(await api.get(t.app, `/api/rides/${ride.id}`, person));
      expect({ status: after.status, cancelReason: after.cancelReason }).toEqual({ status: 'cancelled', cancelReason: 'no_drivers' });
    } finally {
      await goOnline(t.app, suv, offset(DENVER, 0.4));
    }
  });
});

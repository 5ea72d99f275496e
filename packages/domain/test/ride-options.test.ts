import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RIDE_OPTIONS,
  isDefaultRideOptions,
  passengerSeats,
  quoteFare,
  quoteRequestSchema,
  rideOptionsOf,
  rideVehicleSizes,
  sizesThatFit,
  vehicleFits,
  vehicleSizes,
  type RideOptions,
} from '../src';

const car = (seatCount: number, vehicleSize: string, wheelchairAccessible = false) => ({ seatCount, vehicleSize, wheelchairAccessible });
const options = (o: Partial<RideOptions>): RideOptions => rideOptionsOf(o);

describe('ride options', () => {
  it('default to 1 seat, any size, not accessible', () => {
    expect(rideOptionsOf({})).toEqual({ seats: 1, vehicleSize: 'any', wheelchairAccessible: false });
    expect(isDefaultRideOptions(DEFAULT_RIDE_OPTIONS)).toBe(true);
    expect(isDefaultRideOptions(options({ seats: 2 }))).toBe(false);
  });

  it('accept 1 to 8 whole seats and the five sizes in a quote request', () => {
    const trip = { pickupLocation: { address: 'A', lat: 40, lng: -73 }, dropoffLocation: { address: 'B', lat: 40.01, lng: -73 } };
    expect(quoteRequestSchema.safeParse({ ...trip, seats: 8, vehicleSize: 'large', wheelchairAccessible: true }).success).toBe(true);
    expect(quoteRequestSchema.safeParse({ ...trip, seats: 0 }).error?.issues[0]?.message).toBe('Seats must be 1 to 8');
    expect(quoteRequestSchema.safeParse({ ...trip, seats: 9 }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...trip, vehicleSize: 'van' }).success).toBe(false);
  });

  it('order sizes compact < standard < suv < large: a size is taken by it and every bigger one, any by all', () => {
    expect(sizesThatFit('any')).toEqual(['compact', 'standard', 'suv', 'large']);
    expect(sizesThatFit('compact')).toEqual(['compact', 'standard', 'suv', 'large']);
    expect(sizesThatFit('standard')).toEqual(['standard', 'suv', 'large']);
    expect(sizesThatFit('suv')).toEqual(['suv', 'large']);
    expect(sizesThatFit('large')).toEqual(['large']);
    // The sign-up's sizes are the same four.
    expect([...vehicleSizes]).toEqual(sizesThatFit('any'));
  });

  it('fit a vehicle by its passenger seats (as declared at sign-up), size and wheelchair access', () => {
    expect(passengerSeats(car(4, 'compact'))).toBe(4);
    expect(vehicleFits(car(4, 'compact'), options({ seats: 4 }))).toBe(true);
    expect(vehicleFits(car(4, 'compact'), options({ seats: 5 }))).toBe(false);
    expect(vehicleFits(car(8, 'large', true), options({ seats: 8 }))).toBe(true);
    expect(vehicleFits(car(7, 'large'), options({ seats: 8 }))).toBe(false);
    expect(vehicleFits(car(5, 'suv'), options({ vehicleSize: 'standard' }))).toBe(true);
    expect(vehicleFits(car(5, 'standard'), options({ vehicleSize: 'suv' }))).toBe(false);
    expect(vehicleFits(car(5, 'standard'), options({ wheelchairAccessible: true }))).toBe(false);
    expect(vehicleFits(car(5, 'standard', true), options({ wheelchairAccessible: true }))).toBe(true);
  });

  it('every declared vehicle (2-8 seats) fits the defaults', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.constantFrom(...vehicleSizes), fc.boolean(), (seats, size, accessible) =>
        vehicleFits(car(seats, size, accessible), DEFAULT_RIDE_OPTIONS),
      ),
    );
  });
});

describe('quoteFare by vehicle size', () => {
  it('prices any and compact at the base rates, then standard ×1.1, suv ×1.25, large ×1.5 on each component', () => {
    const base = quoteFare({ distanceMiles: 2, durationMinutes: 5 });
    expect(quoteFare({ distanceMiles: 2, durationMinutes: 5, vehicleSize: 'compact' })).toEqual(base);
    expect(quoteFare({ distanceMiles: 2, durationMinutes: 5, vehicleSize: 'suv' })).toMatchObject({
      baseFare: 313, // 312.5 rounds to the cent
      distanceFare: 375,
      timeFare: 125,
      subtotal: 813,
      platformFee: 24, // 24.39 rounds down
      adminFee: 24,
      totalFare: 861,
    });
    expect(quoteFare({ distanceMiles: 2, durationMinutes: 5, vehicleSize: 'large' }).subtotal).toBe(375 + 450 + 150);
  });

  it('keeps integer cents, a breakdown that adds up, bigger never cheaper, and the driver at 94% or more of the fare', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 300, noNaN: true }),
        fc.double({ min: 0, max: 600, noNaN: true }),
        fc.double({ min: 0.9, max: 1.2, noNaN: true }),
        fc.integer({ min: -10, max: 10 }),
        (distanceMiles, durationMinutes, zoneMultiplier, rateAdjustmentPercent) => {
          let previous = -1;
          for (const vehicleSize of rideVehicleSizes) {
            const fare = quoteFare({ distanceMiles, durationMinutes, zoneMultiplier, rateAdjustmentPercent, vehicleSize });
            for (const cents of [fare.baseFare, fare.distanceFare, fare.timeFare, fare.platformFee, fare.adminFee, fare.totalFare]) {
              expect(Number.isInteger(cents)).toBe(true);
            }
            expect(fare.baseFare + fare.distanceFare + fare.timeFare).toBe(fare.subtotal);
            expect(fare.subtotal + fare.platformFee + fare.adminFee).toBe(fare.totalFare);
            expect(fare.subtotal * 100).toBeGreaterThanOrEqual(fare.totalFare * 94);
            if (vehicleSize !== 'any') {
              expect(fare.subtotal).toBeGreaterThanOrEqual(previous);
              previous = fare.subtotal;
            }
          }
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateRoute, haversineMiles, MINUTES_PER_MILE, PRICING, quoteFare, ROAD_FACTOR } from '../src';

describe('quoteFare', () => {
  it('prices 2 miles and 5 minutes as base 250 + 300 distance + 100 time, plus 3% + 3% fees', () => {
    expect(quoteFare({ distanceMiles: 2, durationMinutes: 5 })).toEqual({
      distance: 2,
      duration: 5,
      baseFare: 250,
      distanceFare: 300,
      timeFare: 100,
      subtotal: 650,
      platformFee: 19, // 19.5 rounds down: fees never exceed their rate
      adminFee: 19,
      totalFare: 688,
      currency: 'USD',
    });
  });

  it('rounds each fee down to the cent: 3.7 miles and 9 minutes cost 985 + 29 + 29', () => {
    expect(quoteFare({ distanceMiles: 3.7, durationMinutes: 9 })).toMatchObject({
      baseFare: 250,
      distanceFare: 555,
      timeFare: 180,
      subtotal: 985,
      platformFee: 29, // 29.55
      adminFee: 29,
      totalFare: 1043,
    });
  });

  it('charges only the base fare (plus its fees) for a zero-length trip', () => {
    expect(quoteFare({ distanceMiles: 0, durationMinutes: 0 })).toMatchObject({ subtotal: 250, platformFee: 7, adminFee: 7, totalFare: 264 });
  });

  it.each([
    [
      'a 1.5 zone multiplier',
      { zoneMultiplier: 1.5 },
      { baseFare: 375, distanceFare: 450, timeFare: 150, subtotal: 975, platformFee: 29, adminFee: 29, totalFare: 1033 },
    ],
    [
      'a +10% licensee adjustment',
      { rateAdjustmentPercent: 10 },
      { baseFare: 275, distanceFare: 330, timeFare: 110, subtotal: 715, platformFee: 21, adminFee: 21, totalFare: 757 },
    ],
    [
      'a -10% licensee adjustment',
      { rateAdjustmentPercent: -10 },
      { baseFare: 225, distanceFare: 270, timeFare: 90, subtotal: 585, platformFee: 17, adminFee: 17, totalFare: 619 },
    ],
  ])('scales every component of a 2 mile, 5 minute trip by %s', (_label, options, expected) => {
    expect(quoteFare({ distanceMiles: 2, durationMinutes: 5, ...options })).toMatchObject(expected);
  });

  it('combines the zone multiplier and the licensee adjustment (1.25 × 0.95) before rounding each component', () => {
    // factor 1.1875: 296.875 -> 297, 213.75 -> 214, 71.25 -> 71
    expect(quoteFare({ distanceMiles: 1.2, durationMinutes: 3, zoneMultiplier: 1.25, rateAdjustmentPercent: -5 })).toMatchObject({
      baseFare: 297,
      distanceFare: 214,
      timeFare: 71,
      subtotal: 582,
      platformFee: 17,
      adminFee: 17,
      totalFare: 616,
    });
  });

  it.each([10.5, -10.01, 25, -100])('refuses a licensee adjustment of %s%%, beyond ±10%%', (rateAdjustmentPercent) => {
    expect(() => quoteFare({ distanceMiles: 2, durationMinutes: 5, rateAdjustmentPercent })).toThrow(RangeError);
  });

  it.each([
    [-1, 5],
    [2, -1],
    [Number.NaN, 5],
    [2, Number.NaN],
  ])('refuses a distance of %s miles with %s minutes', (distanceMiles, durationMinutes) => {
    expect(() => quoteFare({ distanceMiles, durationMinutes })).toThrow(RangeError);
  });

  const trip = fc.record({
    distanceMiles: fc.double({ min: 0, max: 300, noNaN: true }),
    durationMinutes: fc.double({ min: 0, max: 750, noNaN: true }),
    zoneMultiplier: fc.double({ min: 0.5, max: 3, noNaN: true }),
    rateAdjustmentPercent: fc.double({ min: -PRICING.maxRateAdjustmentPercent, max: PRICING.maxRateAdjustmentPercent, noNaN: true }),
  });

  it('always breaks down into integer cents whose components add up to the subtotal', () => {
    fc.assert(
      fc.property(trip, (input) => {
        const fare = quoteFare(input);
        for (const cents of [fare.baseFare, fare.distanceFare, fare.timeFare, fare.subtotal, fare.platformFee, fare.adminFee, fare.totalFare]) {
          expect(Number.isInteger(cents)).toBe(true);
        }
        expect(fare.baseFare + fare.distanceFare + fare.timeFare).toBe(fare.subtotal);
      }),
    );
  });

  it('always totals the subtotal plus the platform fee plus the admin fee', () => {
    fc.assert(
      fc.property(trip, (input) => {
        const fare = quoteFare(input);
        expect(fare.totalFare).toBe(fare.subtotal + fare.platformFee + fare.adminFee);
      }),
    );
  });

  it('keeps each fee within one cent below 3% of the subtotal, never above', () => {
    fc.assert(
      fc.property(trip, (input) => {
        const fare = quoteFare(input);
        for (const fee of [fare.platformFee, fare.adminFee]) {
          expect(fee).toBeLessThanOrEqual(fare.subtotal * 0.03 + 1e-9);
          expect(fare.subtotal * 0.03 - fee).toBeLessThan(1);
        }
      }),
    );
  });

  it('never charges less for a longer trip of the same duration and rates', () => {
    fc.assert(
      fc.property(trip, fc.double({ min: 0, max: 100, noNaN: true }), (input, extraMiles) => {
        const shorter = quoteFare(input);
        const longer = quoteFare({ ...input, distanceMiles: input.distanceMiles + extraMiles });
        expect(longer.distanceFare).toBeGreaterThanOrEqual(shorter.distanceFare);
        expect(longer.subtotal).toBeGreaterThanOrEqual(shorter.subtotal);
        expect(longer.totalFare).toBeGreaterThanOrEqual(shorter.totalFare);
      }),
    );
  });
});

describe('haversineMiles', () => {
  const timesSquare = { lat: 40.758, lng: -73.9855 };
  const pennStation = { lat: 40.7506, lng: -73.9935 };

  it('measures Times Square to Penn Station as about two thirds of a mile', () => {
    expect(haversineMiles(timesSquare, pennStation)).toBeCloseTo(0.661, 3);
  });

  it('measures JFK to LAX as about 2,470 miles', () => {
    expect(haversineMiles({ lat: 40.6413, lng: -73.7781 }, { lat: 33.9416, lng: -118.4085 })).toBeCloseTo(2469.5, 0);
  });

  it('measures one degree of longitude on the equator as 69.09 miles and half the globe as π × the Earth radius', () => {
    expect(haversineMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(69.093, 3);
    expect(haversineMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 3958.7613, 3);
  });

  it('is zero from a point to itself and the same in both directions', () => {
    const point = fc.record({ lat: fc.double({ min: -90, max: 90, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) });
    fc.assert(
      fc.property(point, point, (a, b) => {
        expect(haversineMiles(a, a)).toBe(0);
        expect(haversineMiles(a, b)).toBeCloseTo(haversineMiles(b, a), 9);
      }),
    );
  });
});

describe('estimateRoute', () => {
  it('uses the road factor 1.3 and 2.5 minutes a mile', () => {
    expect(ROAD_FACTOR).toBe(1.3);
    expect(MINUTES_PER_MILE).toBe(2.5);
    // One degree of longitude on the equator: 69.093 great-circle miles -> 89.8 road miles -> 225 minutes.
    expect(estimateRoute({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toEqual({ distanceMiles: 89.8, durationMinutes: 225 });
    // Times Square to Penn Station: 0.661 -> 0.9 road miles -> 2 minutes (2.25 rounded).
    expect(estimateRoute({ lat: 40.758, lng: -73.9855 }, { lat: 40.7506, lng: -73.9935 })).toEqual({ distanceMiles: 0.9, durationMinutes: 2 });
  });

  it('never estimates less than one minute, even for a trip to the same spot', () => {
    expect(estimateRoute({ lat: 40.75, lng: -73.99 }, { lat: 40.75, lng: -73.99 })).toEqual({ distanceMiles: 0, durationMinutes: 1 });
  });

  it('always rounds road miles to a tenth and minutes to 2.5 per road mile', () => {
    const point = fc.record({ lat: fc.double({ min: 25, max: 49, noNaN: true }), lng: fc.double({ min: -124, max: -67, noNaN: true }) });
    fc.assert(
      fc.property(point, point, (a, b) => {
        const { distanceMiles, durationMinutes } = estimateRoute(a, b);
        expect(Math.abs(distanceMiles - haversineMiles(a, b) * ROAD_FACTOR)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(durationMinutes).toBe(Math.max(1, Math.round(distanceMiles * MINUTES_PER_MILE)));
      }),
    );
  });
});

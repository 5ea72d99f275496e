import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteFareExample } from './fare-example';

const sum = (values: Record<string, number>) => Object.values(values).reduce((total, value) => total + value, 0);

describe('quoteFareExample (quoteFare + splitFare)', () => {
  it('prices 5 miles and 12.5 minutes as 250 + 750 + 250 cents plus 3% + 3% rounded down', () => {
    const fare = quoteFareExample({ miles: 5, minutes: 12.5 });
    // 3% of 1,250 is 37.5: fees round down, in the rider's favour.
    expect(fare).toMatchObject({
      baseFare: 250,
      distanceFare: 750,
      timeFare: 250,
      subtotal: 1250,
      platformFee: 37,
      adminFee: 37,
      totalFare: 1324,
      tip: 0,
      paid: 1324,
    });
    // Admin 37 = 1.25% (15.625) + 0.25% (3.125) + 1.25% + 0.25%, largest remainder, ties to the earlier part.
    expect(fare.split).toEqual({ driver: 1250, platformSoftware: 37, corporateAdmin: 16, globalCsr: 3, licensee: 15, localCsr: 3 });
  });

  it('gives the whole tip to the driver', () => {
    const fare = quoteFareExample({ miles: 10, minutes: 12.5, tipCents: 300 });
    expect(fare.subtotal).toBe(2000);
    expect(fare.totalFare).toBe(2120);
    expect(fare.paid).toBe(2420);
    expect(fare.split).toEqual({ driver: 2300, platformSoftware: 60, corporateAdmin: 25, globalCsr: 5, licensee: 25, localCsr: 5 });
  });

  it('applies the zone multiplier and the licensee adjustment to every component', () => {
    const fare = quoteFareExample({ miles: 5, minutes: 12.5, zoneMultiplier: 1.1, rateAdjustmentPercent: -10 });
    // factor 0.99: 247.5 → 248, 742.5 → 743, 247.5 → 248
    expect(fare).toMatchObject({ baseFare: 248, distanceFare: 743, timeFare: 248, subtotal: 1239 });
  });

  it('always splits what the rider pays to the cent and keeps the whole subtotal and tip for the driver', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 500, noNaN: true }), fc.double({ min: 0, max: 1440, noNaN: true }), fc.nat(100_000), (miles, minutes, tipCents) => {
        const fare = quoteFareExample({ miles, minutes, tipCents });
        expect(sum(fare.split)).toBe(fare.paid);
        expect(fare.split.driver).toBe(fare.subtotal + tipCents);
        expect(fare.split.driver).toBeGreaterThanOrEqual(fare.paid * 0.94);
      }),
    );
  });

  it('refuses negative or missing inputs', () => {
    expect(() => quoteFareExample({ miles: -1, minutes: 0 })).toThrow(RangeError);
    expect(() => quoteFareExample({ miles: Number.NaN, minutes: 0 })).toThrow(RangeError);
  });
});

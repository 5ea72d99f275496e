import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteFareExample, splitByLargestRemainder } from './fare-example';

const sum = (values: Record<string, number>) => Object.values(values).reduce((total, value) => total + value, 0);

describe('quoteFareExample', () => {
  it('prices 5 miles and 12.5 minutes as 250 + 750 + 250 cents plus 3% + 3%', () => {
    const fare = quoteFareExample({ miles: 5, minutes: 12.5 });
    expect(fare).toMatchObject({ baseFare: 250, distanceFare: 750, timeFare: 250, subtotal: 1250, platformFee: 38, adminFee: 38, totalFare: 1326 });
    expect(fare.split).toEqual({ driver: 1250, platformSoftware: 38, corporateAdmin: 16, globalCsr: 3, licensee: 16, localCsr: 3 });
  });

  it('gives a $20.00 subtotal fees of $1.20 split 60 / 25 / 5 / 25 / 5 cents', () => {
    // 250 + 150 × 10 + 20 × 12.5 = 2000 cents.
    const fare = quoteFareExample({ miles: 10, minutes: 12.5 });
    expect(fare.subtotal).toBe(2000);
    expect(fare.totalFare).toBe(2120);
    expect(fare.split).toEqual({ driver: 2000, platformSoftware: 60, corporateAdmin: 25, globalCsr: 5, licensee: 25, localCsr: 5 });
  });

  it('always splits the total to the cent, keeps the whole subtotal for the driver and fees within a cent of 6%', () => {
    // Fees round half up per line, so on the smallest fares the driver's share of the total can sit a cent under 94%.
    fc.assert(
      fc.property(fc.double({ min: 0, max: 500, noNaN: true }), fc.double({ min: 0, max: 1440, noNaN: true }), (miles, minutes) => {
        const fare = quoteFareExample({ miles, minutes });
        expect(sum(fare.split)).toBe(fare.totalFare);
        expect(fare.split.driver).toBe(fare.subtotal);
        expect(Math.abs(fare.totalFare - fare.subtotal * 1.06)).toBeLessThanOrEqual(1);
        expect(fare.split.driver).toBeGreaterThanOrEqual(fare.totalFare * 0.94 - 1);
      }),
    );
  });

  it('refuses negative or missing inputs', () => {
    expect(() => quoteFareExample({ miles: -1, minutes: 0 })).toThrow(RangeError);
    expect(() => quoteFareExample({ miles: Number.NaN, minutes: 0 })).toThrow(RangeError);
  });
});

describe('splitByLargestRemainder', () => {
  it('gives leftover cents to the largest fractions', () => {
    expect(splitByLargestRemainder(10, { a: 1, b: 1, c: 1 })).toEqual({ a: 4, b: 3, c: 3 });
    expect(splitByLargestRemainder(7, { a: 125, b: 25, c: 125, d: 25 })).toEqual({ a: 3, b: 1, c: 3, d: 0 });
  });

  it('always adds up to the total, and no part is more than a cent from its exact share', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }), (total, weightList) => {
        const weights = Object.fromEntries(weightList.map((weight, index) => [`part${index}`, weight]));
        const parts = splitByLargestRemainder(total, weights);
        const weightSum = weightList.reduce((a, b) => a + b, 0);
        expect(sum(parts)).toBe(total);
        for (const [key, weight] of Object.entries(weights)) {
          expect(Math.abs(parts[key]! - (total * weight) / weightSum)).toBeLessThan(1);
        }
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { communityHealth, communityHealthSchema, driverRetention, healthColour } from '../../src';

describe('communityHealth', () => {
  it('averages customer rating, driver rating and safety score, times 20 (spec §9)', () => {
    expect(communityHealth({ customerRating: 4.8, driverRating: 4.7, safetyScore: 4.9 })).toEqual({ average: 4.8, score: 96, colour: 'green' });
    expect(communityHealth({ customerRating: 4.2, driverRating: 4.1, safetyScore: 3.9 })).toEqual({ average: 4.07, score: 81.4, colour: 'yellow' });
  });

  it.each([
    [5, 'green'],
    [4.5, 'green'],
    [4.49, 'yellow'],
    [4, 'yellow'],
    [3.99, 'orange'],
    [3.5, 'orange'],
    [3.49, 'red'],
    [0, 'red'],
  ])('colours an average of %s %s (green 4.5+, yellow 4+, orange 3.5+, else red, on the 0-5 average)', (average, colour) => {
    expect(healthColour(average)).toBe(colour);
  });

  it('judges the average as shown: 4.6, 4.4 and 4.5 are a green 4.50', () => {
    expect(communityHealth({ customerRating: 4.6, driverRating: 4.4, safetyScore: 4.5 })).toEqual({ average: 4.5, score: 90, colour: 'green' });
  });

  it('refuses a rating outside 0-5', () => {
    expect(() => communityHealth({ customerRating: 5.1, driverRating: 4, safetyScore: 4 })).toThrow(RangeError);
    expect(() => communityHealth({ customerRating: Number.NaN, driverRating: 4, safetyScore: 4 })).toThrow(RangeError);
  });

  it('always gives a score of 0-100 equal to 20 × the average, and a colour that never improves as a rating falls', () => {
    const rating = fc.double({ min: 0, max: 5, noNaN: true });
    fc.assert(
      fc.property(rating, rating, rating, fc.double({ min: 0, max: 5, noNaN: true }), (customerRating, driverRating, safetyScore, drop) => {
        const health = communityHealth({ customerRating, driverRating, safetyScore });
        expect(health.score).toBeGreaterThanOrEqual(0);
        expect(health.score).toBeLessThanOrEqual(100);
        expect(health.score).toBeCloseTo(health.average * 20, 6);
        const worse = communityHealth({ customerRating: Math.max(0, customerRating - drop), driverRating, safetyScore });
        const order = ['red', 'orange', 'yellow', 'green'];
        expect(order.indexOf(worse.colour)).toBeLessThanOrEqual(order.indexOf(health.colour));
      }),
    );
  });
});

describe('driverRetention', () => {
  it('calls retention above 85% performing well, 85% itself not (spec: "above 85%")', () => {
    expect(driverRetention(100, 86)).toEqual({ percent: 86, performingWell: true });
    expect(driverRetention(100, 85)).toEqual({ percent: 85, performingWell: false });
    expect(driverRetention(3, 2)).toEqual({ percent: 66.7, performingWell: false });
    // Nobody active at the start: nothing measured, so no percentage and no praise.
    expect(driverRetention(0, 0)).toEqual({ percent: null, performingWell: false });
  });

  it('refuses more drivers kept than there were', () => {
    expect(() => driverRetention(5, 6)).toThrow(RangeError);
  });

  it('fits the licensee analytics payload', () => {
    const health = communityHealth({ customerRating: 4.8, driverRating: 4.7, safetyScore: 4.9 });
    const retention = driverRetention(40, 36);
    expect(
      communityHealthSchema.parse({
        communityHealthScore: health.score,
        average: health.average,
        colour: health.colour,
        customerRating: 4.8,
        driverRating: 4.7,
        safetyScore: 4.9,
        driverRetention: retention.percent,
        retentionPerformingWell: retention.performingWell,
      }),
    ).toMatchObject({ communityHealthScore: 96, driverRetention: 90, retentionPerformingWell: true });
  });
});

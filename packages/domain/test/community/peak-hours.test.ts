import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPeakLocalHour, isPeakTime, peakHoursBetween } from '../../src/community/index';

const NY = 'America/New_York';
const HOUR = 3_600_000;

describe('peak hours', () => {
  it('are weekday rush hours and Friday and Saturday nights, in local time', () => {
    const peak = (weekday: number) => Array.from({ length: 24 }, (_, hour) => hour).filter((hour) => isPeakLocalHour(weekday, hour));
    expect(peak(1)).toEqual([7, 8, 9, 16, 17, 18]); // Monday
    expect(peak(5)).toEqual([7, 8, 9, 16, 17, 18, 21, 22, 23]); // Friday
    expect(peak(6)).toEqual([0, 1, 21, 22, 23]); // Saturday: Friday night's end, then its own night
    expect(peak(0)).toEqual([0, 1]); // Sunday: Saturday night's end
  });

  it('reads the instant in the territory’s time zone, daylight saving included', () => {
    // Monday 2026-11-23 08:30 in New York (EST, UTC-5) is 13:30 UTC.
    expect(isPeakTime(new Date('2026-11-23T13:30:00Z'), NY)).toBe(true);
    expect(isPeakTime(new Date('2026-11-23T13:30:00Z'), 'UTC')).toBe(false);
    // Monday 2026-07-06 07:15 in New York (EDT, UTC-4) is 11:15 UTC.
    expect(isPeakTime(new Date('2026-07-06T11:15:00Z'), NY)).toBe(true);
    expect(isPeakTime(new Date('2026-07-06T10:45:00Z'), NY)).toBe(false);
    expect(() => isPeakTime(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });

  it('measures the peak part of an interval', () => {
    // Monday 06:00-12:00 New York: 07:00-10:00 is peak.
    expect(peakHoursBetween(new Date('2026-11-23T11:00:00Z'), new Date('2026-11-23T17:00:00Z'), NY)).toBe(3);
    // Friday 22:00 to Saturday 03:00: 22:00-02:00.
    expect(peakHoursBetween(new Date('2026-11-28T03:00:00Z'), new Date('2026-11-28T08:00:00Z'), NY)).toBe(4);
    // A quarter-hour offset zone (Nepal, UTC+5:45): Monday 06:50-07:20 local has 20 peak minutes.
    expect(peakHoursBetween(new Date('2026-11-23T01:05:00Z'), new Date('2026-11-23T01:35:00Z'), 'Asia/Kathmandu')).toBeCloseTo(1 / 3, 10);
    // A whole week: 5 × 6 rush hours + 2 nights × 5 hours.
    expect(peakHoursBetween(new Date('2026-11-23T05:00:00Z'), new Date('2026-11-30T05:00:00Z'), NY)).toBe(40);
    expect(peakHoursBetween(new Date('2026-11-23T13:00:00Z'), new Date('2026-11-23T13:00:00Z'), NY)).toBe(0);
  });

  it('never exceeds the interval and adds up over any split', () => {
    const instant = fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') });
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 72 * HOUR }), fc.double({ min: 0, max: 1, noNaN: true }), (start, length, at) => {
        const end = start + length;
        const middle = start + Math.floor(length * at);
        const whole = peakHoursBetween(new Date(start), new Date(end), NY);
        expect(whole).toBeGreaterThanOrEqual(0);
        expect(whole).toBeLessThanOrEqual(length / HOUR + 1e-9);
        expect(peakHoursBetween(new Date(start), new Date(middle), NY) + peakHoursBetween(new Date(middle), new Date(end), NY)).toBeCloseTo(whole, 9);
      }),
      { numRuns: 200 },
    );
  });
});

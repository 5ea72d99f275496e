import { describe, expect, it } from 'vitest';
import { parseDollarsToCents, tipPresets } from './tip-presets';

describe('tipPresets', () => {
  it('offers 15, 20 and 25 percent of the fare, rounded to 50 cents', () => {
    expect(tipPresets(2088)).toEqual([
      { amount: 300, percent: 15 },
      { amount: 400, percent: 20 },
      { amount: 500, percent: 25 },
    ]);
  });

  it('offers whole dollars on a small fare', () => {
    expect(tipPresets(850).map((p) => p.amount)).toEqual([100, 200, 300]);
  });

  it('never suggests less than a dollar', () => {
    expect(tipPresets(1000).every((p) => p.amount >= 100)).toBe(true);
  });
});

describe('parseDollarsToCents', () => {
  it('reads dollars with up to two decimals', () => {
    expect(parseDollarsToCents('5')).toBe(500);
    expect(parseDollarsToCents('4.5')).toBe(450);
    expect(parseDollarsToCents(' $3.25 ')).toBe(325);
    expect(parseDollarsToCents('3,05')).toBe(305);
  });

  it('refuses anything that is not a positive amount', () => {
    for (const text of ['', '0', '0.00', '-2', '1.234', 'abc', '1e3']) expect(parseDollarsToCents(text)).toBeNull();
  });
});

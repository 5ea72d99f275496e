import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDollarsToCents } from '../src/money';

describe('parseDollarsToCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['3.50', 350],
    ['3,50', 350],
    ['3,05', 305],
    ['0.07', 7],
    ['$12.34', 1234],
    [' 12.34 $ ', 1234],
    ['US$ 3', 300],
    ['12 USD', 1200],
    ['1,234.56', 123456],
    ['1.234,56', 123456],
    ['1,234,567.00', 123456700],
    ['0', 0],
    // Floating point would make this 1004.9999…
    ['10.05', 1005],
  ])('%j -> %i cents', (input, cents) => {
    expect(parseDollarsToCents(input)).toBe(cents);
  });

  it.each([
    '',
    '   ',
    'abc',
    '12.345',
    '-5',
    '1.2.3',
    '$',
    '12..5',
    '1e3',
    '12,3456',
    '1,250',
    '1.250',
    '1,234',
    '1.234',
    '0x10',
    '1,23,456.00',
    '99999999999999999999',
  ])('%j is not an amount', (input) => {
    expect(parseDollarsToCents(input)).toBeNull();
  });

  const cents = fc.integer({ min: 0, max: 1_000_000_000_00 });
  const dollarsOf = (c: number) => Math.floor(c / 100);
  const twoDigits = (c: number) => String(c % 100).padStart(2, '0');
  const grouped = (n: number, sep: string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);

  it('reads back any amount written with a decimal point or a decimal comma', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom('.', ','), fc.constantFrom('', '$', ' $', 'US$'), (c, sep, prefix) => {
        expect(parseDollarsToCents(`${prefix}${dollarsOf(c)}${sep}${twoDigits(c)}`)).toBe(c);
      }),
    );
  });

  it('reads back any amount written with thousands separators and cents', () => {
    fc.assert(
      fc.property(cents, fc.boolean(), (c, us) => {
        const text = us ? `${grouped(dollarsOf(c), ',')}.${twoDigits(c)}` : `${grouped(dollarsOf(c), '.')},${twoDigits(c)}`;
        expect(parseDollarsToCents(text)).toBe(c);
      }),
    );
  });

  it('rejects three decimals, the ambiguous "1,234" form included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 999 }), fc.constantFrom('.', ','), (whole, fraction, sep) => {
        expect(parseDollarsToCents(`${whole}${sep}${String(fraction).padStart(3, '0')}`)).toBeNull();
      }),
    );
  });

  it('always gives null or non-negative integer cents', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '9', '.', ',', '$', ' ', '-', 'e') }), (text) => {
        const result = parseDollarsToCents(text);
        expect(result === null || (Number.isSafeInteger(result) && result >= 0)).toBe(true);
      }),
    );
  });

  describe('with thousandsComma (large amounts such as a weekly goal)', () => {
    it.each([
      ['1,250', 125000],
      ['12,500.50', 1250050],
      ['$1,234,567', 123456700],
      ['1250', 125000],
      ['800.5', 80050],
      ['3,05', 305],
    ])('%j -> %i cents', (input, cents) => {
      expect(parseDollarsToCents(input, { thousandsComma: true })).toBe(cents);
    });

    it.each(['12.345', '12,3456', '1,23,456', 'abc', '1.250'])('%j is not an amount', (input) => {
      expect(parseDollarsToCents(input, { thousandsComma: true })).toBeNull();
    });

    it('reads back any amount grouped with commas, with or without cents', () => {
      fc.assert(
        fc.property(cents, fc.boolean(), (c, withCents) => {
          const text = withCents ? `${grouped(dollarsOf(c), ',')}.${twoDigits(c)}` : grouped(dollarsOf(c), ',');
          expect(parseDollarsToCents(text, { thousandsComma: true })).toBe(withCents ? c : dollarsOf(c) * 100);
        }),
      );
    });
  });
});

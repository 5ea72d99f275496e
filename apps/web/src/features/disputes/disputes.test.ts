import { describe, expect, it } from 'vitest';
import { isOverdue, maxRefundFromServerMessage, parseDollarsToCents, resolveByDate, sortDisputes } from './disputes';

describe('parseDollarsToCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    ['$12.34', 1234],
    [' 12.34 $ ', 1234],
    ['US$ 3', 300],
    ['12,50', 1250],
    ['1,234.56', 123456],
    ['1.234,56', 123456],
    ['0', 0],
    // Floating point would make this 1004.9999…
    ['10.05', 1005],
  ])('%j -> %i cents', (input, cents) => {
    expect(parseDollarsToCents(input)).toBe(cents);
  });

  it('is undefined when nothing was typed', () => {
    expect(parseDollarsToCents('')).toBeUndefined();
    expect(parseDollarsToCents('   ')).toBeUndefined();
  });

  it.each(['abc', '12.345', '-5', '1.2.3', '$', '12..5', '1e3', '12,3456', '1,234', '1.234'])('%j is not an amount', (input) => {
    expect(parseDollarsToCents(input)).toBeNaN();
  });
});

describe('resolveByDate', () => {
  it('is seven days after the dispute was opened', () => {
    expect(resolveByDate('2026-03-01T10:30:00.000Z')).toBe('2026-03-08T10:30:00.000Z');
  });

  it('takes another window', () => {
    expect(resolveByDate('2026-03-01T10:30:00.000Z', 2)).toBe('2026-03-03T10:30:00.000Z');
  });
});

describe('isOverdue', () => {
  const openedAt = '2026-03-01T00:00:00.000Z';
  it('is overdue only when open and past the resolve-by date', () => {
    expect(isOverdue({ status: 'open', openedAt }, Date.parse('2026-03-07T23:59:59.000Z'))).toBe(false);
    expect(isOverdue({ status: 'open', openedAt }, Date.parse('2026-03-08T00:00:01.000Z'))).toBe(true);
    expect(isOverdue({ status: 'resolved', openedAt }, Date.parse('2026-04-01T00:00:00.000Z'))).toBe(false);
  });
});

describe('sortDisputes', () => {
  it('puts open disputes first, oldest first, then resolved ones, latest first', () => {
    const sorted = sortDisputes([
      { id: 'r-old', status: 'resolved' as const, openedAt: '2026-03-01T00:00:00.000Z', resolvedAt: '2026-03-02T00:00:00.000Z' },
      { id: 'o-new', status: 'open' as const, openedAt: '2026-03-05T00:00:00.000Z', resolvedAt: null },
      { id: 'r-new', status: 'resolved' as const, openedAt: '2026-03-01T00:00:00.000Z', resolvedAt: '2026-03-04T00:00:00.000Z' },
      { id: 'o-old', status: 'open' as const, openedAt: '2026-03-03T00:00:00.000Z', resolvedAt: null },
    ]);
    expect(sorted.map((d) => d.id)).toEqual(['o-old', 'o-new', 'r-new', 'r-old']);
  });
});

describe('maxRefundFromServerMessage', () => {
  it("reads the server's limit in cents", () => {
    expect(maxRefundFromServerMessage('At most 1234 cents can be refunded')).toBe(1234);
    expect(maxRefundFromServerMessage('Something else')).toBeUndefined();
  });
});

import type { Ride } from '@coride/domain';
import { describe, expect, it } from 'vitest';
import { summarizeEarnings } from './earnings';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const ride = (overrides: Partial<Ride>): Ride => ({ status: 'completed', subtotal: 1000, tip: 0, completedAt: '2026-03-10T10:00:00.000Z', ...overrides }) as Ride;

describe('summarizeEarnings', () => {
  it('counts the subtotal and the tip of completed rides only', () => {
    const summary = summarizeEarnings(
      [ride({ subtotal: 1200, tip: 300 }), ride({ status: 'cancelled', subtotal: 900, completedAt: null }), ride({ status: 'in_progress', completedAt: null })],
      now,
    );
    expect(summary).toEqual({ lastSevenDays: 1500, allTime: 1500, tips: 300, completedRides: 1, averagePerRide: 1500 });
  });

  it('keeps rides older than seven days out of the weekly total', () => {
    const summary = summarizeEarnings([ride({ subtotal: 1000 }), ride({ subtotal: 2000, completedAt: '2026-03-01T10:00:00.000Z' })], now);
    expect(summary.lastSevenDays).toBe(1000);
    expect(summary.allTime).toBe(3000);
    expect(summary.averagePerRide).toBe(1500);
  });

  it('has no average before the first completed ride', () => {
    expect(summarizeEarnings([], now)).toEqual({ lastSevenDays: 0, allTime: 0, tips: 0, completedRides: 0, averagePerRide: null });
  });
});

import { describe, expect, it } from 'vitest';
import { dailyRevenueRows, dayStartUtc, revenueTotals } from './revenue';

const day = (d: string, platform: number, licensees: number, csr: number, drivers: number) => ({ day: d, platform, licensees, csr, drivers });

describe('dailyRevenueRows', () => {
  it('totals each day and scales the bars to the busiest day', () => {
    const rows = dailyRevenueRows([day('2026-03-01', 100, 50, 50, 800), day('2026-03-02', 50, 25, 25, 400)]);
    expect(rows.map((r) => r.total)).toEqual([1000, 500]);
    expect(rows[0]!.bars).toEqual({ drivers: 0.8, platform: 0.1, licensees: 0.05, csr: 0.05 });
    expect(rows[1]!.bars.drivers).toBe(0.4);
  });

  it('draws no bar for empty days or clawbacks', () => {
    const rows = dailyRevenueRows([day('2026-03-01', 0, 0, 0, 0), day('2026-03-02', -20, 0, 0, 0)]);
    expect(rows[0]!.bars).toEqual({ drivers: 0, platform: 0, licensees: 0, csr: 0 });
    expect(rows[1]!.bars.platform).toBe(0);
    expect(rows[1]!.total).toBe(-20);
  });
});

describe('revenueTotals', () => {
  it('sums every group and the whole', () => {
    expect(revenueTotals([day('2026-03-01', 100, 50, 50, 800), day('2026-03-02', 50, 25, 25, 400)])).toEqual({
      platform: 150,
      licensees: 75,
      csr: 75,
      drivers: 1200,
      total: 1500,
    });
  });
});

describe('dayStartUtc', () => {
  it('is midnight UTC of the day', () => {
    expect(dayStartUtc('2026-03-04').toISOString()).toBe('2026-03-04T00:00:00.000Z');
  });
});

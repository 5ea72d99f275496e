import type { DailyRevenue } from '@coride/domain/payments';

/** The payee groups of the daily revenue, in the order the table and the bars show them. */
export const revenueGroups = ['drivers', 'platform', 'licensees', 'csr'] as const;
export type RevenueGroup = (typeof revenueGroups)[number];

export type DailyRevenueRow = DailyRevenue & {
  total: number;
  /** Each group's bar as a fraction of the busiest day's total (0 for a day with nothing or less). */
  bars: Record<RevenueGroup, number>;
};

/** One row per day with its total and bar widths scaled to the busiest day. */
export function dailyRevenueRows(days: readonly DailyRevenue[]): DailyRevenueRow[] {
  const totalOf = (day: DailyRevenue) => revenueGroups.reduce((sum, group) => sum + day[group], 0);
  const max = Math.max(0, ...days.map(totalOf));
  return days.map((day) => ({
    ...day,
    total: totalOf(day),
    bars: Object.fromEntries(revenueGroups.map((group) => [group, max > 0 ? Math.max(0, day[group]) / max : 0])) as Record<RevenueGroup, number>,
  }));
}

/** The sums over all the days, per group and overall. */
export function revenueTotals(days: readonly DailyRevenue[]): Record<RevenueGroup | 'total', number> {
  const totals = { drivers: 0, platform: 0, licensees: 0, csr: 0, total: 0 };
  for (const day of days) {
    for (const group of revenueGroups) {
      totals[group] += day[group];
      totals.total += day[group];
    }
  }
  return totals;
}

/** A 'YYYY-MM-DD' (UTC) day as an instant at its start, so it formats as that day in UTC. */
export function dayStartUtc(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

import type { Insight, LicenseeAnalytics } from '@coride/domain/community/analytics';
import type { HealthColour } from '@coride/domain/community/community-health';

/** Pure view helpers of the licensee analytics dashboard. */

/** The colour band's swatch and text classes (spec §9: green, yellow, orange, red). */
export const healthColourClasses: Record<HealthColour, { swatch: string; text: string }> = {
  green: { swatch: 'bg-green-600', text: 'text-green-700 dark:text-green-400' },
  yellow: { swatch: 'bg-yellow-400', text: 'text-yellow-800 dark:text-yellow-300' },
  orange: { swatch: 'bg-orange-500', text: 'text-orange-800 dark:text-orange-300' },
  red: { swatch: 'bg-red-600', text: 'text-red-700 dark:text-red-400' },
};

export type Formatters = { money: (cents: number) => string; number: (value: number, options?: Intl.NumberFormatOptions) => string };

/**
 * An insight as an i18n key under `analytics:insights` and its parameters, worded for the reader:
 * cents become money, metric and input keys become the names' keys (translated by the caller).
 */
export function insightMessage(
  insight: Insight,
  format: Formatters,
): { key: string; params: Record<string, string | number>; nameKeys: Record<string, string> } {
  const v = insight.values;
  const num = (name: string) => format.number(Number(v[name] ?? 0), { maximumFractionDigits: 1 });
  switch (insight.kind) {
    case 'ridesGrew':
    case 'ridesFell':
      return { key: insight.kind, params: { percent: num('percent') }, nameKeys: {} };
    case 'acceptanceRose':
    case 'acceptanceFell':
      return { key: insight.kind, params: { points: num('points'), month: num('month'), previousMonth: num('previousMonth') }, nameKeys: {} };
    case 'oneMetricFromTier':
      return {
        key: insight.kind,
        params: { count: Number(v.count ?? 0) },
        nameKeys: { tier: `tiers.${String(v.tier)}`, metric: `metrics.${String(v.metric)}` },
      };
    case 'driversInTrial':
      return { key: insight.kind, params: { count: Number(v.count ?? 0) }, nameKeys: {} };
    case 'healthBelowGreen':
      return {
        key: insight.kind,
        params: { value: format.number(Number(v.value ?? 0), { minimumFractionDigits: 2, maximumFractionDigits: 2 }) },
        nameKeys: { colour: `health.colours.${String(v.colour)}`, input: `health.inputs.${String(v.input)}` },
      };
    case 'retentionLow':
    case 'retentionGood':
      return { key: insight.kind, params: { percent: num('percent') }, nameKeys: {} };
    case 'commissionInEscrow':
      return { key: insight.kind, params: { amount: format.money(Number(v.cents ?? 0)) }, nameKeys: {} };
    case 'steady':
      return { key: insight.kind, params: {}, nameKeys: {} };
  }
}

/** Drivers by tier as shares of the territory's drivers (0-100, 1 decimal), highest tier first. */
export function tierShares(tiers: LicenseeAnalytics['tiers']): { tier: LicenseeAnalytics['tiers'][number]['tier']; count: number; percent: number }[] {
  const total = tiers.reduce((sum, row) => sum + row.count, 0);
  return [...tiers].reverse().map((row) => ({ ...row, percent: total === 0 ? 0 : Math.round((1000 * row.count) / total) / 10 }));
}

export function statusVariant(status: LicenseeAnalytics['drivers'][number]['status']): 'success' | 'secondary' | 'outline' {
  return status === 'active' ? 'success' : status === 'probation' ? 'secondary' : 'outline';
}

/** Growth as shown: "+12.5%", "−4%", or null when there is no previous month to compare with. */
export function growthLabel(percent: number | null, format: Formatters): string | null {
  if (percent === null) return null;
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return `${sign}${format.number(Math.abs(percent), { maximumFractionDigits: 1 })}%`;
}

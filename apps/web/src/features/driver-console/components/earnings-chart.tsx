import type { DriverEarningsDay } from '@coride/domain/community/analytics';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

/**
 * The driver's last days as stacked bars (fares, tips, bonuses). Loaded lazily: recharts stays out
 * of every other screen. The figures are also in the table next to it, for screen readers.
 */
export default function EarningsChart({ days }: { days: readonly DriverEarningsDay[] }) {
  const { t } = useTranslation('performance');
  const format = useFormatters();
  const data = days.map((d) => ({ ...d, label: d.day.slice(5) }));
  return (
    <div className="h-64 w-full" aria-hidden data-testid="earnings-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} fontSize={12} />
          <YAxis tickFormatter={(cents: number) => format.money(cents)} width={72} fontSize={12} />
          <Tooltip formatter={(value) => format.money(Number(value))} />
          <Legend />
          <Bar dataKey="fares" name={t('earnings.fares')} stackId="money" fill="var(--color-primary, #2563eb)" />
          <Bar dataKey="tips" name={t('earnings.tips')} stackId="money" fill="#f59e0b" />
          <Bar dataKey="bonuses" name={t('earnings.bonuses')} stackId="money" fill="#6366f1" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

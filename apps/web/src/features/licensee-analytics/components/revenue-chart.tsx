import type { LicenseeAnalytics } from '@coride/domain/community/analytics';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

/** Revenue per day, the last 30 days. Loaded lazily (recharts); the same figures are in a table for screen readers. */
export default function RevenueChart({ byDay }: { byDay: LicenseeAnalytics['revenue']['byDay'] }) {
  const { t } = useTranslation('analytics');
  const format = useFormatters();
  const data = byDay.map((d) => ({ ...d, label: d.day.slice(5) }));
  return (
    <div className="h-64 w-full" aria-hidden data-testid="revenue-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} fontSize={12} minTickGap={16} />
          <YAxis tickFormatter={(cents: number) => format.money(cents)} width={80} fontSize={12} />
          <Tooltip formatter={(value) => format.money(Number(value))} />
          <Area type="monotone" dataKey="revenue" name={t('revenue.revenue')} stroke="#2563eb" fill="#2563eb" fillOpacity={0.2} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

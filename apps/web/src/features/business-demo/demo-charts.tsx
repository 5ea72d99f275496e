/**
 * The demo's charts (recharts). Loaded only through lazy-charts.tsx, so recharts is fetched with the
 * first chart and never with the shell, the landing page or /ride. Each chart is a picture of figures
 * the page also gives as text, so it is hidden from assistive technology.
 */
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type ChartDatum = { label: string; value: number; highlight?: boolean };

const PRIMARY = '#0f766e';
const MUTED = '#99d5cf';
const PIE_COLOURS = ['#0f766e', '#134e4a', '#0284c7', '#d97706'];

export function DemoBarChart({ data, format, height = 220 }: { data: ChartDatum[]; format: (value: number) => string; height?: number }) {
  return (
    <div aria-hidden style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval={0} />
          <YAxis tickFormatter={format} tick={{ fontSize: 12 }} width={72} />
          <Tooltip formatter={(value) => format(Number(value))} cursor={{ fill: 'rgba(15,118,110,0.08)' }} />
          <Bar dataKey="value" radius={[6, 6, 0, 0]} isAnimationActive={false}>
            {data.map((datum) => (
              <Cell key={datum.label} fill={datum.highlight === false ? MUTED : PRIMARY} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function DemoPieChart({ data, format, height = 220 }: { data: ChartDatum[]; format: (value: number) => string; height?: number }) {
  return (
    <div aria-hidden style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie data={data} dataKey="value" nameKey="label" innerRadius="45%" outerRadius="80%" paddingAngle={1} isAnimationActive={false}>
            {data.map((datum, index) => (
              <Cell key={datum.label} fill={PIE_COLOURS[index % PIE_COLOURS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => format(Number(value))} />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

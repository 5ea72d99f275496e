import { lazy, Suspense, type ComponentProps } from 'react';
import type { DemoBarChart as BarChartType, DemoPieChart as PieChartType } from './demo-charts';

/** recharts is loaded with the first chart shown, never with the page's first paint. */
const BarChartImpl = lazy(async () => ({ default: (await import('./demo-charts')).DemoBarChart }));
const PieChartImpl = lazy(async () => ({ default: (await import('./demo-charts')).DemoPieChart }));

function Placeholder({ height = 220 }: { height?: number }) {
  return <div aria-hidden className="animate-pulse rounded-lg bg-muted" style={{ height }} />;
}

export function LazyBarChart(props: ComponentProps<typeof BarChartType>) {
  return (
    <Suspense fallback={<Placeholder height={props.height} />}>
      <BarChartImpl {...props} />
    </Suspense>
  );
}

export function LazyPieChart(props: ComponentProps<typeof PieChartType>) {
  return (
    <Suspense fallback={<Placeholder height={props.height} />}>
      <PieChartImpl {...props} />
    </Suspense>
  );
}

import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingState } from '@/components/ui/query-state';

const AnalyticsDashboard = lazy(async () => ({ default: (await import('./components/analytics-dashboard')).AnalyticsDashboard }));

/** The analytics dashboard, loaded when its tab is first shown (its charts bring recharts). */
export function LazyAnalyticsDashboard(props: ComponentProps<typeof AnalyticsDashboard>) {
  return (
    <Suspense fallback={<LoadingState />}>
      <AnalyticsDashboard {...props} />
    </Suspense>
  );
}

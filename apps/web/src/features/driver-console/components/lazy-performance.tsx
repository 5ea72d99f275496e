import { lazy, Suspense } from 'react';
import { LoadingState } from '@/components/ui/query-state';

const PerformanceDashboard = lazy(async () => ({ default: (await import('./performance-dashboard')).PerformanceDashboard }));
const EarningsTracker = lazy(async () => ({ default: (await import('./earnings-tracker')).EarningsTracker }));

/** The earnings tracker and the performance dashboard, fetched after the console's first screen. */
export function LazyEarningsTracker() {
  return (
    <Suspense fallback={<LoadingState />}>
      <EarningsTracker />
    </Suspense>
  );
}

export function LazyPerformanceDashboard() {
  return (
    <Suspense fallback={<LoadingState />}>
      <PerformanceDashboard />
    </Suspense>
  );
}

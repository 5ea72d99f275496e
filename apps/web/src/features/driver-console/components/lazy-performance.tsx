import { lazy, Suspense } from 'react';
import { LoadingState } from '@/components/ui/query-state';

const PerformanceDashboard = lazy(async () => ({ default: (await import('./performance-dashboard')).PerformanceDashboard }));
const EarningsTracker = lazy(async () => ({ default: (await import('./earnings-tracker')).EarningsTracker }));
const EarningsHistory = lazy(async () => ({ default: (await import('./earnings-history')).EarningsHistory }));

/** The earnings tracker, its history and the performance dashboard: fetched when their tab opens, after the console's first screen. */
export function LazyEarningsTracker() {
  return (
    <Suspense fallback={<LoadingState />}>
      <EarningsTracker />
    </Suspense>
  );
}

export function LazyEarningsHistory() {
  return (
    <Suspense fallback={<LoadingState />}>
      <EarningsHistory />
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

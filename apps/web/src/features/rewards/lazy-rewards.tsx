import { lazy, Suspense } from 'react';
import { LoadingState } from '@/components/ui/query-state';

const RewardsTab = lazy(async () => ({ default: (await import('./components/rewards-tab')).RewardsTab }));
const SubmissionsReview = lazy(async () => ({ default: (await import('./components/submissions-review')).SubmissionsReview }));

/** The rider's Rewards tab, loaded when the tab is first shown. */
export function LazyRewardsTab() {
  return (
    <Suspense fallback={<LoadingState />}>
      <RewardsTab />
    </Suspense>
  );
}

/** The licensee's community submissions queue, loaded when its tab is first shown. */
export function LazySubmissionsReview() {
  return (
    <Suspense fallback={<LoadingState />}>
      <SubmissionsReview />
    </Suspense>
  );
}

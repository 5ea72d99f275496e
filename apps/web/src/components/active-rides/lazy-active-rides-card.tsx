import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingState } from '@/components/ui/query-state';

const ActiveRidesCard = lazy(async () => ({ default: (await import('./active-rides-card')).ActiveRidesCard }));
const RideHistoryCard = lazy(async () => ({ default: (await import('./ride-history-card')).RideHistoryCard }));

/**
 * The active rides, loaded when their tab is first shown: the cancel dialog brings zod and
 * react-hook-form, and the texts their own namespace, which the consoles' first screen does not need.
 */
export function LazyActiveRidesCard(props: ComponentProps<typeof ActiveRidesCard>) {
  return (
    <Suspense fallback={<LoadingState />}>
      <ActiveRidesCard {...props} />
    </Suspense>
  );
}

/** Every ride in scope, paged (and searchable for an admin), loaded with the rides tab like the active rides. */
export function LazyRideHistoryCard(props: ComponentProps<typeof RideHistoryCard>) {
  return (
    <Suspense fallback={<LoadingState />}>
      <RideHistoryCard {...props} />
    </Suspense>
  );
}

import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingState } from '@/components/ui/query-state';

const DisputesSection = lazy(async () => ({ default: (await import('./components/disputes-section')).DisputesSection }));

/**
 * The disputes section, loaded when its tab is first shown: its resolve form brings zod and
 * react-hook-form, which the consoles' first screen does not need.
 */
export function LazyDisputesSection(props: ComponentProps<typeof DisputesSection>) {
  return (
    <Suspense fallback={<LoadingState />}>
      <DisputesSection {...props} />
    </Suspense>
  );
}

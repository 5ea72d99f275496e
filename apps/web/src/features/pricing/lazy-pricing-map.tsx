import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingState } from '@/components/ui/query-state';

const PricingMap = lazy(async () => ({ default: (await import('./components/pricing-map')).PricingMap }));

/** The pricing map, loaded when its tab is first shown (it brings the zone rules, zod and react-hook-form). */
export function LazyPricingMap(props: ComponentProps<typeof PricingMap>) {
  return (
    <Suspense fallback={<LoadingState />}>
      <PricingMap {...props} />
    </Suspense>
  );
}

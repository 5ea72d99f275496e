import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingState } from '@/components/ui/query-state';

const SupportSection = lazy(async () => ({ default: (await import('./components/support-section')).SupportSection }));

/** The support tickets, loaded when their tab is first shown (the answer form brings zod and react-hook-form). */
export function LazySupportSection(props: ComponentProps<typeof SupportSection>) {
  return (
    <Suspense fallback={<LoadingState />}>
      <SupportSection {...props} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';

const SafetyAlertsPanel = lazy(async () => ({ default: (await import('./components/safety-alerts-panel')).SafetyAlertsPanel }));

/** The staff's safety alerts, a chunk of its own (with the `safety` texts), above the console's tabs. */
export function LazySafetyAlertsPanel() {
  return (
    <Suspense fallback={null}>
      <SafetyAlertsPanel />
    </Suspense>
  );
}

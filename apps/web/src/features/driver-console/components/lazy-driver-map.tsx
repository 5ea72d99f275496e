import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPlaceholder } from '@/components/map/map-placeholder';
import type { DriverMapProps } from './driver-map';

// Fetched only when there is an offer or a ride to show: the console's first paint stays as light as before.
const DriverMap = lazy(() => import('./driver-map'));

/** The driver's map and Navigate button (ADR 035), loaded when first shown. */
export function LazyDriverMap(props: DriverMapProps) {
  const { t } = useTranslation('driver');
  return (
    <Suspense fallback={<MapPlaceholder message={t('map.loading')} className="h-64 sm:h-80" />}>
      <DriverMap {...props} />
    </Suspense>
  );
}

import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPlaceholder } from './map-placeholder';
import type { LeafletMapProps, MapLabels } from './leaflet-map';

// Leaflet and its CSS are a separate chunk, fetched only when a map is on screen.
const LeafletMap = lazy(() => import('./leaflet-map'));

export type RideMapProps = Omit<LeafletMapProps, 'labels'>;

/** The lazily loaded trip map with its translated labels; a placeholder while (or if not) loaded. */
export function RideMap({ className, ...props }: RideMapProps) {
  const { t } = useTranslation('booking');
  const labels: MapLabels = {
    region: t('map.label'),
    pickup: t('map.pickupPin'),
    dropoff: t('map.dropoffPin'),
    driver: t('map.driverPin'),
    tilesUnavailable: t('map.tilesUnavailable'),
  };
  return (
    <MapErrorBoundary fallback={<MapPlaceholder message={t('map.unavailable')} className={className} />}>
      <Suspense fallback={<MapPlaceholder message={t('map.loading')} className={className} />}>
        <LeafletMap {...props} labels={labels} className={className} />
      </Suspense>
    </MapErrorBoundary>
  );
}

/** A map that fails to load (its chunk, or Leaflet itself) must not take the booking page down with it. */
class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}

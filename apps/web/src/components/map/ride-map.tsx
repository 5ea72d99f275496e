import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPlaceholder } from './map-placeholder';
import type { LeafletMapProps, MapLabels } from './leaflet-map';

// Leaflet and its CSS are a separate chunk, fetched only when a map is on screen.
const LeafletMap = lazy(() => import('./leaflet-map'));

export type RideMapProps = Omit<LeafletMapProps, 'labels'>;

/** The map's texts, and what its placeholder says while Leaflet loads and if it cannot. */
export type RideMapTexts = MapLabels & { loading: string; unavailable: string };

/** The lazily loaded trip map with its translated labels (the booking namespace's); a placeholder while (or if not) loaded. */
export function RideMap(props: RideMapProps) {
  const { t } = useTranslation('booking');
  const texts: RideMapTexts = {
    region: t('map.label'),
    pickup: t('map.pickupPin'),
    dropoff: t('map.dropoffPin'),
    driver: t('map.driverPin'),
    tilesUnavailable: t('map.tilesUnavailable'),
    loading: t('map.loading'),
    unavailable: t('map.unavailable'),
  };
  return <LabelledRideMap {...props} texts={texts} />;
}

/** The same map with texts from the caller (the driver console has its own namespace). */
export function LabelledRideMap({ className, texts, ...props }: RideMapProps & { texts: RideMapTexts }) {
  const { loading, unavailable, ...labels } = texts;
  return (
    <MapErrorBoundary fallback={<MapPlaceholder message={unavailable} className={className} />}>
      <Suspense fallback={<MapPlaceholder message={loading} className={className} />}>
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

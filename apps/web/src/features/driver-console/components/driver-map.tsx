import type { LatLng, Location } from '@coride/domain';
import { NavigationIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMapConfig } from '@/api/map-config';
import { LabelledRideMap } from '@/components/map/ride-map';
import { buttonVariants } from '@/components/ui/button';
import { navigationUrl } from '../navigation-link';

export type DriverMapProps = {
  pickup: Location;
  dropoff: Location;
  /** The driver's own position (the device's, else the last the server has), or null when unknown. */
  position: LatLng | null;
  /** Where Navigate leads: the pickup until the rider is in the car, then the drop-off. */
  nextStop: 'pickup' | 'dropoff';
};

/**
 * The driver's map (contract §9): their position, the pickup and drop-off pins and the route between
 * them (a straight line: rides keep no road geometry, ADR 035), and Navigate, which hands the next
 * stop to the device's maps app.
 */
export default function DriverMap({ pickup, dropoff, position, nextStop }: DriverMapProps) {
  const { t } = useTranslation('driver');
  const config = useMapConfig();
  const stop = nextStop === 'pickup' ? pickup : dropoff;
  const href = navigationUrl(
    { kind: nextStop, lat: stop.lat, lng: stop.lng, label: stop.address },
    { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints },
  );
  // A web map opens beside the console; a geo: link goes straight to the phone's app.
  const isWebLink = href.startsWith('https:');
  return (
    <div className="space-y-3" data-testid="driver-map">
      <LabelledRideMap
        tileUrl={config.isError ? '' : (config.data?.mapTileUrl ?? null)}
        center={position ?? stop}
        pickup={pickup}
        dropoff={dropoff}
        driver={position}
        className="h-64 sm:h-80"
        texts={{
          region: t('map.region'),
          pickup: t('map.pickupPin'),
          dropoff: t('map.dropoffPin'),
          driver: t('map.position'),
          tilesUnavailable: t('map.tilesUnavailable'),
          loading: t('map.loading'),
          unavailable: t('map.unavailable'),
        }}
      />
      <a
        href={href}
        className={buttonVariants({ variant: 'outline', className: 'w-full sm:w-auto' })}
        {...(isWebLink ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        data-testid="navigate-link"
        data-stop={nextStop}
      >
        <NavigationIcon aria-hidden />
        {nextStop === 'pickup' ? t('map.navigatePickup') : t('map.navigateDropoff')}
        {isWebLink ? <span className="sr-only">{t('map.opensNewTab')}</span> : null}
      </a>
    </div>
  );
}

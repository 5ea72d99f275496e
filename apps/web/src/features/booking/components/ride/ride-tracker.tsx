import type { Ride } from '@coride/domain';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAppConfig } from '../../api/get-app-config';
import { RideMap } from '@/components/map/ride-map';
import { SosControl } from '@/components/safety/sos-control';
import { DEFAULT_CENTER } from '../../trip';
import { DriverCard } from './driver-card';
import { RidePinCard } from './ride-pin-card';
import { RideStatusCard } from './ride-status-card';
import { ShareTripCard } from './share-trip-card';
import { RideTimeline } from './ride-timeline';
import { TripDetailsCard } from './trip-details-card';

/** 'Your Ride' while it is live: status, the map with the driver moving, driver, trip and timeline. */
export function RideTracker({ ride, onCancelled }: { ride: Ride; onCancelled: () => void }) {
  const { t } = useTranslation('booking');
  const config = useAppConfig();
  return (
    // Phones: status, map, then the details. Wide screens: status and details beside a tall map.
    <div className="grid gap-6 lg:grid-cols-5 lg:items-start" data-testid="ride-tracker">
      <div className="space-y-6 lg:col-span-2">
        <RideStatusCard ride={ride} onCancelled={onCancelled} />
        <SosControl rideId={ride.id} status={ride.status} lastKnownLocation={ride.driver?.currentLocation} />
        <RidePinCard ride={ride} />
        <ShareTripCard ride={ride} />
      </div>
      <Card className="lg:sticky lg:top-20 lg:col-span-3 lg:row-span-2">
        <CardHeader className="pb-3">
          <CardTitle as="h2">{t('map.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <RideMap
            tileUrl={config.isError ? '' : (config.data?.mapTileUrl ?? null)}
            center={config.data?.defaultCenter ?? DEFAULT_CENTER}
            pickup={ride.pickupLocation}
            dropoff={ride.dropoffLocation}
            driver={ride.driver?.currentLocation ?? null}
            className="h-72 sm:h-96 lg:h-[32rem]"
          />
        </CardContent>
      </Card>
      <div className="space-y-6 lg:col-span-2">
        {ride.driver ? <DriverCard driver={ride.driver} rideId={ride.id} isAtPickup={ride.status === 'accepted' && ride.arrivedAt !== null} /> : null}
        <TripDetailsCard ride={ride} />
        <RideTimeline ride={ride} />
      </div>
    </div>
  );
}

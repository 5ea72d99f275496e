import { CarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { RideMap } from '@/components/map/ride-map';
import { RideStatusBadge } from '@/components/ride-status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api';
import { useMapTiles, useSharedTrip } from './use-shared-trip';

/** New York: where the map opens before the driver's position is known. */
const FALLBACK_CENTER = { lat: 40.758, lng: -73.9855 };

/** /trip/:token — a trip a rider shared (ADR 028): status, driver, vehicle, live position and ETA; no sign-in. */
export function SharedTripPage() {
  const { t } = useTranslation('booking');
  const { token = '' } = useParams<{ token: string }>();
  const trip = useSharedTrip(token);
  const tiles = useMapTiles();
  const error = trip.error;
  const isGone = error instanceof ApiRequestError && (error.status === 404 || error.status === 410);

  return (
    <PageShell header={<SiteHeader />}>
      <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
        <h1 className="text-2xl font-bold">{t('shared.pageTitle')}</h1>
        {trip.isPending ? <Spinner label={t('shared.loading')} /> : null}
        {error ? (
          <p role="alert" className="rounded-md border p-4" data-testid="shared-trip-gone">
            {isGone ? t('shared.gone') : t('shared.failed')}
          </p>
        ) : null}
        {trip.data ? (
          <>
            <Card>
              <CardHeader className="gap-2">
                <div role="status" aria-live="polite" aria-atomic="true">
                  <RideStatusBadge status={trip.data.status} label={t(`status.${trip.data.status}`)} data-testid="shared-trip-status" className="text-sm" />
                </div>
                {trip.data.driverFirstName ? (
                  <CardTitle as="h2" className="flex items-center gap-2 text-lg" data-testid="shared-trip-driver">
                    <CarIcon className="size-5 text-primary" aria-hidden />
                    {t('shared.driver', { name: trip.data.driverFirstName })}
                  </CardTitle>
                ) : null}
              </CardHeader>
              <CardContent>
                <dl className="grid gap-3 text-sm sm:grid-cols-3">
                  {trip.data.vehicle ? (
                    <>
                      <div>
                        <dt className="text-muted-foreground">{t('shared.vehicle')}</dt>
                        <dd className="font-medium" data-testid="shared-trip-vehicle">
                          {`${trip.data.vehicle.color} ${trip.data.vehicle.make} ${trip.data.vehicle.model}`}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-muted-foreground">{t('shared.plate')}</dt>
                        <dd className="font-mono font-medium" data-testid="shared-trip-plate">
                          {trip.data.vehicle.plate}
                        </dd>
                      </div>
                    </>
                  ) : null}
                  {trip.data.etaMinutes !== null ? (
                    <div>
                      <dt className="text-muted-foreground">{trip.data.status === 'accepted' ? t('shared.etaPickup') : t('shared.etaDropoff')}</dt>
                      <dd className="font-medium tabular-nums" data-testid="shared-trip-eta">
                        {t('shared.minutes', { value: Math.max(1, Math.round(trip.data.etaMinutes)) })}
                      </dd>
                    </div>
                  ) : null}
                </dl>
              </CardContent>
            </Card>
            <RideMap
              tileUrl={tiles.isError ? '' : (tiles.data?.mapTileUrl ?? null)}
              center={trip.data.driverLocation ?? tiles.data?.defaultCenter ?? FALLBACK_CENTER}
              pickup={null}
              dropoff={null}
              driver={trip.data.driverLocation}
              className="h-72 sm:h-96"
            />
          </>
        ) : null}
      </div>
    </PageShell>
  );
}

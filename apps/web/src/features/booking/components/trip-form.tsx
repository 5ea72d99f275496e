import { AlertCircleIcon, BriefcaseIcon, CarIcon, CircleDotIcon, ClockIcon, CrosshairIcon, HomeIcon, InfoIcon, MapPinIcon, RouteIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ComingSoonButton } from '@/components/ui/coming-soon-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCurrentPosition } from '@/lib/geolocation';

/** Pickup and destination, the trip estimate and the request button (which opens with the marketplace). */
export function TripForm() {
  const { t } = useTranslation('booking');
  const ids = { from: useId(), to: useId(), status: useId() };
  const [pickup, setPickup] = useState('');
  const [destination, setDestination] = useState('');
  const { isLocating, locate } = useCurrentPosition();
  const hasBothLocations = pickup.trim() !== '' && destination.trim() !== '';

  async function fillWithCurrentLocation() {
    const position = await locate();
    if (position) {
      setPickup(t('trip.currentLocationValue', { lat: position.lat.toFixed(5), lng: position.lng.toFixed(5) }));
    } else {
      toast({ title: t('errors.locationTitle'), description: t('errors.locationDescription'), variant: 'destructive' });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('trip.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-5" onSubmit={(event) => event.preventDefault()} noValidate>
          <div className="space-y-2">
            <Label htmlFor={ids.from}>{t('trip.from')}</Label>
            <InputWithIcon icon={<CircleDotIcon className="size-4 text-primary" aria-hidden />}>
              <Input
                id={ids.from}
                name="pickup"
                value={pickup}
                onChange={(event) => setPickup(event.target.value)}
                placeholder={t('trip.fromPlaceholder')}
                autoComplete="street-address"
                className="ps-9"
                data-testid="pickup-input"
              />
            </InputWithIcon>
            <Button variant="ghost" size="sm" className="-ms-2 text-primary" onClick={() => void fillWithCurrentLocation()} disabled={isLocating}>
              {isLocating ? <Spinner label={t('trip.locating')} /> : <CrosshairIcon aria-hidden />}
              {isLocating ? null : t('trip.useCurrentLocation')}
            </Button>
          </div>

          <div className="space-y-2">
            <Label htmlFor={ids.to}>{t('trip.to')}</Label>
            <InputWithIcon icon={<MapPinIcon className="size-4 text-destructive" aria-hidden />}>
              <Input
                id={ids.to}
                name="destination"
                value={destination}
                onChange={(event) => setDestination(event.target.value)}
                placeholder={t('trip.toPlaceholder')}
                autoComplete="street-address"
                className="ps-9"
                data-testid="destination-input"
              />
            </InputWithIcon>
            <div role="group" aria-label={t('trip.quickDestinations')} className="flex flex-wrap gap-2 pt-1">
              <ComingSoonButton variant="outline" size="sm" reason={t('trip.savedPlacesSoon')}>
                <HomeIcon aria-hidden />
                {t('trip.home')}
              </ComingSoonButton>
              <ComingSoonButton variant="outline" size="sm" reason={t('trip.savedPlacesSoon')}>
                <BriefcaseIcon aria-hidden />
                {t('trip.work')}
              </ComingSoonButton>
            </div>
          </div>

          <section aria-labelledby={`${ids.status}-summary`} className="rounded-lg bg-muted p-4">
            <h3 id={`${ids.status}-summary`} className="sr-only">
              {t('summary.heading')}
            </h3>
            <dl className="grid grid-cols-2 gap-4">
              <div>
                <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                  <RouteIcon className="size-3.5" aria-hidden />
                  {t('summary.distance')}
                </dt>
                <dd className="mt-1 text-lg font-semibold" aria-hidden>
                  —
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                  <ClockIcon className="size-3.5" aria-hidden />
                  {t('summary.time')}
                </dt>
                <dd className="mt-1 text-lg font-semibold" aria-hidden>
                  —
                </dd>
              </div>
            </dl>
            <p className="mt-2 text-xs text-muted-foreground">{t('summary.pending')}</p>
          </section>

          <div className="space-y-3">
            <Button type="submit" size="lg" className="w-full" disabled aria-describedby={ids.status} data-testid="request-ride">
              <CarIcon aria-hidden />
              {t('request.button')}
            </Button>
            <div id={ids.status} aria-live="polite">
              {hasBothLocations ? (
                <div className="flex gap-3 rounded-lg border border-primary/30 bg-accent p-3 text-sm text-accent-foreground" data-testid="booking-soon">
                  <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <div>
                    <p className="font-semibold">{t('request.soonTitle')}</p>
                    <p>{t('request.soonDescription')}</p>
                  </div>
                </div>
              ) : (
                <p className="flex gap-2 text-sm text-muted-foreground" data-testid="missing-information">
                  <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <span>{t('request.missing')}</span>
                </p>
              )}
            </div>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function InputWithIcon({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 start-3 flex items-center">{icon}</span>
      {children}
    </div>
  );
}

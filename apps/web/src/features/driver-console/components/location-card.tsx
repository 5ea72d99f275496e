import { LocateFixedIcon, MapPinIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';
import { useCurrentPosition } from '@/lib/geolocation';

/** Asks the browser for the driver's position (high accuracy, 10 s timeout, up to 5 minutes old). */
export function LocationCard() {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  const { position, isLocating, locate } = useCurrentPosition();

  async function getLocation() {
    const found = await locate();
    if (!found) toast({ title: t('errors.locationTitle'), description: t('errors.locationDescription'), variant: 'destructive' });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('location.title')}</CardTitle>
        <CardDescription>{t('location.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div aria-live="polite" data-testid="driver-location">
          {position ? (
            <DetailList
              items={[
                { label: t('location.latitude'), value: <span className="font-mono">{position.lat.toFixed(5)}</span> },
                { label: t('location.longitude'), value: <span className="font-mono">{position.lng.toFixed(5)}</span> },
                { label: t('location.accuracy'), value: t('location.accuracyValue', { meters: format.number(Math.round(position.accuracyMeters)) }) },
              ]}
            />
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <MapPinIcon className="size-4 shrink-0" aria-hidden />
              {t('location.none')}
            </p>
          )}
        </div>
        <Button variant="outline" className="w-full" onClick={() => void getLocation()} disabled={isLocating}>
          {isLocating ? <Spinner label={t('location.locating')} /> : <LocateFixedIcon aria-hidden />}
          {isLocating ? null : t('location.getCurrent')}
        </Button>
      </CardContent>
    </Card>
  );
}

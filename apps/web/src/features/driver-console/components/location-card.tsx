import { AlertTriangleIcon, LocateFixedIcon, MapPinIcon, RadioIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';
import { useCurrentPosition, type Coordinates } from '@/lib/geolocation';

/**
 * The driver's position: streamed live while online, or asked for on demand with Get Current
 * Location (high accuracy, 10 s timeout, up to 5 minutes old).
 */
export function LocationCard({ livePosition, isSharing, isUnavailable }: { livePosition: Coordinates | null; isSharing: boolean; isUnavailable: boolean }) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  const { position: askedPosition, isLocating, locate } = useCurrentPosition();
  const position = (isSharing ? livePosition : null) ?? askedPosition ?? livePosition;

  async function getLocation() {
    const found = await locate();
    if (!found) toast({ title: t('errors.locationTitle'), description: t('errors.locationDescription'), variant: 'destructive' });
  }

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">{t('location.title')}</CardTitle>
          {isSharing ? (
            <Badge variant="outline" className="text-primary" data-testid="location-sharing">
              <RadioIcon className="size-3" aria-hidden />
              {t('location.sharing')}
            </Badge>
          ) : null}
        </div>
        <CardDescription>{isSharing ? t('location.sharingDescription') : t('location.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isUnavailable ? (
          <p className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive" role="alert">
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('location.unavailable')}
          </p>
        ) : null}
        <div data-testid="driver-location">
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

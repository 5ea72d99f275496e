import type { LatLng } from '@coride/domain';
import { CarIcon, MapPinOffIcon, RadioIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useFormatters } from '@/lib/format';
import { useRealtimeStatus } from '@/lib/realtime-context';
import { cn } from '@/lib/utils';
import { useAvailability } from '../api/get-availability';

const connectionDot = { open: 'bg-success', connecting: 'bg-amber-500', reconnecting: 'bg-amber-500', closed: 'bg-muted-foreground' } as const;

/** Real availability around the pickup (or the map centre): served or not, and drivers online now. */
export function LiveUpdatesCard({ point, isPickup }: { point: LatLng | null; isPickup: boolean }) {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  const connection = useRealtimeStatus();
  const availability = useAvailability(point);

  return (
    <Card data-testid="live-updates">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle as="h2" className="flex items-center gap-2">
            <RadioIcon className="size-5 text-primary" aria-hidden />
            {t('live.title')}
          </CardTitle>
          <CardDescription>{isPickup ? t('live.aroundPickup') : t('live.aroundCenter')}</CardDescription>
        </div>
        <span
          className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium"
          data-testid="realtime-status"
          data-status={connection}
        >
          <span className={cn('size-2 rounded-full', connectionDot[connection], connection === 'open' && 'animate-pulse')} aria-hidden />
          {t(`live.connection.${connection}`)}
        </span>
      </CardHeader>
      <CardContent>
        {availability.isPending ? (
          <p className="text-sm text-muted-foreground">
            <Spinner label={t('live.loading')} />
          </p>
        ) : availability.isError ? (
          <p className="text-sm text-muted-foreground">{t('live.failed')}</p>
        ) : availability.data.isServed ? (
          <div className="flex items-center gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <CarIcon className="size-6" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-lg font-semibold" data-testid="online-drivers">
                {t('live.driversOnline', { count: availability.data.onlineDrivers, formatted: format.number(availability.data.onlineDrivers) })}
              </p>
              <p className="text-sm text-muted-foreground">
                {availability.data.onlineDrivers > 0
                  ? t('live.servedBy', { territory: availability.data.territoryName })
                  : t('live.noDrivers', { territory: availability.data.territoryName })}
              </p>
            </div>
          </div>
        ) : (
          <div className="flex items-start gap-3" data-testid="live-not-served">
            <MapPinOffIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
            <div>
              <p className="font-medium">{t('live.notServedTitle')}</p>
              <p className="text-sm text-muted-foreground">{t('live.notServedDescription')}</p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

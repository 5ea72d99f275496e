import { rideProgress } from '@coride/domain/ride-state';
import type { Ride } from '@coride/domain/rides';
import { ClockIcon, MapPinCheckIcon, WifiOffIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RideStatusBadge } from '@/components/ride-status-badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useRealtimeStatus } from '@/lib/realtime-context';
import { CancelRideButton } from './cancel-ride-button';

/**
 * Status (announced when it changes), progress, ETA and, while allowed, Cancel Ride. Once the driver
 * says they are at the pickup (contract §10): "Your driver is here", with the plate to check and the
 * PIN to tell them.
 */
export function RideStatusCard({ ride, onCancelled }: { ride: Ride; onCancelled: () => void }) {
  const { t } = useTranslation('booking');
  const headingId = useId();
  const connection = useRealtimeStatus();
  const progress = rideProgress(ride.status);
  const canCancel = ride.status === 'requested' || ride.status === 'accepted';
  const hasArrived = ride.status === 'accepted' && ride.arrivedAt !== null;
  const stage = hasArrived ? 'arrived' : ride.status;

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader className="gap-3">
        {/* One polite live region: the badge and the headline are read out together when the status changes. */}
        <div role="status" aria-live="polite" aria-atomic="true" className="space-y-2">
          <RideStatusBadge status={ride.status} label={t(`status.${stage}`)} data-testid="ride-status" data-arrived={hasArrived} className="text-sm" />
          <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
            {ride.status === 'requested' ? <Spinner className="size-5 text-primary" /> : null}
            {hasArrived ? <MapPinCheckIcon className="size-6 shrink-0 text-primary" aria-hidden /> : null}
            {t(`ride.headline.${stage}`)}
          </h2>
        </div>
        <p className="text-sm text-muted-foreground">{t(`ride.hint.${stage}`)}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {hasArrived ? <DriverIsHere ride={ride} /> : null}
        <Progress
          value={progress}
          aria-label={t('ride.progressLabel')}
          getValueLabel={(value) => t('ride.progressValue', { value })}
          data-testid="ride-progress"
        />
        <Eta ride={ride} />
        {connection === 'reconnecting' || connection === 'closed' ? (
          <p className="flex items-center gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" role="status">
            <WifiOffIcon className="size-4 shrink-0" aria-hidden />
            {connection === 'reconnecting' ? t('ride.reconnecting') : t('ride.offline')}
          </p>
        ) : null}
        {canCancel ? <CancelRideButton ride={ride} onCancelled={onCancelled} /> : null}
      </CardContent>
    </Card>
  );
}

/** What the rider needs at the kerb: the plate to check, then the PIN to say. */
function DriverIsHere({ ride }: { ride: Ride }) {
  const { t } = useTranslation('booking');
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-lg border-2 border-primary bg-primary/5 p-3" data-testid="driver-is-here">
      {ride.driver ? (
        <div className="min-w-0">
          <dt className="text-sm text-muted-foreground">{t('ride.arrived.plate')}</dt>
          <dd className="mt-1">
            <span className="rounded border-2 border-foreground/80 px-2 py-0.5 font-mono text-lg font-semibold tracking-wider" data-testid="arrived-plate">
              {ride.driver.vehiclePlate}
            </span>
            <span className="mt-1 block truncate text-sm">
              {t('ride.driver.vehicleValue', { color: ride.driver.vehicleColor, model: ride.driver.vehicleModel })}
            </span>
          </dd>
        </div>
      ) : null}
      {ride.pin ? (
        <div>
          <dt className="text-sm text-muted-foreground">{t('ride.arrived.pin')}</dt>
          <dd
            className="mt-1 font-mono text-2xl font-bold tracking-[0.3em] tabular-nums"
            data-testid="arrived-pin"
            aria-label={t('pin.label', { pin: ride.pin.split('').join(' ') })}
          >
            {ride.pin}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function Eta({ ride }: { ride: Ride }) {
  const { t } = useTranslation('booking');
  // At the pickup the ETA to it says nothing more.
  if (ride.status === 'accepted' && ride.arrivedAt !== null) return null;
  if (ride.status !== 'accepted' && ride.status !== 'in_progress') return null;
  const minutes = ride.etaMinutes;
  const text =
    minutes === null
      ? t('ride.etaUnknown')
      : ride.status === 'accepted'
        ? t('ride.etaPickup', { count: Math.max(1, Math.round(minutes)) })
        : t('ride.etaDropoff', { count: Math.max(1, Math.round(minutes)) });
  return (
    <p className="flex items-center gap-2 text-base font-medium" data-testid="ride-eta">
      <ClockIcon className="size-5 shrink-0 text-primary" aria-hidden />
      {text}
    </p>
  );
}

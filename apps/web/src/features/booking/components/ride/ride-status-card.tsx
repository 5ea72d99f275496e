import { rideProgress } from '@coride/domain/ride-state';
import type { Ride } from '@coride/domain/rides';
import { ClockIcon, WifiOffIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RideStatusBadge } from '@/components/ride-status-badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useRealtimeStatus } from '@/lib/realtime-context';
import { CancelRideButton } from './cancel-ride-button';

/** Status (announced when it changes), progress, ETA and, while allowed, Cancel Ride. */
export function RideStatusCard({ ride, onCancelled }: { ride: Ride; onCancelled: () => void }) {
  const { t } = useTranslation('booking');
  const headingId = useId();
  const connection = useRealtimeStatus();
  const progress = rideProgress(ride.status);
  const canCancel = ride.status === 'requested' || ride.status === 'accepted';

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader className="gap-3">
        {/* One polite live region: the badge and the headline are read out together when the status changes. */}
        <div role="status" aria-live="polite" aria-atomic="true" className="space-y-2">
          <RideStatusBadge status={ride.status} label={t(`status.${ride.status}`)} data-testid="ride-status" className="text-sm" />
          <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
            {ride.status === 'requested' ? <Spinner className="size-5 text-primary" /> : null}
            {t(`ride.headline.${ride.status}`)}
          </h2>
        </div>
        <p className="text-sm text-muted-foreground">{t(`ride.hint.${ride.status}`)}</p>
      </CardHeader>
      <CardContent className="space-y-4">
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

function Eta({ ride }: { ride: Ride }) {
  const { t } = useTranslation('booking');
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

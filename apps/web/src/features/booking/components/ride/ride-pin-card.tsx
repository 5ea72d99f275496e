import type { Ride } from '@coride/domain/rides';
import { KeyRoundIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** The ride's PIN, shown large until the trip starts: the rider tells it to the driver, who needs it to start (ADR 028). */
export function RidePinCard({ ride }: { ride: Ride }) {
  const { t } = useTranslation('booking');
  const headingId = useId();
  if (!ride.pin || (ride.status !== 'requested' && ride.status !== 'accepted')) return null;
  return (
    <Card aria-labelledby={headingId} className="border-2 border-primary" data-testid="ride-pin-card">
      <CardHeader className="pb-2">
        <CardTitle as="h2" id={headingId} className="flex items-center gap-2 text-lg">
          <KeyRoundIcon className="size-5 text-primary" aria-hidden />
          {t('pin.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <p
          className="font-mono text-4xl font-bold tracking-[0.4em] tabular-nums"
          data-testid="ride-pin"
          aria-label={t('pin.label', { pin: ride.pin.split('').join(' ') })}
        >
          {ride.pin}
        </p>
        <p className="text-sm text-muted-foreground">{ride.arrivedAt ? t('pin.hintArrived') : t('pin.hint')}</p>
      </CardContent>
    </Card>
  );
}

import type { RideDriver } from '@coride/domain';
import { MessageSquareIcon, PhoneIcon, StarIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RideMessagesDialog } from '@/components/ride-messages/ride-messages-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';

/**
 * Who is coming and how to recognise them: name, rating, car, plate. Message opens the ride's thread;
 * Call asks the server for a masked number and rings it when the deployment has a masking service,
 * else opens the thread saying calls go through messages (contract §9, ADR 035: the driver's own
 * phone never reaches the rider).
 */
export function DriverCard({ driver, rideId, isAtPickup = false }: { driver: RideDriver; rideId: string; isAtPickup?: boolean }) {
  const { t } = useTranslation('booking');
  const [thread, setThread] = useState<'closed' | 'message' | 'call'>('closed');
  // The masked number once the service gave it (ADR 035); the ride view's own stays null.
  const [callNumber, setCallNumber] = useState<string | null>(driver.maskedPhone);
  const format = useFormatters();
  const initials = driver.name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

  async function call() {
    try {
      const { maskedNumberFor } = await import('../../api/ride-call');
      const number = await maskedNumberFor(rideId);
      if (number === null) {
        setThread('call');
        return;
      }
      // Kept as a tel: link too, for a phone that would not open the dialler from here.
      setCallNumber(number);
      window.location.href = `tel:${number}`;
    } catch {
      toast({ title: t('ride.driver.callFailed'), variant: 'destructive' });
      setThread('message');
    }
  }

  return (
    <Card data-testid="driver-card">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h2">{t('ride.driver.title')}</CardTitle>
        {isAtPickup ? (
          <Badge variant="success" data-testid="driver-at-pickup">
            {t('ride.driver.atPickup')}
          </Badge>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-accent text-lg font-bold text-accent-foreground" aria-hidden>
            {initials}
          </span>
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold" data-testid="ride-driver-name">
              {driver.name}
            </p>
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <StarIcon className="size-4 fill-amber-400 text-amber-500" aria-hidden />
              {driver.rating === null
                ? t('ride.driver.newDriver')
                : t('ride.driver.rating', { rating: format.number(driver.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
            </p>
          </div>
        </div>
        <DetailList
          items={[
            { label: t('ride.driver.vehicle'), value: t('ride.driver.vehicleValue', { color: driver.vehicleColor, model: driver.vehicleModel }) },
            {
              label: t('ride.driver.plate'),
              value: (
                <span className="rounded border-2 border-foreground/80 px-2 py-0.5 font-mono text-sm tracking-wider" data-testid="ride-driver-plate">
                  {driver.vehiclePlate}
                </span>
              ),
            },
          ]}
        />
        <div className="grid grid-cols-2 gap-2">
          {callNumber ? (
            <a href={`tel:${callNumber.replace(/[^\d+]/g, '')}`} className={buttonVariants({ variant: 'outline' })} data-testid="call-driver">
              <PhoneIcon aria-hidden />
              {t('ride.driver.call')}
              <span className="sr-only">{driver.name}</span>
            </a>
          ) : (
            <Button variant="outline" onClick={() => void call()} data-testid="call-driver">
              <PhoneIcon aria-hidden />
              {t('ride.driver.call')}
              <span className="sr-only">{driver.name}</span>
            </Button>
          )}
          <Button variant="outline" onClick={() => setThread('message')} data-testid="message-driver">
            <MessageSquareIcon aria-hidden />
            {t('ride.driver.message')}
            <span className="sr-only">{driver.name}</span>
          </Button>
        </div>
        <RideMessagesDialog
          rideId={rideId}
          side="rider"
          otherName={driver.name}
          open={thread !== 'closed'}
          onOpenChange={(open) => setThread(open ? thread : 'closed')}
          callNote={thread === 'call'}
        />
      </CardContent>
    </Card>
  );
}

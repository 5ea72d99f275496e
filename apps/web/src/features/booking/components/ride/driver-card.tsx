import type { RideDriver } from '@coride/domain';
import { MessageSquareIcon, PhoneIcon, StarIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RideMessagesDialog } from '@/components/ride-messages/ride-messages-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { useFormatters } from '@/lib/format';

/**
 * Who is coming and how to recognise them: name, rating, car, plate. Message opens the ride's thread;
 * Call rings a masked number when the deployment has one, else opens the thread saying calls go
 * through messages (contract §9: the driver's own phone never reaches the rider).
 */
export function DriverCard({ driver, rideId }: { driver: RideDriver; rideId: string }) {
  const { t } = useTranslation('booking');
  const [thread, setThread] = useState<'closed' | 'message' | 'call'>('closed');
  const format = useFormatters();
  const initials = driver.name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <Card data-testid="driver-card">
      <CardHeader>
        <CardTitle as="h2">{t('ride.driver.title')}</CardTitle>
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
          {driver.maskedPhone ? (
            <a href={`tel:${driver.maskedPhone.replace(/[^\d+]/g, '')}`} className={buttonVariants({ variant: 'outline' })} data-testid="call-driver">
              <PhoneIcon aria-hidden />
              {t('ride.driver.call')}
              <span className="sr-only">{driver.name}</span>
            </a>
          ) : (
            <Button variant="outline" onClick={() => setThread('call')} data-testid="call-driver">
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

import { isStaffCancellation } from '@coride/domain/ride-state';
import type { Ride } from '@coride/domain/rides';
import { CarIcon, LifeBuoyIcon, PencilIcon, SearchXIcon, UserXIcon } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RideStatusBadge } from '@/components/ride-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';
import { useBookRide } from '../../api/book-ride';
import { bookingErrorMessage } from '../../booking-error';
import { newIdempotencyKey } from '../../idempotency-key';
import { RideTimeline } from './ride-timeline';
import { TripDetailsCard } from './trip-details-card';

/**
 * A ride the rider did not cancel: nobody was available, the driver cancelled, or support (an admin or
 * the territory's licensee) cancelled a stuck ride with a reason. Says so plainly and offers to
 * request the same trip again in one tap, or to change it.
 */
export function RideCancelledView({ ride, onRebooked, onChangeTrip }: { ride: Ride; onRebooked: (ride: Ride) => void; onChangeTrip: () => void }) {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  const book = useBookRide();
  const attemptKey = useRef<string | null>(null);
  const isNoDrivers = ride.cancelReason === 'no_drivers';
  const isBySupport = isStaffCancellation(ride.cancelledBy);
  const Icon = isNoDrivers ? SearchXIcon : isBySupport ? LifeBuoyIcon : UserXIcon;
  const title = isNoDrivers ? t('ended.noDriversTitle') : isBySupport ? t('ended.staffCancelledTitle') : t('ended.driverCancelledTitle');
  const description = isNoDrivers
    ? t('ended.noDriversDescription')
    : isBySupport
      ? t('ended.staffCancelledDescription', { reason: ride.cancelReason ?? '' })
      : t('ended.driverCancelledDescription');

  async function tryAgain() {
    attemptKey.current ??= newIdempotencyKey();
    try {
      // No quote id: the server prices the same trip afresh (the same rates, so normally the same total).
      const next = await book.mutateAsync({ pickupLocation: ride.pickupLocation, dropoffLocation: ride.dropoffLocation, idempotencyKey: attemptKey.current });
      attemptKey.current = null;
      toast({ title: t('toasts.requestedTitle'), description: t('toasts.requestedDescription'), variant: 'success' });
      onRebooked(next);
    } catch (error) {
      toast({ title: t('errors.bookingTitle'), description: bookingErrorMessage(error, t('errors.bookingDescription')), variant: 'destructive' });
    }
  }

  return (
    <div className="mx-auto grid max-w-4xl gap-6" data-testid="ride-cancelled">
      <Card className="border-destructive/40">
        <CardHeader className="gap-4">
          <div className="flex items-start gap-3">
            <Icon className="mt-0.5 size-8 shrink-0 text-destructive" aria-hidden />
            <div className="space-y-1" role="status" aria-live="polite" aria-atomic="true">
              <RideStatusBadge status={ride.status} label={t(`status.${ride.status}`)} data-testid="ride-status" data-reason={ride.cancelReason ?? undefined} />
              <h2 className="text-xl font-semibold">{title}</h2>
              <p className="text-sm text-muted-foreground">{description}</p>
            </div>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row">
          <Button size="lg" onClick={() => void tryAgain()} disabled={book.isPending} data-testid="try-again">
            {book.isPending ? <Spinner /> : <CarIcon aria-hidden />}
            {book.isPending ? t('request.requesting') : t('ended.tryAgain', { total: format.money(ride.totalFare) })}
          </Button>
          <Button size="lg" variant="outline" onClick={onChangeTrip} data-testid="change-trip">
            <PencilIcon aria-hidden />
            {t('ended.changeTrip')}
          </Button>
        </CardContent>
      </Card>
      <div className="grid items-start gap-6 md:grid-cols-2">
        <TripDetailsCard ride={ride} />
        <RideTimeline ride={ride} />
      </div>
    </div>
  );
}

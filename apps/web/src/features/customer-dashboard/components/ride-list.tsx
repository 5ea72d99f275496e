import { isFeedbackOpen } from '@coride/domain/ride-feedback';
import { isActiveRideStatus } from '@coride/domain/ride-state';
import type { Dispute } from '@coride/domain/payments';
import type { Ride } from '@coride/domain/rides';
import { CalendarClockIcon, NavigationIcon, RotateCcwIcon, StarIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { RideStatusBadge } from '@/components/ride-status-badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { bookingHref } from '@/lib/booking-href';
import { useFormatters } from '@/lib/format';
import { RouteAddresses } from './route-addresses';
import { cn } from '@/lib/utils';
import { useCancelScheduledRide } from '../api/cancel-scheduled-ride';
import { useRiderDisputes } from '../api/get-disputes';
import { DisputeOutcome } from './dispute-outcome';
import { FeedbackButton, ReceiptButton } from './receipt-button';

/** Rides as a list: status, when, from and to, what it cost; the receipt of a completed one and Rebook, track a live one. */
export function RideList({
  rides,
  testId,
  openReceiptId,
  onReceiptClosed,
}: {
  rides: Ride[];
  testId?: string;
  openReceiptId?: string | undefined;
  onReceiptClosed?: () => void;
}) {
  const disputes = useRiderDisputes().data;
  return (
    <ul className="space-y-3" data-testid={testId}>
      {rides.map((ride) => (
        <RideListItem
          key={ride.id}
          ride={ride}
          dispute={disputes?.get(ride.id)}
          isReceiptOpen={ride.id === openReceiptId}
          {...(onReceiptClosed ? { onReceiptClosed } : {})}
        />
      ))}
    </ul>
  );
}

function RideListItem({
  ride,
  dispute,
  isReceiptOpen = false,
  onReceiptClosed,
}: {
  ride: Ride;
  dispute: Dispute | undefined;
  isReceiptOpen?: boolean;
  onReceiptClosed?: () => void;
}) {
  const { t } = useTranslation('customer');
  // The rating and tip refresh this ride while its dialog is open: the dialog stays until it is closed.
  const [isFeedbackDialogOpen, setFeedbackDialogOpen] = useState(false);
  const format = useFormatters();
  const isActive = isActiveRideStatus(ride.status);
  const paid = ride.totalFare + ride.tip;

  return (
    <li
      className={cn('flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between', isActive && 'border-primary/50 bg-accent/40')}
      data-testid="ride-item"
      data-status={ride.status}
    >
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <RideStatusBadge status={ride.status} label={t(`rideStatus.${ride.status}`)} />
          {ride.status === 'scheduled' && ride.scheduledAt ? (
            // A ride booked for later shows its pickup time, not when it was booked (ADR 034).
            <span className="inline-flex items-center gap-1 text-sm font-medium" data-testid="ride-item-scheduled-at">
              <CalendarClockIcon className="size-4" aria-hidden />
              {t('rides.scheduledFor')} <time dateTime={ride.scheduledAt}>{format.dateTime(ride.scheduledAt)}</time>
            </span>
          ) : (
            <time dateTime={ride.requestedAt} className="text-sm text-muted-foreground">
              {format.dateTime(ride.requestedAt)}
            </time>
          )}
          {ride.rating !== null ? (
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <StarIcon className="size-3.5 fill-amber-400 text-amber-500" aria-hidden />
              {t('rides.youRated', { rating: ride.rating })}
            </span>
          ) : null}
        </div>
        <RouteAddresses pickup={ride.pickupLocation.address} dropoff={ride.dropoffLocation.address} />
        {dispute ? <DisputeOutcome dispute={dispute} /> : null}
      </div>
      <div className="flex shrink-0 items-center justify-between gap-3 sm:flex-col sm:items-end">
        <div className="text-start sm:text-end">
          {ride.status === 'cancelled' ? (
            <p className="text-sm text-muted-foreground">{t('rides.notCharged')}</p>
          ) : (
            <>
              <p className="text-lg font-semibold tabular-nums" data-testid="ride-item-fare">
                {format.money(paid)}
              </p>
              <p className="text-xs text-muted-foreground">
                {ride.tip > 0
                  ? t('rides.includesTip', { tip: format.money(ride.tip) })
                  : t('rides.distance', { value: format.number(ride.distance, { maximumFractionDigits: 1 }) })}
              </p>
            </>
          )}
        </div>
        {ride.status === 'completed' ? (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {/* Rate and tip later (contract §10): for 7 days, while either is still to do. */}
            {((ride.rating === null || ride.tip === 0) && isFeedbackOpen(ride)) || isFeedbackDialogOpen ? (
              <FeedbackButton
                rideId={ride.id}
                onOpenChange={setFeedbackDialogOpen}
                icon={<StarIcon aria-hidden />}
                accessibleName={t(ride.rating === null ? 'rides.rateLabel' : 'rides.tipLabel', { to: ride.dropoffLocation.address })}
              >
                {t(ride.rating === null ? 'rides.rate' : 'rides.tip')}
              </FeedbackButton>
            ) : null}
            <ReceiptButton
              rideId={ride.id}
              accessibleName={t('rides.receiptLabel', { to: ride.dropoffLocation.address })}
              defaultOpen={isReceiptOpen}
              {...(isReceiptOpen && onReceiptClosed ? { onClose: onReceiptClosed } : {})}
            >
              {t('rides.receipt')}
            </ReceiptButton>
            <Link
              href={bookingHref({ pickup: ride.pickupLocation, dropoff: ride.dropoffLocation })}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
              aria-label={t('rides.rebookLabel', { from: ride.pickupLocation.address, to: ride.dropoffLocation.address })}
              data-testid="rebook"
            >
              <RotateCcwIcon aria-hidden />
              {t('rides.rebook')}
            </Link>
          </div>
        ) : ride.status === 'scheduled' ? (
          <CancelScheduledButton ride={ride} />
        ) : isActive ? (
          <Link href="/ride" className={buttonVariants({ size: 'sm' })} data-testid="track-ride">
            <NavigationIcon aria-hidden />
            {t('rides.track')}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** Cancel of a ride booked for later: free until its dispatch starts (ADR 034). */
function CancelScheduledButton({ ride }: { ride: Ride }) {
  const { t } = useTranslation('customer');
  const cancel = useCancelScheduledRide();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={cancel.isPending}
      aria-label={t('rides.cancelScheduledLabel', { to: ride.dropoffLocation.address })}
      data-testid="cancel-scheduled"
      onClick={() =>
        cancel.mutate(ride.id, {
          onSuccess: () => toast({ title: t('rides.scheduledCancelled'), variant: 'success' }),
          onError: (error) => toast({ title: t('rides.cancelFailed'), description: error.message, variant: 'destructive' }),
        })
      }
    >
      {cancel.isPending ? <Spinner /> : <XIcon aria-hidden />}
      {t('rides.cancelScheduled')}
    </Button>
  );
}

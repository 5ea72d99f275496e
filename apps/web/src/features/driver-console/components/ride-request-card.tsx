import type { DriverOffer } from '@coride/domain';
import { haversineMiles } from '@coride/domain/geo';
import { CheckIcon, Loader2Icon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/ui/action-button';
import { useFormatters } from '@/lib/format';
import type { Coordinates } from '@/lib/geolocation';
import { cn } from '@/lib/utils';
import { useCountdown } from '../hooks/use-countdown';
import { offerDeadline } from '../offer-deadline';
import { RouteSummary } from './route-summary';

/** Seconds left at which the card turns urgent and screen readers hear it once. */
const LOW_TIME_SECONDS = 5;

/**
 * One open ride request with its countdown. The card goes when the countdown ends (unless an accept
 * is in flight: then the server decides) or when the server withdraws the request.
 */
export function RideRequestCard({
  offer,
  driverPosition,
  isAccepting,
  isDisabled,
  onAccept,
  onDecline,
  onExpire,
  onLowTime,
}: {
  offer: DriverOffer;
  driverPosition: Coordinates | null;
  isAccepting: boolean;
  isDisabled: boolean;
  onAccept: () => void;
  onDecline: () => void;
  onExpire: () => void;
  onLowTime: () => void;
}) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  const titleId = useId();
  const { ride, estimatedEarning } = offer;
  // Mounting is when the request reached this device: the countdown is measured from then.
  const [timing] = useState(() => {
    const receivedAt = Date.now();
    return { receivedAt, deadline: offerDeadline(offer.expiresAt, receivedAt) };
  });
  const { seconds, fraction } = useCountdown(timing.deadline, timing.receivedAt);
  const isLow = seconds <= LOW_TIME_SECONDS;

  // A request is the one thing a driver must not miss: bring it into view when it arrives.
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const isReducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    cardRef.current?.scrollIntoView({ block: 'nearest', behavior: isReducedMotion ? 'auto' : 'smooth' });
  }, []);

  const hasWarned = useRef(false);
  const hasExpired = useRef(false);
  useEffect(() => {
    if (seconds === 0 && !isAccepting && !hasExpired.current) {
      hasExpired.current = true;
      onExpire();
    } else if (isLow && seconds > 0 && !hasWarned.current) {
      hasWarned.current = true;
      onLowTime();
    }
  }, [seconds, isLow, isAccepting, onExpire, onLowTime]);

  const milesAway = driverPosition ? haversineMiles(driverPosition, ride.pickupLocation) : null;
  const miles = (value: number) => t('units.miles', { value: format.number(value, { maximumFractionDigits: 1 }) });

  return (
    <article
      ref={cardRef}
      aria-labelledby={titleId}
      className="scroll-mt-24 overflow-hidden rounded-lg border-2 border-primary bg-card shadow-md"
      data-testid="ride-request-card"
      data-ride-id={ride.id}
    >
      <div className="h-1.5 bg-muted" aria-hidden>
        <div
          className={cn('h-full transition-[width] duration-300 ease-linear', isLow ? 'bg-destructive' : 'bg-primary')}
          style={{ width: `${fraction * 100}%` }}
        />
      </div>
      <div className="space-y-4 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={titleId} className="font-semibold">
              {t('requests.cardTitle', { name: ride.rider.firstName })}
            </h3>
            <p className="text-sm text-muted-foreground">{t('requests.estimatedEarning')}</p>
            <p className="text-2xl font-bold tabular-nums text-primary" data-testid="estimated-earning">
              {format.money(estimatedEarning)}
            </p>
          </div>
          <div
            role="timer"
            aria-label={t('requests.timeLeftLabel', { count: seconds })}
            className={cn(
              'flex min-w-16 shrink-0 flex-col items-center rounded-md border px-3 py-1.5 tabular-nums',
              isLow ? 'border-destructive bg-destructive/10 text-destructive' : 'bg-muted',
            )}
            data-testid="ride-request-countdown"
          >
            <span className="text-xl leading-tight font-bold" aria-hidden>
              {t('requests.seconds', { value: format.number(seconds) })}
            </span>
            <span className="text-xs" aria-hidden>
              {t('requests.toRespond')}
            </span>
          </div>
        </div>

        <RouteSummary pickup={ride.pickupLocation} dropoff={ride.dropoffLocation} />

        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">{t('requests.tripDistance')}</dt>
            <dd className="font-medium tabular-nums">{miles(ride.distance)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('requests.tripTime')}</dt>
            <dd className="font-medium tabular-nums">{t('units.minutes', { value: format.number(ride.duration) })}</dd>
          </div>
          {milesAway !== null ? (
            <div>
              <dt className="text-muted-foreground">{t('requests.pickupAway')}</dt>
              <dd className="font-medium tabular-nums">{miles(milesAway)}</dd>
            </div>
          ) : null}
        </dl>

        <div className="grid grid-cols-2 gap-3">
          <ActionButton
            variant="outline"
            size="lg"
            className="px-4"
            onClick={onDecline}
            isUnavailable={isDisabled}
            aria-label={t('requests.declineLabel', { pickup: ride.pickupLocation.address })}
            data-testid="decline-ride"
          >
            <XIcon aria-hidden />
            {t('requests.decline')}
          </ActionButton>
          <ActionButton
            size="lg"
            className="px-4"
            onClick={onAccept}
            isUnavailable={isDisabled}
            isPending={isAccepting}
            aria-label={t('requests.acceptLabel', { pickup: ride.pickupLocation.address })}
            data-testid="accept-ride"
          >
            {isAccepting ? <Loader2Icon className="animate-spin" aria-hidden /> : <CheckIcon aria-hidden />}
            {isAccepting ? t('requests.accepting') : t('requests.accept')}
          </ActionButton>
        </div>
      </div>
    </article>
  );
}

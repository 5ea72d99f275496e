import type { DriverOffer } from '@coride/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { InboxIcon, RadioIcon } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import type { Coordinates } from '@/lib/geolocation';
import { useAcceptRide } from '../api/use-accept-ride';
import { useDeclineRide } from '../api/use-decline-ride';
import { removeOffer } from '../api/use-driver-offers';
import type { Announce } from '../hooks/use-announcer';
import { showErrorToast } from '../show-error-toast';
import { LazyDriverMap } from './lazy-driver-map';
import { RideRequestCard } from './ride-request-card';

export const RIDE_REQUESTS_HEADING_ID = 'ride-requests-heading';

/** The accept refusals that mean the offer closed first, by the reason offer_withdrawn gives. */
const closedOfferReasons: Partial<Record<string, 'taken' | 'cancelled' | 'expired'>> = {
  OFFER_TAKEN: 'taken',
  OFFER_CANCELLED: 'cancelled',
  OFFER_EXPIRED: 'expired',
};

/**
 * Incoming requests, newest first, with two screen-reader live regions: assertive for a new request
 * and the last seconds of one, polite for a request that went away. The countdown itself is a
 * timer that is never read out on every tick.
 */
export function RideRequestsSection({
  offers,
  isOnline,
  driverPosition,
  announcements,
  announce,
}: {
  offers: UseQueryResult<DriverOffer[]>;
  isOnline: boolean;
  driverPosition: Coordinates | null;
  announcements: { polite: string; assertive: string };
  announce: Announce;
}) {
  const { t } = useTranslation('driver');
  const queryClient = useQueryClient();
  const accept = useAcceptRide();
  const decline = useDeclineRide();
  const list = offers.data ?? [];

  async function handleAccept(offer: DriverOffer) {
    try {
      const ride = await accept.mutateAsync(offer.ride.id);
      toast({
        title: t('toasts.acceptedTitle'),
        description: t('toasts.acceptedBody', { name: ride.rider.firstName, pickup: ride.pickupLocation.address }),
        variant: 'success',
      });
      // A driver has one ride at a time: let the other requests go to someone else now.
      for (const other of list) if (other.ride.id !== ride.id) declineQuietly(other.ride.id);
    } catch (error) {
      const reason = error instanceof ApiRequestError ? closedOfferReasons[error.code] : undefined;
      if (!reason) return showErrorToast(t('toasts.errorTitle'), t('errors.acceptRide'), error);
      // The offer closed a moment before the tap (its offer_withdrawn was still on the way): the card
      // goes and the driver reads what the withdrawal would have said, not an error.
      const text = t(`requests.announceWithdrawn.${reason}`, { pickup: offer.ride.pickupLocation.address });
      removeOffer(queryClient, offer.ride.id);
      announce(text);
      toast({ title: text });
    }
  }

  function declineQuietly(rideId: string) {
    decline.mutateAsync(rideId).catch((error: unknown) => {
      // 409/404: the request had already closed, which is what declining wanted anyway.
      if (error instanceof ApiRequestError && (error.status === 409 || error.status === 404)) return;
      showErrorToast(t('toasts.errorTitle'), t('errors.declineRide'), error);
    });
  }

  const expire = useCallback(
    (offer: DriverOffer) => {
      removeOffer(queryClient, offer.ride.id);
      announce(t('requests.announceWithdrawn.expired', { pickup: offer.ride.pickupLocation.address }));
    },
    [queryClient, announce, t],
  );

  return (
    <Card aria-labelledby={RIDE_REQUESTS_HEADING_ID} role="region" data-testid="ride-requests">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle as="h2" id={RIDE_REQUESTS_HEADING_ID} tabIndex={-1} className="outline-none">
            {t('requests.title')}
          </CardTitle>
          {list.length > 0 ? <Badge data-testid="ride-request-count">{t('requests.count', { count: list.length })}</Badge> : null}
        </div>
        <CardDescription>{isOnline ? t('requests.descriptionOnline') : t('requests.descriptionOffline')}</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="ride-requests-alert">
          {announcements.assertive}
        </p>
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          {announcements.polite}
        </p>
        {/* The newest request on the driver's map (ADR 035). */}
        {list[0] ? (
          <div className="mb-4">
            <LazyDriverMap pickup={list[0].ride.pickupLocation} dropoff={list[0].ride.dropoffLocation} position={driverPosition} nextStop="pickup" />
          </div>
        ) : null}
        {offers.isPending ? (
          <LoadingState />
        ) : offers.isError ? (
          <ErrorState title={t('errors.fetchOffers')} error={offers.error} onRetry={() => void offers.refetch()} />
        ) : list.length > 0 ? (
          <ul className="space-y-4">
            {list.map((offer) => (
              <li key={offer.ride.id}>
                <RideRequestCard
                  offer={offer}
                  driverPosition={driverPosition}
                  isAccepting={accept.isPending && accept.variables === offer.ride.id}
                  isDisabled={accept.isPending}
                  onAccept={() => void handleAccept(offer)}
                  onDecline={() => declineQuietly(offer.ride.id)}
                  onExpire={() => expire(offer)}
                  onLowTime={() => announce(t('requests.announceLowTime', { pickup: offer.ride.pickupLocation.address }), 'assertive')}
                />
              </li>
            ))}
          </ul>
        ) : isOnline ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center" data-testid="waiting-for-requests">
            <span className="relative flex size-8 items-center justify-center text-primary" aria-hidden>
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary/30 motion-reduce:animate-none" />
              <RadioIcon className="relative size-6" />
            </span>
            <p className="font-medium">{t('requests.waitingTitle')}</p>
            <p className="max-w-sm text-sm text-muted-foreground">{t('requests.waitingDescription')}</p>
          </div>
        ) : (
          <EmptyState icon={InboxIcon} title={t('requests.offlineTitle')} description={t('requests.offlineDescription')} />
        )}
      </CardContent>
    </Card>
  );
}

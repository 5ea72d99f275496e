import { isActiveRideStatus, isStaffCancellation } from '@coride/domain/ride-state';
import type { Ride } from '@coride/domain/rides';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentHistoryQueryKey } from '@/api/payments';
import { toast } from '@/components/ui/use-toast';
import { useOnReconnected, useRealtimeMessages } from '@/lib/realtime-context';
import { activeRideQueryKey, activeRideQueryOptions, useActiveRide, type ActiveRideResponse } from '../api/get-active-ride';
import { rideQueryKey, rideQueryOptions, useRide } from '../api/get-ride';

/**
 * The ride that just finished which the rider chose to leave ("Book another ride"): the server keeps
 * offering it for rating (awaitingRating) for a day, this device no longer shows it on /ride.
 */
const DISMISSED_RIDE_KEY = 'coride.dismissedRideId';

function readDismissed(): string | null {
  try {
    return localStorage.getItem(DISMISSED_RIDE_KEY);
  } catch {
    return null;
  }
}

function writeDismissed(id: string): void {
  try {
    localStorage.setItem(DISMISSED_RIDE_KEY, id);
  } catch {
    // Private mode: the ride may show once more after a reload, still with Book another ride.
  }
}

/** The realtime messages carry the ride as both sides see it, without the PIN: the rider keeps the one they were given (ADR 028). */
function withKnownPin(ride: Ride, previous: Ride | null | undefined): Ride {
  return ride.pin || !previous?.pin || previous.id !== ride.id ? ride : { ...ride, pin: previous.pin };
}

/** A ride that ended for a reason the rider should see (arrived, or nobody / the driver cancelled). */
function endedForRider(ride: Ride): boolean {
  return ride.status === 'completed' || (ride.status === 'cancelled' && ride.cancelledBy !== 'rider');
}

/**
 * The ride the /ride page shows: the rider's active ride (GET /api/rides/active), kept current by the
 * WebSocket (accepted, driver at the pickup, driver moving, started, completed, cancelled) and re-read
 * after a reconnect; then, once it ends, the same ride until the rider moves on (to rate it, or to
 * try again). After a reload or a later visit, on any device, the server's `awaitingRating` (a ride
 * completed within the last day and not rated yet) brings a finished ride back, so rating and
 * tipping are never lost (contract §10).
 */
export function useCurrentRide() {
  const { t } = useTranslation('booking');
  const queryClient = useQueryClient();
  const active = useActiveRide();
  /** The id of the ended ride on screen: kept until the rider moves on, so rating it does not make it vanish. */
  const [ended, setEnded] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(readDismissed);
  const activeRide = active.data?.ride ?? null;
  const awaitingRating = active.data?.awaitingRating ?? null;
  const endedQuery = useRide(activeRide ? null : ended);

  // A finished ride the server still offers for rating comes back once, unless the rider left it.
  // Adjusting state while rendering, as React documents.
  if (!activeRide && awaitingRating && ended === null && awaitingRating.id !== dismissed) setEnded(awaitingRating.id);

  const storeRide = useCallback(
    (ride: Ride) => {
      queryClient.setQueryData<Ride>(rideQueryKey(ride.id), (previous) => withKnownPin(ride, previous));
      queryClient.setQueryData<ActiveRideResponse>(activeRideQueryKey, (previous) => {
        if (isActiveRideStatus(ride.status)) return { ride: withKnownPin(ride, previous?.ride), awaitingRating: null };
        // An update about another ride must not clear the current one.
        return previous?.ride && previous.ride.id !== ride.id ? previous : { ride: null, awaitingRating: null };
      });
    },
    [queryClient],
  );

  const keepEnded = useCallback(
    (ride: Ride) => {
      storeRide(ride);
      setEnded(ride.id);
      void queryClient.invalidateQueries({ queryKey: ['/api/rides'], exact: true });
      void queryClient.invalidateQueries({ queryKey: ['/api/users/stats'] });
      void queryClient.invalidateQueries({ queryKey: paymentHistoryQueryKey });
    },
    [queryClient, storeRide],
  );

  const announceEnd = useCallback(
    (ride: Ride) => {
      if (ride.status === 'completed') {
        toast({ title: t('toasts.completedTitle'), description: t('toasts.completedDescription'), variant: 'success' });
      } else if (ride.cancelReason === 'no_drivers') {
        toast({ title: t('ended.noDriversTitle'), description: t('ended.noDriversToast'), variant: 'destructive' });
      } else if (isStaffCancellation(ride.cancelledBy)) {
        toast({ title: t('ended.staffCancelledTitle'), description: t('ended.staffCancelledToast'), variant: 'destructive' });
      } else {
        toast({ title: t('ended.driverCancelledTitle'), description: t('ended.driverCancelledToast'), variant: 'destructive' });
      }
    },
    [t],
  );

  useRealtimeMessages((message) => {
    switch (message.type) {
      case 'ride_accepted': {
        const driver = message.ride.driver ?? message.driver;
        storeRide({ ...message.ride, driver });
        toast({
          title: t('toasts.acceptedTitle'),
          description: t('toasts.acceptedDescription', {
            name: driver.name,
            color: driver.vehicleColor,
            model: driver.vehicleModel,
            plate: driver.vehiclePlate,
          }),
          variant: 'success',
        });
        break;
      }
      case 'driver_location':
        queryClient.setQueryData<ActiveRideResponse>(activeRideQueryKey, (previous) => {
          const ride = previous?.ride;
          if (!ride || ride.id !== message.rideId) return previous;
          const location = { lat: message.location.lat, lng: message.location.lng };
          return {
            ride: { ...ride, etaMinutes: message.etaMinutes ?? ride.etaMinutes, driver: ride.driver ? { ...ride.driver, currentLocation: location } : null },
          };
        });
        break;
      case 'driver_arrived': {
        storeRide(message.ride);
        const driver = message.ride.driver;
        toast({
          title: t('toasts.arrivedTitle'),
          description: driver
            ? t('toasts.arrivedDescription', { color: driver.vehicleColor, model: driver.vehicleModel, plate: driver.vehiclePlate })
            : undefined,
          variant: 'success',
        });
        break;
      }
      case 'ride_started':
        storeRide(message.ride);
        toast({
          title: t('toasts.startedTitle'),
          description: t('toasts.startedDescription', { address: message.ride.dropoffLocation.address }),
          variant: 'success',
        });
        break;
      case 'ride_completed':
        keepEnded(message.ride);
        announceEnd(message.ride);
        break;
      case 'ride_cancelled':
        // The rider's own cancellation is confirmed where they pressed the button.
        if (!endedForRider(message.ride)) {
          storeRide(message.ride);
          break;
        }
        keepEnded(message.ride);
        announceEnd(message.ride);
        break;
      default:
        break;
    }
  });

  // Whatever happened while the socket was down is read back over HTTP.
  useOnReconnected(() => {
    const previous = queryClient.getQueryData<ActiveRideResponse>(activeRideQueryKey)?.ride ?? null;
    void (async () => {
      try {
        const next = await queryClient.fetchQuery({ ...activeRideQueryOptions(), staleTime: 0 });
        if (previous && next.ride?.id !== previous.id) {
          const ride = await queryClient.fetchQuery({ ...rideQueryOptions(previous.id), staleTime: 0 });
          if (endedForRider(ride)) {
            keepEnded(ride);
            announceEnd(ride);
          }
        } else if (ended) {
          await queryClient.invalidateQueries({ queryKey: rideQueryKey(ended) });
        }
      } catch {
        // The next reconnect or a reload tries again; the screen keeps what it has.
      }
    })();
  });

  // The server's copy shows at once while the ride is read again.
  const endedRide = endedQuery.data ?? (awaitingRating?.id === ended ? awaitingRating : null);
  const isEndedShown = endedRide !== null && endedRide.id === ended;

  return {
    ride: activeRide ?? (isEndedShown ? endedRide : null),
    isLoading: active.isPending || (activeRide === null && ended !== null && endedRide === null && endedQuery.isPending && endedQuery.fetchStatus !== 'idle'),
    error: active.error,
    refetch: () => void active.refetch(),
    /** A ride was just booked (it is already the active ride in the cache). */
    track: (ride: Ride) => {
      storeRide(ride);
      setEnded(null);
    },
    /** The rider moves on from an ended ride (it does not come back on this device), or cancelled their own. */
    dismiss: () => {
      const left = ended ?? awaitingRating?.id ?? null;
      if (left) {
        writeDismissed(left);
        setDismissed(left);
      }
      setEnded(null);
    },
  };
}

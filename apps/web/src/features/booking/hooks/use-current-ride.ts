import { isActiveRideStatus, isStaffCancellation } from '@coride/domain/ride-state';
import type { Ride } from '@coride/domain/rides';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentHistoryQueryKey } from '@/api/payments';
import { toast } from '@/components/ui/use-toast';
import { useOnReconnected, useRealtimeMessages } from '@/lib/realtime-context';
import { activeRideQueryKey, activeRideQueryOptions, useActiveRide, type ActiveRideResponse } from '../api/get-active-ride';
import { rideQueryKey, rideQueryOptions, useRide } from '../api/get-ride';

/** The ride that ended on this tab, so a reload after arriving still offers the rating. */
const ENDED_RIDE_KEY = 'coride.endedRideId';

type EndedRide = { id: string; isRestored: boolean };

function readEndedRide(): EndedRide | null {
  try {
    const id = sessionStorage.getItem(ENDED_RIDE_KEY);
    return id ? { id, isRestored: true } : null;
  } catch {
    return null;
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
 * WebSocket (accepted, driver moving, started, completed, cancelled) and re-read after a reconnect;
 * then, once it ends, the same ride until the rider moves on (to rate it, or to try again).
 */
export function useCurrentRide() {
  const { t } = useTranslation('booking');
  const queryClient = useQueryClient();
  const active = useActiveRide();
  const [ended, setEnded] = useState<EndedRide | null>(readEndedRide);
  const activeRide = active.data?.ride ?? null;
  const endedQuery = useRide(activeRide ? null : (ended?.id ?? null));

  useEffect(() => {
    try {
      if (ended) sessionStorage.setItem(ENDED_RIDE_KEY, ended.id);
      else sessionStorage.removeItem(ENDED_RIDE_KEY);
    } catch {
      // Private mode: the ended ride is simply not kept across a reload.
    }
  }, [ended]);

  const storeRide = useCallback(
    (ride: Ride) => {
      queryClient.setQueryData<Ride>(rideQueryKey(ride.id), (previous) => withKnownPin(ride, previous));
      queryClient.setQueryData<ActiveRideResponse>(activeRideQueryKey, (previous) => {
        if (isActiveRideStatus(ride.status)) return { ride: withKnownPin(ride, previous?.ride) };
        // An update about another ride must not clear the current one.
        return previous?.ride && previous.ride.id !== ride.id ? previous : { ride: null };
      });
    },
    [queryClient],
  );

  const keepEnded = useCallback(
    (ride: Ride) => {
      storeRide(ride);
      setEnded({ id: ride.id, isRestored: false });
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
          await queryClient.invalidateQueries({ queryKey: rideQueryKey(ended.id) });
        }
      } catch {
        // The next reconnect or a reload tries again; the screen keeps what it has.
      }
    })();
  });

  const endedRide = endedQuery.data ?? null;
  // After a reload only a completed ride still waiting for its rating comes back; once decided, it
  // stays (rating it must not make it vanish). Adjusting state while rendering, as React documents.
  if (ended?.isRestored && endedRide?.id === ended.id) {
    setEnded(endedRide.status === 'completed' && endedRide.rating === null ? { id: ended.id, isRestored: false } : null);
  }
  const isEndedShown = endedRide !== null && ended !== null && !ended.isRestored && endedRide.id === ended.id;

  return {
    ride: activeRide ?? (isEndedShown ? endedRide : null),
    isLoading: active.isPending || (activeRide === null && ended !== null && endedQuery.isPending && endedQuery.fetchStatus !== 'idle'),
    error: active.error,
    refetch: () => void active.refetch(),
    /** A ride was just booked (it is already the active ride in the cache). */
    track: (ride: Ride) => {
      storeRide(ride);
      setEnded(null);
    },
    /** The rider moves on from an ended ride, or cancelled their own. */
    dismiss: () => setEnded(null),
  };
}

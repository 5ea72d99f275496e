import type { DriverOffer } from '@coride/domain';
import { isStaffCancellation } from '@coride/domain/ride-state';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ownDocumentsQueryKey } from '@/api/driver-documents';
import { notificationText } from '@/components/notifications/notification-text';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';
import { useOnReconnected, useRealtimeMessages } from '@/lib/realtime-context';
import { activeRideQueryKey, setActiveRide, type ActiveRideResponse } from '../api/use-active-ride';
import { addOffer, driverOffersQueryKey, removeOffer } from '../api/use-driver-offers';
import { driverEarningsQueryKey } from '../api/use-driver-earnings';
import { driverPerformanceQueryKey } from '../api/use-driver-performance';
import { driverProfileQueryKey } from '../api/use-driver-profile';
import { driverRidesQueryKey } from '../api/use-driver-rides';
import type { Announce } from './use-announcer';

/**
 * The driver's live feed: requests arrive and are withdrawn, the rider may cancel the active ride.
 * After a reconnect everything is re-read over HTTP, so nothing missed while offline is lost.
 */
export function useDriverRealtime(announce: Announce): void {
  const { t, i18n } = useTranslation('driver');
  const format = useFormatters();
  const queryClient = useQueryClient();

  useRealtimeMessages((message) => {
    switch (message.type) {
      case 'ride_request': {
        const { ride, estimatedEarning, expiresAt } = message;
        addOffer(queryClient, { ride, estimatedEarning, expiresAt });
        announce(
          t('requests.announceNew', { pickup: ride.pickupLocation.address, dropoff: ride.dropoffLocation.address, earning: format.money(estimatedEarning) }),
          'assertive',
        );
        break;
      }
      case 'offer_withdrawn': {
        const offer = queryClient.getQueryData<DriverOffer[]>(driverOffersQueryKey)?.find((o) => o.ride.id === message.rideId);
        removeOffer(queryClient, message.rideId);
        if (offer) announce(t(`requests.announceWithdrawn.${message.reason}`, { pickup: offer.ride.pickupLocation.address }));
        break;
      }
      case 'ride_cancelled': {
        removeOffer(queryClient, message.ride.id);
        const active = queryClient.getQueryData<ActiveRideResponse>(activeRideQueryKey)?.ride;
        if (active?.id === message.ride.id) setActiveRide(queryClient, null);
        // The driver's own cancellation is confirmed by its own toast.
        if (active?.id === message.ride.id && message.ride.cancelledBy !== 'driver') {
          const description = isStaffCancellation(message.ride.cancelledBy)
            ? t('toasts.cancelledByStaff', { reason: message.ride.cancelReason ?? '' })
            : t('toasts.cancelledByRider', { name: message.ride.rider.firstName });
          toast({ title: t('toasts.cancelledTitle'), description });
        }
        void queryClient.invalidateQueries({ queryKey: driverRidesQueryKey });
        break;
      }
      case 'ride_completed':
        // Completed from another tab or device: today's figures, the tracker and the tier move.
        for (const queryKey of [driverEarningsQueryKey, driverPerformanceQueryKey, driverProfileQueryKey, driverRidesQueryKey])
          void queryClient.invalidateQueries({ queryKey });
        break;
      case 'driver_suspended':
        // Staff suspended the driver (ADR 031): the server took them offline; the banner shows why.
        void queryClient.invalidateQueries({ queryKey: driverProfileQueryKey });
        void queryClient.invalidateQueries({ queryKey: driverOffersQueryKey });
        toast({ title: t('toasts.suspendedTitle'), description: message.suspension.reason, variant: 'destructive' });
        announce(t('toasts.suspendedTitle'), 'assertive');
        break;
      case 'notification': {
        // The expiry sweep took the driver offline (a licence or insurance ran out): the switch, the
        // offers and the documents checklist are read again, and the driver is told why at once.
        const { notification } = message;
        if (notification.kind !== 'driver_document_expired') break;
        for (const queryKey of [driverProfileQueryKey, driverOffersQueryKey, ownDocumentsQueryKey]) void queryClient.invalidateQueries({ queryKey });
        const text = notificationText(notification);
        void i18n.loadNamespaces('notifications').then(() => {
          const title = i18n.t(text.titleKey, { ns: 'notifications', ...text.values });
          toast({ title, description: i18n.t(text.bodyKey, { ns: 'notifications', ...text.values }), variant: 'destructive' });
          announce(title, 'assertive');
        });
        break;
      }
      case 'driver_reinstated':
        void queryClient.invalidateQueries({ queryKey: driverProfileQueryKey });
        toast({ title: t('toasts.reinstatedTitle'), description: t('toasts.reinstatedBody'), variant: 'success' });
        break;
      default:
        break;
    }
  });

  useOnReconnected(() => {
    for (const queryKey of [
      driverOffersQueryKey,
      activeRideQueryKey,
      driverProfileQueryKey,
      driverRidesQueryKey,
      driverEarningsQueryKey,
      driverPerformanceQueryKey,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  });
}

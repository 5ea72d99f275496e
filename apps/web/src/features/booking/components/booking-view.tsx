import type { LatLng, Ride, RideOptions } from '@coride/domain';
import { DEFAULT_RIDE_OPTIONS } from '@coride/domain/ride-options';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { dashboardHref } from '@/lib/dashboard-href';
import { useFormatters } from '@/lib/format';
import { paymentMethodsQueryKey, usePaymentMethods } from '@/api/payments';
import { toast } from '@/components/ui/use-toast';
import { useAppConfig } from '../api/get-app-config';
import { useQuote } from '../api/get-quote';
import { useBookRide } from '../api/book-ride';
import { useReverseGeocode } from '../api/reverse-geocode';
import { bookingErrorMessage } from '../booking-error';
import { paymentProblemOf, type PaymentProblem } from '../payment-problem';
import { newIdempotencyKey } from '../idempotency-key';
import { DEFAULT_CENTER, stopAt, type StopKind, type TripDraft, type TripStop } from '../trip';
import { FareCard, type FareNoteSlot } from './fare-card';
import { LiveUpdatesCard } from './live-updates-card';
import { RideOptionsFields } from './ride-options-fields';
import { fromLocalInputValue, isSchedulable, ScheduleField, type ScheduleDraft } from './schedule-field';
import { TripForm } from './trip-form';
import { TripMapCard } from './trip-map-card';

type BookingViewProps = {
  draft: TripDraft;
  onDraftChange: (update: (draft: TripDraft) => TripDraft) => void;
  onBooked: (ride: Ride) => void;
  /** The rider asked for the ride: the page starts fetching the booked ride's views meanwhile. */
  onRequesting?: () => void;
  /** Shown under the upfront price (the route passes the rider's rewards line). */
  FareNote?: FareNoteSlot;
  /** Opened from "Schedule Ride" (ADR 034): the date and time picker is open at first. */
  isSchedulingAtFirst?: boolean;
};

/** Setting a trip: the form, the map, live availability and the upfront price, then the request. */
export function BookingView({ draft, onDraftChange, onBooked, onRequesting, FareNote, isSchedulingAtFirst = false }: BookingViewProps) {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  const [, navigate] = useLocation();
  // Book for later (ADR 034): the picker's value in the browser's time zone, sent as an instant.
  const [schedule, setSchedule] = useState<ScheduleDraft>({ isScheduled: isSchedulingAtFirst, value: '' });
  const scheduledTime = fromLocalInputValue(schedule.value);
  const scheduledFor = schedule.isScheduled ? (isSchedulable(scheduledTime) ? scheduledTime : null) : undefined;
  const config = useAppConfig();
  const center = config.data?.defaultCenter ?? DEFAULT_CENTER;
  // Seats, size and wheelchair access (ADR 033): part of the quote's key, so a change re-quotes.
  const [options, setOptions] = useState<RideOptions>(DEFAULT_RIDE_OPTIONS);
  const quote = useQuote(draft.pickup.location, draft.dropoff.location, options);
  const book = useBookRide();
  const reverse = useReverseGeocode();
  const queryClient = useQueryClient();
  // Booking needs a card: none on file is said before the rider tries; a refused one after.
  const paymentMethods = usePaymentMethods();
  const [refusedFor, setRefusedFor] = useState<PaymentProblem | null>(null);
  const paymentProblem: PaymentProblem | null = paymentMethods.data?.length === 0 ? 'missing' : refusedFor;
  const [chosenPickTarget, setChosenPickTarget] = useState<StopKind | null>(null);
  const [isPicking, setIsPicking] = useState(false);
  // One Idempotency-Key per booking attempt (per quote), reused if the same attempt is retried.
  const attempt = useRef<{ quoteId: string; key: string } | null>(null);

  const pickTarget: StopKind = chosenPickTarget ?? (draft.pickup.location ? 'dropoff' : 'pickup');

  const setStop = (kind: StopKind, stop: TripStop) => onDraftChange((current) => ({ ...current, [kind]: stop }));

  async function pickOnMap(kind: StopKind, point: LatLng) {
    setIsPicking(true);
    const found = await reverse(point).catch(() => null);
    setIsPicking(false);
    const address = found?.address ?? t('trip.pinnedLocation', { lat: point.lat.toFixed(5), lng: point.lng.toFixed(5) });
    setStop(kind, stopAt({ ...point, address }));
    // The next click goes to whichever pin is still missing.
    setChosenPickTarget(null);
  }

  // mutateAsync: the view is replaced by 'Your Ride' as soon as the ride is in the cache, and the
  // toast and hand-over must still happen after that.
  async function requestRide() {
    onRequesting?.();
    const { location: pickupLocation } = draft.pickup;
    const { location: dropoffLocation } = draft.dropoff;
    const fare = quote.data;
    if (!pickupLocation || !dropoffLocation || !fare || scheduledFor === null) return;
    if (attempt.current?.quoteId !== fare.quoteId) attempt.current = { quoteId: fare.quoteId, key: newIdempotencyKey() };
    setRefusedFor(null);
    try {
      const ride = await book.mutateAsync({
        pickupLocation,
        dropoffLocation,
        ...options,
        ...(scheduledFor ? { scheduledAt: scheduledFor.toISOString() } : {}),
        quoteId: fare.quoteId,
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      if (ride.status === 'scheduled' && ride.scheduledAt) {
        // Nothing to follow yet: the rides list shows it with its time and a Cancel.
        toast({
          title: t('toasts.scheduledTitle'),
          description: t('toasts.scheduledDescription', { time: format.dateTime(ride.scheduledAt) }),
          variant: 'success',
        });
        navigate(dashboardHref('rides'));
        return;
      }
      toast({ title: t('toasts.requestedTitle'), description: t('toasts.requestedDescription'), variant: 'success' });
      onBooked(ride);
    } catch (error) {
      const problem = paymentProblemOf(error);
      if (problem) {
        // A refused booking can be tried again (another card, or the same one): a new attempt, a new key.
        attempt.current = null;
        setRefusedFor(problem);
        void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey });
        // The server keeps the refused request as a cancelled ride.
        void queryClient.invalidateQueries({ queryKey: ['/api/rides'], exact: true });
        // Said once, beside Request Ride, with the way to Payments (an alert, so no toast as well).
        return;
      }
      toast({ title: t('errors.bookingTitle'), description: bookingErrorMessage(error, t('errors.bookingDescription')), variant: 'destructive' });
    }
  }

  return (
    // Phones, map first (ADR 038): the map, the form, the request bar (sticky at the bottom of the
    // screen, so the price and Request are in view at once), then live updates and the breakdown. Wide screens: form and price on the start side, the map
    // and live updates on the end side.
    <div className="grid gap-4 lg:grid-cols-5 lg:items-start lg:gap-6">
      <div className="lg:col-span-3 lg:col-start-3 lg:row-start-1">
        <TripMapCard
          tileUrl={config.isError ? '' : (config.data?.mapTileUrl ?? null)}
          center={center}
          pickup={draft.pickup.location}
          dropoff={draft.dropoff.location}
          pickTarget={pickTarget}
          onPickTargetChange={setChosenPickTarget}
          onPick={(kind, point) => void pickOnMap(kind, point)}
          isPicking={isPicking}
        />
      </div>
      <TripForm
        className="lg:col-span-2 lg:col-start-1 lg:row-start-1"
        barClassName="lg:col-span-2 lg:col-start-1 lg:row-start-2"
        draft={draft}
        onStopChange={setStop}
        onSwap={() => onDraftChange((current) => ({ pickup: current.dropoff, dropoff: current.pickup }))}
        quote={quote}
        onRequest={() => void requestRide()}
        isRequesting={book.isPending}
        paymentProblem={paymentProblem}
        isPaymentRefused={refusedFor !== null}
        options={
          <>
            <RideOptionsFields options={options} onChange={setOptions} />
            <ScheduleField draft={schedule} onChange={setSchedule} />
          </>
        }
        scheduledFor={scheduledFor}
        center={center}
        defaultCard={paymentMethods.data?.find((card) => card.isDefault) ?? paymentMethods.data?.[0]}
      />
      <div className="lg:col-span-3 lg:col-start-3 lg:row-start-2">
        <LiveUpdatesCard point={draft.pickup.location ?? (config.isPending ? null : center)} isPickup={draft.pickup.location !== null} />
      </div>
      <div className="lg:col-span-2">
        <FareCard quote={draft.pickup.location && draft.dropoff.location ? quote.data : undefined} FareNote={FareNote} />
      </div>
    </div>
  );
}

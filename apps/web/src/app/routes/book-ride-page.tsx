import type { Ride } from '@coride/domain';
import type { QueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { buttonVariants } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { ChatLauncher } from '@/features/assistant/chat-launcher';
import { VoiceLauncher } from '@/features/assistant/voice-launcher';
import { getToken } from '@/lib/api';
import { hasBookingPrefill, parseBookingSearch } from '@/lib/booking-href';
import { preloadNamespaces } from '@/lib/i18n';
import { useHasPainted } from '@/lib/use-has-painted';
import { BookingView } from '@/features/booking/components/booking-view';
import { RewardsLine } from '@/features/rewards/rewards-line';
import { activeRideQueryOptions } from '@/features/booking/api/get-active-ride';
import { useCurrentRide } from '@/features/booking/hooks/use-current-ride';
import { emptyStop, stopAt, type TripDraft } from '@/features/booking/trip';

/*
 * A ride's views (the tracker with its PIN, sharing, messages and SOS; the completed and cancelled
 * views) are their own chunk: /ride opens on the booking form, and its first load carries only that
 * (bench/web.ts's budget). The chunk is fetched once the rider has a ride, or asks for one.
 */
const loadRideViews = () => import('@/features/booking/components/ride/ride-views');
const RideTracker = lazy(() => loadRideViews().then((views) => ({ default: views.RideTracker })));
const RideCompletedView = lazy(() => loadRideViews().then((views) => ({ default: views.RideCompletedView })));
const RideCancelledView = lazy(() => loadRideViews().then((views) => ({ default: views.RideCancelledView })));

// The page's texts (the account menu's included) start downloading with its code, not after the session check.
preloadNamespaces(['booking', 'auth']);

/**
 * Opened at /ride: the rider's active ride is asked for while the session is still being checked
 * (routes/book-ride-route calls this with the page's code), one round trip less before the form or the
 * ride shows.
 */
export function prefetchBookRide(queryClient: QueryClient): void {
  if (getToken() !== null) void queryClient.prefetchQuery(activeRideQueryOptions());
}

function draftFrom(search: string): TripDraft {
  const { pickup, dropoff } = parseBookingSearch(search);
  return { pickup: stopAt(pickup), dropoff: stopAt(dropoff) };
}

/**
 * /ride: set a trip and request it, then 'Your Ride' follows it live (also after a reload, since
 * the active ride is read from the server) until it is completed and rated, or ends otherwise.
 * Rebook and favorites open it with places filled in from the query string.
 */
export function BookRidePage() {
  const { t } = useTranslation('booking');
  const current = useCurrentRide();
  const search = useSearch();
  const [path, navigate] = useLocation();
  const [draft, setDraft] = useState<TripDraft>(() => draftFrom(search));
  // "Schedule Ride" opens /ride?schedule=1: the date and time picker is open at first (ADR 034).
  const [isSchedulingAtFirst] = useState(() => new URLSearchParams(search).get('schedule') === '1');
  // The heading and its subtitle (the largest text a phone shows first) paint before the form, the
  // map and the ride views, whose first render is a long task on a phone's CPU (docs/decisions/023).
  const hasPainted = useHasPainted();

  // The prefill is read once; the address bar goes back to plain /ride so a reload starts clean.
  useEffect(() => {
    if (hasBookingPrefill(search)) navigate(path, { replace: true });
  }, [search, path, navigate]);

  const ride = current.ride;
  const backLink = (
    <Link href="/dashboard" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <ArrowLeftIcon aria-hidden className="rtl:rotate-180" />
      {t('backToDashboard')}
    </Link>
  );

  function startOver() {
    setDraft({ pickup: emptyStop, dropoff: emptyStop });
    current.dismiss();
  }

  function changeTrip(ended: Ride) {
    setDraft({ pickup: stopAt(ended.pickupLocation), dropoff: stopAt(ended.dropoffLocation) });
    current.dismiss();
  }

  let content;
  if (!hasPainted) content = <LoadingState label={t('loadingRide')} />;
  else if (current.isLoading) content = <LoadingState label={t('loadingRide')} />;
  else if (current.error && !ride) content = <ErrorState title={t('loadRideFailed')} error={current.error} onRetry={current.refetch} />;
  else if (!ride)
    content = (
      <BookingView
        draft={draft}
        onDraftChange={setDraft}
        onBooked={current.track}
        onRequesting={() => void loadRideViews()}
        FareNote={RewardsLine}
        isSchedulingAtFirst={isSchedulingAtFirst}
      />
    );
  else if (ride.status === 'completed') content = <RideCompletedView ride={ride} onBookAnother={startOver} />;
  else if (ride.status === 'cancelled') content = <RideCancelledView ride={ride} onRebooked={current.track} onChangeTrip={() => changeTrip(ride)} />;
  else content = <RideTracker ride={ride} onCancelled={current.dismiss} />;

  return (
    <DashboardShell title={ride ? t('ride.title') : t('title')} subtitle={ride ? t('ride.subtitle') : t('subtitle')} actions={backLink}>
      <Suspense fallback={<LoadingState label={t('loadingRide')} />}>{content}</Suspense>
      <ChatLauncher />
      <VoiceLauncher />
    </DashboardShell>
  );
}

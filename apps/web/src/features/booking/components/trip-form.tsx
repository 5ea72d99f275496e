import type { LatLng, Location, PaymentMethod, QuoteResponse } from '@coride/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  AlertCircleIcon,
  ArrowDownUpIcon,
  CarIcon,
  CircleDotIcon,
  ClockIcon,
  CreditCardIcon,
  CrosshairIcon,
  MapPinIcon,
  MapPinOffIcon,
  RotateCwIcon,
  RouteIcon,
  TimerIcon,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { dashboardHref } from '@/lib/dashboard-href';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCurrentPosition } from '@/lib/geolocation';
import { useAvailability } from '../api/get-availability';
import { useReverseGeocode } from '../api/reverse-geocode';
import { useSearchAddresses } from '@/api/search-addresses';
import type { PaymentProblem } from '../payment-problem';
import { stopAt, type StopKind, type TripDraft, type TripStop } from '../trip';
import { AddressCombobox, type AddressComboboxMessages } from '@/components/address-combobox';
import { QuickPlaces } from './quick-places';

type TripFormProps = {
  draft: TripDraft;
  onStopChange: (kind: StopKind, stop: TripStop) => void;
  onSwap: () => void;
  quote: UseQueryResult<QuoteResponse, Error>;
  onRequest: () => void;
  isRequesting: boolean;
  /** No card on file (Request Ride waits for one), or the card was just declined. */
  paymentProblem: PaymentProblem | null;
  /** The problem is the answer to pressing Request Ride (announced at once), not known beforehand. */
  isPaymentRefused: boolean;
  /** The trip's options (seats, size, wheelchair access; ADR 033), under the places. */
  options?: ReactNode;
  /**
   * Booking for later (ADR 034): undefined books now; a date schedules the ride for then; null is a
   * time still missing or out of range, and Request waits for it.
   */
  scheduledFor?: Date | null;
  /** Where suggestions are ranked around and the pickup ETA is asked for until a pickup is set: the map centre. */
  center: LatLng;
  /** The card the ride is charged to, shown beside Request (undefined while loading or with none). */
  defaultCard?: PaymentMethod | undefined;
  /** Grid placement of the form's card and of the request bar (two items of the booking view's grid). */
  className?: string;
  barClassName?: string;
};

/** From and To, one-tap places, the trip estimate, and Request Ride at the server's upfront price. */
export function TripForm({
  draft,
  onStopChange,
  onSwap,
  quote,
  onRequest,
  isRequesting,
  paymentProblem,
  isPaymentRefused,
  options,
  scheduledFor,
  center,
  defaultCard,
  className,
  barClassName,
}: TripFormProps) {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  const ids = { form: useId(), from: useId(), to: useId(), status: useId(), summary: useId() };
  const search = useSearchAddresses();
  const reverse = useReverseGeocode();
  const { isLocating, locate } = useCurrentPosition();
  const { pickup, dropoff } = draft;
  const hasBothPlaces = pickup.location !== null && dropoff.location !== null;
  const fare = hasBothPlaces ? quote.data : undefined;
  const canRequest = fare !== undefined && paymentProblem !== 'missing' && scheduledFor !== null;

  // Before the rider types anything, nothing is called missing or wrong.
  const hasTyped = pickup.text.trim() !== '' || dropoff.text.trim() !== '';

  const messages: AddressComboboxMessages = {
    searching: t('trip.searching'),
    suggestions: (count) => t('trip.suggestions', { count }),
    listLabel: t('trip.suggestionsLabel'),
  };
  const addressProps = (kind: StopKind) => ({
    value: draft[kind].text,
    isResolved: draft[kind].location !== null,
    onValueChange: (text: string) => onStopChange(kind, { text, location: null }),
    onResolved: (location: Location) => onStopChange(kind, stopAt(location)),
    // Ranked around the other end of the trip when it is set, else the map centre.
    near: draft[kind === 'pickup' ? 'dropoff' : 'pickup'].location ?? center,
    search,
    onNotFound: () => toast({ title: t('errors.addressTitle'), description: t('errors.addressDescription'), variant: 'destructive' }),
    onSearchError: (error: unknown) =>
      toast({ title: t('errors.addressTitle'), description: error instanceof Error ? error.message : t('errors.addressDescription'), variant: 'destructive' }),
    messages,
  });

  async function fillWithCurrentLocation() {
    const position = await locate();
    if (!position) {
      toast({ title: t('errors.locationTitle'), description: t('errors.locationDescription'), variant: 'destructive' });
      return;
    }
    const point = { lat: position.lat, lng: position.lng };
    const found = await reverse(point).catch(() => null);
    // The geocoder's place name; never the raw coordinates, even when it knows none.
    const address = found?.address ?? t('trip.currentLocation');
    onStopChange('pickup', stopAt({ ...point, address }));
  }

  return (
    <>
      <div className={className}>
        <Card>
          <CardHeader className="pb-3 max-lg:pt-4">
            <CardTitle as="h2">{t('trip.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <form
              id={ids.form}
              className="space-y-4"
              onSubmit={(event) => {
                event.preventDefault();
                if (canRequest && !isRequesting) onRequest();
              }}
              noValidate
            >
              <div className="space-y-2">
                <Label htmlFor={ids.from}>{t('trip.from')}</Label>
                <AddressCombobox
                  id={ids.from}
                  {...addressProps('pickup')}
                  icon={<CircleDotIcon className="size-4 text-primary" aria-hidden />}
                  placeholder={t('trip.fromPlaceholder')}
                  data-testid="pickup-input"
                />
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="-ms-2 text-primary"
                    onClick={() => void fillWithCurrentLocation()}
                    disabled={isLocating}
                    data-testid="use-current-location"
                  >
                    {isLocating ? <Spinner label={t('trip.locating')} /> : <CrosshairIcon aria-hidden />}
                    {isLocating ? null : t('trip.useCurrentLocation')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={onSwap}
                    disabled={!pickup.text && !dropoff.text}
                    aria-label={t('trip.swap')}
                    title={t('trip.swap')}
                  >
                    <ArrowDownUpIcon aria-hidden />
                  </Button>
                </div>
              </div>

              <div className="space-y-2">
                <Label htmlFor={ids.to}>{t('trip.to')}</Label>
                <AddressCombobox
                  id={ids.to}
                  {...addressProps('dropoff')}
                  icon={<MapPinIcon className="size-4 text-destructive" aria-hidden />}
                  placeholder={t('trip.toPlaceholder')}
                  data-testid="dropoff-input"
                />
                <QuickPlaces pickup={pickup.location} onChoose={(location) => onStopChange('dropoff', stopAt(location))} />
              </div>

              {options}

              <section aria-labelledby={ids.summary} data-testid="trip-summary">
                <h3 id={ids.summary} className="sr-only">
                  {t('summary.heading')}
                </h3>
                <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                  <SummaryItem icon={<RouteIcon className="size-3.5" aria-hidden />} label={t('summary.distance')}>
                    {fare ? t('summary.distanceValue', { value: format.number(fare.distance, { maximumFractionDigits: 1 }) }) : null}
                  </SummaryItem>
                  <SummaryItem icon={<ClockIcon className="size-3.5" aria-hidden />} label={t('summary.time')}>
                    {fare ? t('summary.timeValue', { value: format.number(fare.duration) }) : null}
                  </SummaryItem>
                </dl>
              </section>
              {paymentProblem ? <PaymentNotice problem={paymentProblem} isRefusal={isPaymentRefused} /> : null}
            </form>
          </CardContent>
        </Card>
      </div>
      {/* Phones: the pickup ETA, the card and Request with the price stay in view at the bottom of the
        screen (sticky in the booking view's grid, ADR 038); wide screens: under the form. */}
      <div
        className={cn(
          'sticky bottom-0 z-20 -mx-4 space-y-2 border-t bg-background/95 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur lg:static lg:mx-0 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none',
          barClassName,
        )}
        data-testid="request-bar"
      >
        <RequestFacts point={pickup.location ?? center} card={defaultCard} />
        <Button
          type="submit"
          form={ids.form}
          size="lg"
          className="w-full"
          disabled={!canRequest || isRequesting}
          aria-describedby={ids.status}
          data-testid="request-ride"
        >
          {isRequesting ? <Spinner /> : <CarIcon aria-hidden />}
          {isRequesting
            ? t('request.requesting')
            : fare && scheduledFor
              ? t('schedule.buttonWithTotal', { total: format.money(fare.totalFare) })
              : fare
                ? t('request.buttonWithTotal', { total: format.money(fare.totalFare) })
                : t('request.button')}
        </Button>
        <div id={ids.status} aria-live="polite">
          <QuoteStatus hasBothPlaces={hasBothPlaces} hasTyped={hasTyped} quote={quote} />
        </div>
      </div>
    </>
  );
}

function SummaryItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-1.5">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="font-semibold tabular-nums">{children ?? <span aria-hidden>—</span>}</dd>
    </div>
  );
}

const brandNames: Record<PaymentMethod['brand'], string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'Amex', discover: 'Discover', card: '' };

/** Beside Request: how soon the nearest driver could be at the pickup, and the card that pays. */
function RequestFacts({ point, card }: { point: LatLng; card: PaymentMethod | undefined }) {
  const { t } = useTranslation('booking');
  const availability = useAvailability(point);
  const eta = availability.data?.isServed ? availability.data.pickupEtaMinutes : undefined;
  const brand = card ? brandNames[card.brand] || t('request.cardGeneric') : '';
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span className="flex items-center gap-1.5" data-testid="pickup-eta">
        <TimerIcon className="size-4 shrink-0" aria-hidden />
        {eta === undefined ? <span aria-hidden>—</span> : eta === null ? t('request.noEta') : t('request.eta', { minutes: eta })}
      </span>
      {card ? (
        <span className="flex items-center gap-1.5" data-testid="default-card">
          <CreditCardIcon className="size-4 shrink-0" aria-hidden />
          <span aria-hidden>{`${brand} •••• ${card.lastFour}`}</span>
          <span className="sr-only">{t('request.cardLabel', { brand, lastFour: card.lastFour })}</span>
        </span>
      ) : null}
    </div>
  );
}

/** Booking takes a card: none on file, or the last one tried was declined. Payments is one link away. */
function PaymentNotice({ problem, isRefusal }: { problem: PaymentProblem; isRefusal: boolean }) {
  const { t } = useTranslation('booking');
  return (
    <div
      role={isRefusal ? 'alert' : 'status'}
      className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
      data-testid={`payment-${problem}`}
    >
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div className="space-y-2">
        <p className="font-semibold text-destructive">{t(`payment.${problem}Title`)}</p>
        <p>{t(`payment.${problem}Description`)}</p>
        <Link href={dashboardHref('payments')} className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="go-to-payments">
          {t('payment.goToPayments')}
        </Link>
      </div>
    </div>
  );
}

/** Why Request Ride is not available yet, or what the price is based on. */
function QuoteStatus({ hasBothPlaces, hasTyped, quote }: { hasBothPlaces: boolean; hasTyped: boolean; quote: UseQueryResult<QuoteResponse, Error> }) {
  const { t } = useTranslation('booking');
  if (!hasBothPlaces && !hasTyped) return null;
  if (!hasBothPlaces) {
    return (
      <p className="flex gap-2 text-sm text-muted-foreground" data-testid="missing-information">
        <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{t('request.missing')}</span>
      </p>
    );
  }
  if (quote.isPending) {
    return (
      <p className="text-sm text-muted-foreground">
        <Spinner label={t('quote.loading')} />
      </p>
    );
  }
  if (quote.isError) {
    const error = quote.error;
    const isBusinessRule = error instanceof ApiRequestError && error.status === 422;
    const isNotServed = isBusinessRule && 'pickupLocation' in error.fields;
    const hasNoFittingVehicle = error instanceof ApiRequestError && error.code === 'NO_FITTING_VEHICLE';
    return (
      <div
        role="alert"
        className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
        data-testid={isNotServed ? 'not-served' : 'quote-error'}
      >
        {isNotServed ? (
          <MapPinOffIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        ) : (
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        )}
        <div className="space-y-1">
          <p className="font-semibold text-destructive">
            {isNotServed ? t('quote.notServedTitle') : hasNoFittingVehicle ? t('options.noFitTitle') : t('quote.failedTitle')}
          </p>
          <p>{hasNoFittingVehicle ? t('options.noFitDescription') : error.message}</p>
          {isBusinessRule ? null : (
            <Button variant="outline" size="sm" className="mt-1" onClick={() => void quote.refetch()}>
              <RotateCwIcon aria-hidden />
              {t('quote.retry')}
            </Button>
          )}
        </div>
      </div>
    );
  }
  // On a phone the bar stays small: what the price is based on is for screen readers there.
  return <p className="text-sm text-muted-foreground max-lg:sr-only">{t('quote.ready', { territory: quote.data.territoryName })}</p>;
}

import type { Location, QuoteResponse } from '@coride/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  AlertCircleIcon,
  ArrowDownUpIcon,
  CarIcon,
  CircleDotIcon,
  ClockIcon,
  CrosshairIcon,
  MapPinIcon,
  MapPinOffIcon,
  RotateCwIcon,
  RouteIcon,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AddressInput, type AddressInputMessages } from '@/components/address-input';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { dashboardHref } from '@/lib/dashboard-href';
import { useFormatters } from '@/lib/format';
import { useCurrentPosition } from '@/lib/geolocation';
import { useReverseGeocode } from '../api/reverse-geocode';
import { useSearchAddresses } from '@/api/search-addresses';
import type { PaymentProblem } from '../payment-problem';
import { stopAt, type StopKind, type TripDraft, type TripStop } from '../trip';
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
}: TripFormProps) {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  const ids = { from: useId(), to: useId(), status: useId(), summary: useId() };
  const search = useSearchAddresses();
  const reverse = useReverseGeocode();
  const { isLocating, locate } = useCurrentPosition();
  const { pickup, dropoff } = draft;
  const hasBothPlaces = pickup.location !== null && dropoff.location !== null;
  const fare = hasBothPlaces ? quote.data : undefined;
  const canRequest = fare !== undefined && paymentProblem !== 'missing' && scheduledFor !== null;

  const messages: AddressInputMessages = {
    searching: t('trip.searching'),
    suggestions: (count) => t('trip.suggestions', { count }),
    listLabel: t('trip.suggestionsLabel'),
  };
  const addressProps = (kind: StopKind) => ({
    value: draft[kind].text,
    isResolved: draft[kind].location !== null,
    onValueChange: (text: string) => onStopChange(kind, { text, location: null }),
    onResolved: (location: Location) => onStopChange(kind, stopAt(location)),
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
    const address = found?.address ?? t('trip.currentLocationValue', { lat: point.lat.toFixed(5), lng: point.lng.toFixed(5) });
    onStopChange('pickup', stopAt({ ...point, address }));
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('trip.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (canRequest && !isRequesting) onRequest();
          }}
          noValidate
        >
          <div className="space-y-2">
            <Label htmlFor={ids.from}>{t('trip.from')}</Label>
            <AddressInput
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
              <Button variant="ghost" size="sm" onClick={onSwap} disabled={!pickup.text && !dropoff.text} aria-label={t('trip.swap')} title={t('trip.swap')}>
                <ArrowDownUpIcon aria-hidden />
              </Button>
            </div>
          </div>

          <div className="space-y-2">
            <Label htmlFor={ids.to}>{t('trip.to')}</Label>
            <AddressInput
              id={ids.to}
              {...addressProps('dropoff')}
              icon={<MapPinIcon className="size-4 text-destructive" aria-hidden />}
              placeholder={t('trip.toPlaceholder')}
              data-testid="dropoff-input"
            />
            <QuickPlaces pickup={pickup.location} onChoose={(location) => onStopChange('dropoff', stopAt(location))} />
          </div>

          {options}

          <section aria-labelledby={ids.summary} className="rounded-lg bg-muted p-4" data-testid="trip-summary">
            <h3 id={ids.summary} className="sr-only">
              {t('summary.heading')}
            </h3>
            <dl className="grid grid-cols-2 gap-4">
              <SummaryItem icon={<RouteIcon className="size-3.5" aria-hidden />} label={t('summary.distance')}>
                {fare ? t('summary.distanceValue', { value: format.number(fare.distance, { maximumFractionDigits: 1 }) }) : null}
              </SummaryItem>
              <SummaryItem icon={<ClockIcon className="size-3.5" aria-hidden />} label={t('summary.time')}>
                {fare ? t('summary.timeValue', { value: format.number(fare.duration) }) : null}
              </SummaryItem>
            </dl>
          </section>

          <div className="space-y-3">
            {paymentProblem ? <PaymentNotice problem={paymentProblem} isRefusal={isPaymentRefused} /> : null}
            <Button type="submit" size="lg" className="w-full" disabled={!canRequest || isRequesting} aria-describedby={ids.status} data-testid="request-ride">
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
              <QuoteStatus hasBothPlaces={hasBothPlaces} quote={quote} />
            </div>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SummaryItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{children ?? <span aria-hidden>—</span>}</dd>
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
function QuoteStatus({ hasBothPlaces, quote }: { hasBothPlaces: boolean; quote: UseQueryResult<QuoteResponse, Error> }) {
  const { t } = useTranslation('booking');
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
  return <p className="text-sm text-muted-foreground">{t('quote.ready', { territory: quote.data.territoryName })}</p>;
}

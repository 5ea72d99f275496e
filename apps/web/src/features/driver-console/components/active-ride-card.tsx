import type { LatLng, Ride } from '@coride/domain';
import { BanIcon, FlagIcon, Loader2Icon, MapPinCheckIcon, PlayIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/ui/action-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { useFormatters } from '@/lib/format';
import { useArriveAtPickup } from '../api/use-arrive-at-pickup';
import { useCancelRide } from '../api/use-cancel-ride';
import { useCompleteRide } from '../api/use-complete-ride';
import { useStartRide } from '../api/use-start-ride';
import { driverEarningOf } from '../earnings';
import { nextStopKind } from '../navigation-link';
import { showErrorToast } from '../show-error-toast';
import { LazyDriverMap } from './lazy-driver-map';
import { RidePinField } from './ride-pin-field';
import { SosControl } from '@/components/safety/sos-control';
import { RiderContact } from './rider-contact';
import { RouteSummary } from './route-summary';

export const ACTIVE_RIDE_HEADING_ID = 'active-ride-heading';

/** The domain's limit on a cancellation reason. */
const REASON_MAX_LENGTH = 300;

/** The ride under way: accepted (drive to the pickup, I've arrived, Start or Cancel) or in progress (Complete). */
export function ActiveRideCard({ ride, position = null }: { ride: Ride; position?: LatLng | null }) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  const start = useStartRide();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const complete = useCompleteRide();
  const arrive = useArriveAtPickup();
  const isAccepted = ride.status === 'accepted';
  const hasArrived = isAccepted && ride.arrivedAt !== null;
  const isBusy = start.isPending || complete.isPending || arrive.isPending;
  // Start is replaced by Complete: keep the keyboard on the next step instead of losing focus.
  const completeRef = useRef<HTMLButtonElement>(null);
  const shouldFocusComplete = useRef(false);
  useEffect(() => {
    if (ride.status !== 'in_progress' || !shouldFocusComplete.current) return;
    shouldFocusComplete.current = false;
    completeRef.current?.focus();
  }, [ride.status]);

  // mutateAsync rather than mutate callbacks: completing unmounts this card before they would run.
  async function handleStart() {
    try {
      shouldFocusComplete.current = true;
      await start.mutateAsync({ rideId: ride.id, pin });
      toast({ title: t('toasts.startedTitle'), description: t('toasts.startedBody', { dropoff: ride.dropoffLocation.address }), variant: 'success' });
    } catch (error) {
      shouldFocusComplete.current = false;
      if (error instanceof ApiRequestError && (error.code === 'WRONG_PIN' || error.code === 'PIN_LOCKED')) {
        const triesLeft = Number(error.fields.triesLeft ?? 0);
        setPinError(error.code === 'PIN_LOCKED' ? t('pin.locked') : t('pin.wrong', { count: triesLeft }));
        return;
      }
      showErrorToast(t('toasts.errorTitle'), t('errors.startRide'), error);
    }
  }

  async function handleArrive() {
    try {
      await arrive.mutateAsync(ride.id);
      toast({ title: t('toasts.arrivedTitle'), description: t('toasts.arrivedBody', { name: ride.rider.firstName }), variant: 'success' });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'TOO_FAR_FROM_PICKUP') {
        toast({ title: t('errors.arrive'), description: t('errors.tooFarFromPickup'), variant: 'destructive' });
        return;
      }
      showErrorToast(t('toasts.errorTitle'), t('errors.arrive'), error);
    }
  }

  async function handleComplete() {
    try {
      const done = await complete.mutateAsync(ride.id);
      toast({
        title: t('toasts.completedTitle'),
        description: t('toasts.completedBody', { earning: format.money(driverEarningOf(done)) }),
        variant: 'success',
      });
    } catch (error) {
      showErrorToast(t('toasts.errorTitle'), t('errors.completeRide'), error);
    }
  }

  return (
    <Card className="border-2 border-primary shadow-md" data-testid="active-ride-card" data-status={ride.status}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" id={ACTIVE_RIDE_HEADING_ID} tabIndex={-1} className="outline-none">
            {t('activeRide.title')}
          </CardTitle>
          <Badge variant={isAccepted ? 'secondary' : 'success'} data-testid="active-ride-status">
            {hasArrived ? t('activeRide.status.arrived') : t(`activeRide.status.${ride.status}`, { defaultValue: ride.status })}
          </Badge>
        </div>
        <CardDescription>
          {hasArrived
            ? t('activeRide.waitAtPickup', { name: ride.rider.firstName })
            : isAccepted
              ? t('activeRide.headToPickup', { name: ride.rider.firstName })
              : t('activeRide.onTrip', { name: ride.rider.firstName })}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm">
          <span className="text-muted-foreground">{t('activeRide.rider')}: </span>
          <span className="font-semibold" data-testid="active-ride-rider">
            {ride.rider.firstName}
          </span>
        </p>
        <RiderContact ride={ride} />
        <SosControl rideId={ride.id} status={ride.status} lastKnownLocation={ride.driver?.currentLocation} />
        <RouteSummary pickup={ride.pickupLocation} dropoff={ride.dropoffLocation} />
        {/* The driver's map and Navigate to the next stop (ADR 035). */}
        <LazyDriverMap
          pickup={ride.pickupLocation}
          dropoff={ride.dropoffLocation}
          position={position ?? ride.driver?.currentLocation ?? null}
          nextStop={nextStopKind(ride.status)}
        />
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">{t('requests.tripDistance')}</dt>
            <dd className="font-medium tabular-nums">{t('units.miles', { value: format.number(ride.distance, { maximumFractionDigits: 1 }) })}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('requests.tripTime')}</dt>
            <dd className="font-medium tabular-nums">{t('units.minutes', { value: format.number(ride.duration) })}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('activeRide.earning')}</dt>
            <dd className="font-medium tabular-nums">{format.money(driverEarningOf(ride))}</dd>
          </div>
          {ride.etaMinutes !== null ? (
            <div>
              <dt className="text-muted-foreground">{isAccepted ? t('activeRide.etaPickup') : t('activeRide.etaDropoff')}</dt>
              <dd className="font-medium tabular-nums">{t('units.minutes', { value: format.number(ride.etaMinutes) })}</dd>
            </div>
          ) : null}
        </dl>
        {isAccepted ? (
          <RidePinField
            value={pin}
            onChange={(next) => {
              setPin(next);
              setPinError(null);
            }}
            error={pinError}
          />
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {isAccepted ? (
            <>
              <CancelRideDialog ride={ride} isDisabled={isBusy} />
              {hasArrived ? null : (
                <ActionButton
                  size="lg"
                  variant="secondary"
                  onClick={() => void handleArrive()}
                  isUnavailable={isBusy}
                  isPending={arrive.isPending}
                  data-testid="arrived-at-pickup"
                >
                  {arrive.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <MapPinCheckIcon aria-hidden />}
                  {arrive.isPending ? t('activeRide.arriving') : t('activeRide.arrive')}
                </ActionButton>
              )}
              <ActionButton size="lg" onClick={() => void handleStart()} isUnavailable={isBusy} isPending={start.isPending} data-testid="start-ride">
                {start.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <PlayIcon aria-hidden className="rtl:-scale-x-100" />}
                {start.isPending ? t('activeRide.starting') : t('activeRide.start')}
              </ActionButton>
            </>
          ) : (
            <ActionButton
              ref={completeRef}
              size="lg"
              onClick={() => void handleComplete()}
              isUnavailable={isBusy}
              isPending={complete.isPending}
              data-testid="complete-ride"
            >
              {complete.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <FlagIcon aria-hidden />}
              {complete.isPending ? t('activeRide.completing') : t('activeRide.complete')}
            </ActionButton>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function CancelRideDialog({ ride, isDisabled }: { ride: Ride; isDisabled: boolean }) {
  const { t } = useTranslation('driver');
  const cancel = useCancelRide();
  const reasonId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');

  async function confirm() {
    const trimmed = reason.trim();
    try {
      await cancel.mutateAsync({ rideId: ride.id, ...(trimmed ? { reason: trimmed } : {}) });
      toast({ title: t('toasts.cancelledTitle'), description: t('toasts.cancelledByYou', { name: ride.rider.firstName }) });
    } catch (error) {
      showErrorToast(t('toasts.errorTitle'), t('errors.cancelRide'), error);
    }
  }

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="lg" className="text-destructive" disabled={isDisabled} data-testid="cancel-ride">
          <BanIcon aria-hidden />
          {t('activeRide.cancel')}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="cancel-ride-dialog">
        <DialogHeader className="pe-6">
          <DialogTitle>{t('cancelDialog.title')}</DialogTitle>
          <DialogDescription>{t('cancelDialog.description', { name: ride.rider.firstName })}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={reasonId}>{t('cancelDialog.reasonLabel')}</Label>
          <Textarea
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={REASON_MAX_LENGTH}
            rows={3}
            aria-describedby={`${reasonId}-hint`}
            data-testid="cancel-reason"
          />
          <p id={`${reasonId}-hint`} className="text-xs text-muted-foreground">
            {t('cancelDialog.reasonHint')}
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setIsOpen(false)} disabled={cancel.isPending}>
            {t('cancelDialog.keep')}
          </Button>
          <ActionButton variant="destructive" onClick={() => void confirm()} isPending={cancel.isPending} data-testid="confirm-cancel-ride">
            {cancel.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <BanIcon aria-hidden />}
            {cancel.isPending ? t('cancelDialog.cancelling') : t('cancelDialog.confirm')}
          </ActionButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

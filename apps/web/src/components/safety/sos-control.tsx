import type { LatLng } from '@coride/domain/geo';
import type { SafetyAlert } from '@coride/domain/safety';
import { canRaiseSos, EMERGENCY_NUMBER } from '@coride/domain/safety-rules';
import { useMutation } from '@tanstack/react-query';
import { Loader2Icon, PhoneIcon, SirenIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { apiRequest, ApiRequestError } from '@/lib/api';
import { useFormatters } from '@/lib/format';
import { sosPosition } from './sos-position';

/**
 * SOS on a ride under way (contract §9, ADR 032), for its rider (booking) and its driver (driver
 * console): a confirmation, then the position (the device's if the browser gives it quickly, else the
 * last known) goes to the territory's safety team and the admins, and the emergency contacts get a
 * trip link. The 911 link stays beside it at all times, whatever the ride's state or the network.
 */
export function SosControl({ rideId, status, lastKnownLocation }: { rideId: string; status: string; lastKnownLocation?: LatLng | null }) {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  const [isOpen, setIsOpen] = useState(false);
  const [alert, setAlert] = useState<SafetyAlert | null>(null);
  const [error, setError] = useState<string | null>(null);
  const raise = useMutation({
    mutationFn: async () => {
      const location = await sosPosition(lastKnownLocation);
      return apiRequest<SafetyAlert>(`/api/rides/${encodeURIComponent(rideId)}/sos`, { method: 'POST', body: location ? { location } : {} });
    },
    onSuccess: (raised) => {
      setAlert(raised);
      setError(null);
      setIsOpen(false);
    },
    onError: (cause) => setError(cause instanceof ApiRequestError && cause.code === 'RIDE_NOT_ACTIVE' ? t('sos.notActive') : t('sos.failed')),
  });
  const canRaise = canRaiseSos(status);

  return (
    <section aria-label={t('sos.regionLabel')} className="space-y-2" data-testid="sos-control">
      <div className="flex flex-wrap items-center gap-3">
        {canRaise ? (
          <ConfirmDialog
            open={isOpen}
            onOpenChange={(open) => {
              setIsOpen(open);
              if (open) setError(null);
            }}
            trigger={
              <Button variant="destructive" className="font-semibold" data-testid="sos-button">
                <SirenIcon aria-hidden />
                {alert ? t('sos.again') : t('sos.button')}
              </Button>
            }
            title={t('sos.confirmTitle')}
            description={
              <>
                {t('sos.confirmBody')}
                {error ? (
                  <span role="alert" className="mt-3 block font-medium text-destructive" data-testid="sos-error">
                    {error}
                  </span>
                ) : null}
              </>
            }
            cancelLabel={t('sos.cancel')}
            pending={raise.isPending}
            confirm={
              <ConfirmButton
                variant="destructive"
                onClick={() => raise.mutate()}
                aria-disabled={raise.isPending || undefined}
                aria-busy={raise.isPending || undefined}
                data-testid="sos-confirm"
              >
                {raise.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <SirenIcon aria-hidden />}
                {raise.isPending ? t('sos.sending') : t('sos.confirm')}
              </ConfirmButton>
            }
            data-testid="sos-dialog"
          />
        ) : null}
        <a
          href={`tel:${EMERGENCY_NUMBER}`}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-destructive underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          data-testid="call-911"
        >
          <PhoneIcon className="size-4" aria-hidden />
          {t('sos.call', { number: EMERGENCY_NUMBER })}
        </a>
      </div>
      <p role="status" className="text-sm" data-testid="sos-status">
        {alert ? (
          <span className="font-medium">
            {t('sos.sent', { time: format.dateTime(alert.createdAt) })}{' '}
            {alert.contactsMailed > 0 ? t('sos.contactsMailed', { number: alert.contactsMailed }) : null}
          </span>
        ) : null}
      </p>
    </section>
  );
}

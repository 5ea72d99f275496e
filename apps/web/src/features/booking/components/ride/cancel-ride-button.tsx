import type { Ride } from '@coride/domain';
import { XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCancelRide } from '../../api/cancel-ride';

/** Cancel Ride, with a confirmation: losing a driver who is already on the way is not a misclick. */
export function CancelRideButton({ ride, onCancelled }: { ride: Ride; onCancelled: () => void }) {
  const { t } = useTranslation('booking');
  const cancel = useCancelRide();
  const [isOpen, setIsOpen] = useState(false);

  // mutateAsync rather than mutate's callbacks: the ride_cancelled message can arrive over the
  // WebSocket before the HTTP answer and unmount this button, and the rider must still hear back.
  async function confirm() {
    try {
      await cancel.mutateAsync({ id: ride.id });
      toast({ title: t('ride.cancel.successTitle'), description: t('ride.cancel.successDescription') });
      onCancelled();
    } catch (error) {
      toast({ title: t('ride.cancel.failed'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setIsOpen(false);
    }
  }

  return (
    <ConfirmDialog
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger={
        <Button variant="outline" className="w-full border-destructive/50 text-destructive hover:bg-destructive/5" data-testid="cancel-ride">
          <XCircleIcon aria-hidden />
          {t('ride.cancel.button')}
        </Button>
      }
      title={t('ride.cancel.title')}
      description={ride.status === 'accepted' ? t('ride.cancel.descriptionAccepted') : t('ride.cancel.description')}
      cancelLabel={t('ride.cancel.keep')}
      confirm={
        <ConfirmButton variant="destructive" onClick={() => void confirm()} disabled={cancel.isPending} data-testid="confirm-cancel-ride">
          {cancel.isPending ? <Spinner /> : null}
          {cancel.isPending ? t('ride.cancel.cancelling') : t('ride.cancel.confirm')}
        </ConfirmButton>
      }
    />
  );
}

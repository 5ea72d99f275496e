import { staffCancelRideRequestSchema, type Ride, type StaffCancelRideRequest } from '@coride/domain/rides';
import { BanIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ReasonDialogContent } from '@/components/reason-dialog';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/use-toast';

/** The domain's limits on a staff cancellation's reason, shown in the hint and enforced by the textarea. */
const REASON_MIN = staffCancelRideRequestSchema.shape.reason.minLength ?? 1;
const REASON_MAX = staffCancelRideRequestSchema.shape.reason.maxLength ?? undefined;

/** Sends the cancellation; rejects with the server's message (404 outside the territories, 409 no longer active). */
export type CancelRideHandler = (rideId: string, request: StaffCancelRideRequest) => Promise<unknown>;

/**
 * "Cancel ride" for staff: a confirmation that asks why, checked by the server's own schema. It does
 * not close on an outside click, and it stays open on a refusal with the reason still typed and the
 * server's message shown in it (a toast behind a modal dialog is hidden from screen readers). The
 * caller owns `ride`, so the dialog outlives its row when the list refreshes underneath it.
 */
export function CancelRideDialog({
  ride,
  onCancel,
  onClose,
  onCloseAutoFocus,
}: {
  ride: Ride | null;
  onCancel: CancelRideHandler;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <AlertDialog open={ride !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      {/* Keyed by ride: a new ride starts with an empty reason and no earlier error. */}
      {ride ? <CancelRideForm key={ride.id} ride={ride} onCancel={onCancel} onClose={onClose} onCloseAutoFocus={onCloseAutoFocus} /> : null}
    </AlertDialog>
  );
}

function CancelRideForm({
  ride,
  onCancel,
  onClose,
  onCloseAutoFocus,
}: {
  ride: Ride;
  onCancel: CancelRideHandler;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation('active-rides');
  const name = ride.rider.firstName;
  return (
    <ReasonDialogContent
      schema={staffCancelRideRequestSchema}
      title={t('dialog.title', { name })}
      description={t(`dialog.description.${ride.status === 'in_progress' ? 'inProgress' : 'notStarted'}`, { name })}
      reasonLabel={t('dialog.reasonLabel')}
      reasonHint={(length) => t('dialog.reasonHint', { min: REASON_MIN, max: REASON_MAX, length })}
      maxLength={REASON_MAX}
      cancelLabel={t('dialog.keep')}
      confirm={{ label: t('dialog.confirm'), pendingLabel: t('dialog.cancelling'), icon: <BanIcon aria-hidden />, variant: 'destructive' }}
      onSubmit={async (reason) => {
        await onCancel(ride.id, { reason });
        toast({ title: t('toasts.cancelledTitle'), description: t('toasts.cancelled', { name }), variant: 'success' });
        onClose();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      testIds={{ dialog: 'cancel-ride-dialog', reason: 'cancel-ride-reason', confirm: 'confirm-cancel-ride', error: 'cancel-ride-error' }}
    >
      <p className="text-sm break-words">
        <span className="font-medium">{t('dialog.route')}</span> {ride.pickupLocation.address} → {ride.dropoffLocation.address}
      </p>
    </ReasonDialogContent>
  );
}

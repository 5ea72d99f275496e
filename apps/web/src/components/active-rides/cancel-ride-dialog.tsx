import { zodResolver } from '@hookform/resolvers/zod';
import { staffCancelRideRequestSchema, type Ride, type StaffCancelRideRequest } from '@coride/domain/rides';
import { AlertCircleIcon, BanIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/ui/action-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';

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
  const reasonId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<StaffCancelRideRequest>({
    resolver: zodResolver(staffCancelRideRequestSchema),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const length = useWatch({ control: form.control, name: 'reason' }).trim().length;
  const name = ride.rider.firstName;

  const onSubmit = form.handleSubmit(async (request) => {
    setServerError(null);
    try {
      await onCancel(ride.id, request);
      toast({ title: t('toasts.cancelledTitle'), description: t('toasts.cancelled', { name }), variant: 'success' });
      onClose();
    } catch (error) {
      const fieldMessage = error instanceof ApiRequestError ? error.fields.reason : undefined;
      if (fieldMessage) form.setError('reason', { type: 'server', message: fieldMessage });
      setServerError(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <AlertDialogContent
      className="sm:max-w-lg"
      data-testid="cancel-ride-dialog"
      onOpenAutoFocus={(event) => {
        // Straight to the one thing to do: say why.
        event.preventDefault();
        form.setFocus('reason');
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      // Escape must not drop a half-sent cancellation: wait for the answer.
      onEscapeKeyDown={(event) => (isSubmitting ? event.preventDefault() : undefined)}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-busy={isSubmitting}>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('dialog.title', { name })}</AlertDialogTitle>
          <AlertDialogDescription>{t(`dialog.description.${ride.status === 'in_progress' ? 'inProgress' : 'notStarted'}`, { name })}</AlertDialogDescription>
        </AlertDialogHeader>
        <p className="text-sm break-words">
          <span className="font-medium">{t('dialog.route')}</span> {ride.pickupLocation.address} → {ride.dropoffLocation.address}
        </p>
        <FormField
          id={reasonId}
          label={t('dialog.reasonLabel')}
          hint={t('dialog.reasonHint', { min: REASON_MIN, max: REASON_MAX, length })}
          error={errors.reason?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={REASON_MAX}
              readOnly={isSubmitting}
              aria-required
              data-testid="cancel-ride-reason"
              {...form.register('reason')}
            />
          )}
        </FormField>
        {serverError ? (
          <p
            role="alert"
            className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
            data-testid="cancel-ride-error"
          >
            <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{serverError}</span>
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel type="button" onClick={(event) => (isSubmitting ? event.preventDefault() : undefined)} aria-disabled={isSubmitting || undefined}>
            {t('dialog.keep')}
          </AlertDialogCancel>
          <ActionButton type="submit" variant="destructive" isPending={isSubmitting} data-testid="confirm-cancel-ride">
            {isSubmitting ? <Spinner /> : <BanIcon aria-hidden />}
            {isSubmitting ? t('dialog.cancelling') : t('dialog.confirm')}
          </ActionButton>
        </AlertDialogFooter>
      </form>
    </AlertDialogContent>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { driverReinstateFormSchema, driverSuspendRequestSchema, type DriverSuspension } from '@coride/domain/driver-suspension';
import type { InvalidateQueryFilters } from '@tanstack/react-query';
import { AlertCircleIcon, PauseCircleIcon, PlayCircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDriverSuspension } from '@/api/driver-suspension';
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
import { Button } from '@/components/ui/button';
import { FormField, useValidationMessage } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { useFormatters } from '@/lib/format';

/** The driver a console shows, as the suspension needs it. */
export type SuspendableDriver = { id: string; name: string; suspension: DriverSuspension | null };

const REASON_MIN = driverSuspendRequestSchema.shape.reason.minLength ?? 1;
const REASON_MAX = driverSuspendRequestSchema.shape.reason.maxLength ?? undefined;
/** Reinstating takes an optional note: the same field, nothing required. */
const reinstateSchema = driverReinstateFormSchema.required();

/**
 * Suspend (with a required reason) or Reinstate (with an optional note) a driver: a button that opens a
 * confirmation saying what it does. The licensee's drivers list and the admin's users list both use it,
 * each refreshing its own queries afterwards (ADR 031).
 */
export function DriverSuspensionButton({ driver, invalidate }: { driver: SuspendableDriver; invalidate: readonly InvalidateQueryFilters[] }) {
  const { t } = useTranslation('review');
  const [isOpen, setIsOpen] = useState(false);
  const action = driver.suspension ? 'reinstate' : 'suspend';
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant={action === 'suspend' ? 'outline' : 'default'}
        className="shrink-0 self-start"
        onClick={() => setIsOpen(true)}
        aria-label={t(`suspension.${action}.label`, { name: driver.name })}
        data-testid={`${action}-driver`}
      >
        {action === 'suspend' ? <PauseCircleIcon aria-hidden /> : <PlayCircleIcon aria-hidden />}
        {t(`suspension.${action}.button`)}
      </Button>
      <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
        {isOpen ? <SuspensionForm key={action} driver={driver} action={action} invalidate={invalidate} onClose={() => setIsOpen(false)} /> : null}
      </AlertDialog>
    </>
  );
}

/** "Suspended since … by …: reason", under a suspended driver's name. */
export function SuspensionNote({ suspension }: { suspension: DriverSuspension }) {
  const { t } = useTranslation('review');
  const format = useFormatters();
  const date = format.date(suspension.at);
  return (
    <p className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm break-words" data-testid="driver-suspension-note">
      {suspension.by
        ? t('suspension.noteBy', { date, name: suspension.by.name, role: t(`suspension.roles.${suspension.by.role}`) })
        : t('suspension.note', { date })}{' '}
      <span className="font-medium">{suspension.reason}</span>
    </p>
  );
}

function SuspensionForm({
  driver,
  action,
  invalidate,
  onClose,
}: {
  driver: SuspendableDriver;
  action: 'suspend' | 'reinstate';
  invalidate: readonly InvalidateQueryFilters[];
  onClose: () => void;
}) {
  const { t } = useTranslation('review');
  const validation = useValidationMessage();
  const reasonId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const change = useDriverSuspension(invalidate);
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(action === 'suspend' ? driverSuspendRequestSchema : reinstateSchema),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const length = useWatch({ control: form.control, name: 'reason' }).trim().length;

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setServerError(null);
    try {
      await change.mutateAsync({ driverId: driver.id, action, reason });
      toast({ title: t(`suspension.${action}.done`, { name: driver.name }), variant: 'success' });
      onClose();
    } catch (error) {
      setServerError(error instanceof Error ? error.message : String(error));
      if (error instanceof ApiRequestError && error.fields.reason) form.setError('reason', { type: 'server', message: error.fields.reason });
    }
  });

  const fieldError =
    errors.reason === undefined ? undefined : action === 'suspend' ? t('suspension.reasonInvalid', { min: REASON_MIN }) : validation(errors.reason.message);

  return (
    <AlertDialogContent
      className="sm:max-w-lg"
      data-testid="driver-suspension-dialog"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        form.setFocus('reason');
      }}
      onEscapeKeyDown={(event) => (isSubmitting ? event.preventDefault() : undefined)}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-busy={isSubmitting}>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(`suspension.${action}.title`, { name: driver.name })}</AlertDialogTitle>
          <AlertDialogDescription>{t(`suspension.${action}.description`)}</AlertDialogDescription>
        </AlertDialogHeader>
        {driver.suspension ? <SuspensionNote suspension={driver.suspension} /> : null}
        <FormField
          id={reasonId}
          label={t(`suspension.${action}.reasonLabel`)}
          hint={t(`suspension.${action}.reasonHint`, { min: REASON_MIN, max: REASON_MAX, length })}
          error={fieldError}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={REASON_MAX}
              readOnly={isSubmitting}
              aria-required={action === 'suspend'}
              data-testid="driver-suspension-reason"
              {...form.register('reason')}
            />
          )}
        </FormField>
        {serverError ? (
          <p role="alert" className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
            <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{serverError}</span>
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel type="button" onClick={(event) => (isSubmitting ? event.preventDefault() : undefined)} aria-disabled={isSubmitting || undefined}>
            {t('suspension.cancel')}
          </AlertDialogCancel>
          <ActionButton
            type="submit"
            variant={action === 'suspend' ? 'destructive' : 'default'}
            isPending={isSubmitting}
            data-testid="driver-suspension-confirm"
          >
            {isSubmitting ? <Spinner /> : action === 'suspend' ? <PauseCircleIcon aria-hidden /> : <PlayCircleIcon aria-hidden />}
            {isSubmitting ? t(`suspension.${action}.pending`) : t(`suspension.${action}.confirm`)}
          </ActionButton>
        </AlertDialogFooter>
      </form>
    </AlertDialogContent>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { territoryStatusRequestSchema, type AdminTerritory, type TerritoryStatusRequest } from '@coride/domain/territories';
import { AlertCircleIcon, PauseCircleIcon, PlayCircleIcon } from 'lucide-react';
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
import { useSetTerritoryStatus } from '../api/use-admin-territories';

const REASON_MIN = territoryStatusRequestSchema.shape.reason.minLength ?? 1;
const REASON_MAX = territoryStatusRequestSchema.shape.reason.maxLength ?? undefined;

/**
 * "Suspend" (an active territory) or "Reinstate" (a suspended one): a confirmation that says what it
 * does and asks why; the reason goes to the territory's audit trail. It stays open on a refusal.
 */
export function TerritoryStatusDialog({ territory, onClose }: { territory: AdminTerritory | null; onClose: () => void }) {
  return (
    <AlertDialog open={territory !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      {territory ? <StatusForm key={`${territory.id}:${territory.status}`} territory={territory} onClose={onClose} /> : null}
    </AlertDialog>
  );
}

function StatusForm({ territory, onClose }: { territory: AdminTerritory; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const reasonId = useId();
  const action = territory.status === 'active' ? 'suspend' : 'reinstate';
  const [serverError, setServerError] = useState<string | null>(null);
  const setStatus = useSetTerritoryStatus();
  const form = useForm<TerritoryStatusRequest>({ resolver: zodResolver(territoryStatusRequestSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const length = useWatch({ control: form.control, name: 'reason' }).trim().length;

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setServerError(null);
    try {
      await setStatus.mutateAsync({ id: territory.id, action, reason });
      toast({ title: t(`territories.${action}.done`, { name: territory.name }), variant: 'success' });
      onClose();
    } catch (error) {
      setServerError(error instanceof Error ? error.message : String(error));
      if (error instanceof ApiRequestError && error.fields.reason) form.setError('reason', { type: 'server', message: error.fields.reason });
    }
  });

  return (
    <AlertDialogContent
      className="sm:max-w-lg"
      data-testid="territory-status-dialog"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        form.setFocus('reason');
      }}
      onEscapeKeyDown={(event) => (isSubmitting ? event.preventDefault() : undefined)}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-busy={isSubmitting}>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(`territories.${action}.title`, { name: territory.name })}</AlertDialogTitle>
          <AlertDialogDescription>{t(`territories.${action}.description`)}</AlertDialogDescription>
        </AlertDialogHeader>
        <FormField
          id={reasonId}
          label={t('territories.reasonLabel')}
          hint={t('territories.reasonHint', { min: REASON_MIN, max: REASON_MAX, length })}
          error={errors.reason ? t('territories.reasonInvalid', { min: REASON_MIN }) : undefined}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={REASON_MAX}
              readOnly={isSubmitting}
              aria-required
              data-testid="territory-status-reason"
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
            {t('territories.cancel')}
          </AlertDialogCancel>
          <ActionButton
            type="submit"
            variant={action === 'suspend' ? 'destructive' : 'default'}
            isPending={isSubmitting}
            data-testid="territory-status-confirm"
          >
            {isSubmitting ? <Spinner /> : action === 'suspend' ? <PauseCircleIcon aria-hidden /> : <PlayCircleIcon aria-hidden />}
            {isSubmitting ? t(`territories.${action}.pending`) : t(`territories.${action}.confirm`)}
          </ActionButton>
        </AlertDialogFooter>
      </form>
    </AlertDialogContent>
  );
}

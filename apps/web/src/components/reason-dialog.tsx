import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircleIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { ActionButton } from '@/components/ui/action-button';
import {
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
import { ApiRequestError } from '@/lib/api';

type ReasonForm = { reason: string };

export type ReasonDialogProps = {
  /** The request's schema, the server's own: `{ reason }`. */
  schema: z.ZodType<ReasonForm, ReasonForm>;
  title: ReactNode;
  description: ReactNode;
  /** Shown between the description and the field: the ride's route, the driver's suspension. */
  children?: ReactNode;
  reasonLabel: string;
  /** The hint under the field, with the trimmed length typed so far. */
  reasonHint: (length: number) => string;
  /** The field's message for a schema or server error; without it, the error's own (translated) message. */
  reasonError?: (error: FieldError) => string | undefined;
  /** Longest reason the textarea takes. */
  maxLength?: number;
  isReasonRequired?: boolean;
  cancelLabel: string;
  confirm: { label: string; pendingLabel: string; icon: ReactNode; variant: 'default' | 'destructive' };
  /** Sends the reason and, once it is done, closes the dialog; throws the refusal, which the dialog shows. */
  onSubmit: (reason: string) => Promise<void>;
  onCloseAutoFocus?: (event: Event) => void;
  testIds: { dialog: string; reason: string; confirm: string; error?: string };
};

/**
 * The content of a staff action's confirmation that asks why (suspend or reinstate a driver or a
 * territory, cancel a ride), inside the caller's AlertDialog. Focus starts in the reason; the request's
 * own schema checks it; a refusal keeps the dialog open with the reason typed and the server's message
 * in it (a toast behind a modal dialog is hidden from screen readers), its field error on the field;
 * Escape and Cancel wait while the request is out.
 */
export function ReasonDialogContent({
  schema,
  title,
  description,
  children,
  reasonLabel,
  reasonHint,
  reasonError,
  maxLength,
  isReasonRequired = true,
  cancelLabel,
  confirm,
  onSubmit,
  onCloseAutoFocus,
  testIds,
}: ReasonDialogProps) {
  const reasonId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ReasonForm>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const length = useWatch({ control: form.control, name: 'reason' }).trim().length;

  const submit = form.handleSubmit(async ({ reason }) => {
    setServerError(null);
    try {
      await onSubmit(reason);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.reason) form.setError('reason', { type: 'server', message: error.fields.reason });
      setServerError(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <AlertDialogContent
      className="sm:max-w-lg"
      data-testid={testIds.dialog}
      onOpenAutoFocus={(event) => {
        // Straight to the one thing to do: say why.
        event.preventDefault();
        form.setFocus('reason');
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      // Escape must not drop a half-sent request: wait for the answer.
      onEscapeKeyDown={(event) => (isSubmitting ? event.preventDefault() : undefined)}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4" aria-busy={isSubmitting}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <FormField
          id={reasonId}
          label={reasonLabel}
          hint={reasonHint(length)}
          error={errors.reason ? (reasonError?.(errors.reason) ?? errors.reason.message) : undefined}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={maxLength}
              readOnly={isSubmitting}
              aria-required={isReasonRequired}
              data-testid={testIds.reason}
              {...form.register('reason')}
            />
          )}
        </FormField>
        {serverError ? (
          <p
            role="alert"
            className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
            data-testid={testIds.error}
          >
            <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{serverError}</span>
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel type="button" onClick={(event) => (isSubmitting ? event.preventDefault() : undefined)} aria-disabled={isSubmitting || undefined}>
            {cancelLabel}
          </AlertDialogCancel>
          <ActionButton type="submit" variant={confirm.variant} isPending={isSubmitting} data-testid={testIds.confirm}>
            {isSubmitting ? <Spinner /> : confirm.icon}
            {isSubmitting ? confirm.pendingLabel : confirm.label}
          </ActionButton>
        </AlertDialogFooter>
      </form>
    </AlertDialogContent>
  );
}

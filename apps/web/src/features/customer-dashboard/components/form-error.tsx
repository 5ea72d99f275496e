import { AlertCircleIcon } from 'lucide-react';
import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '@/lib/api';
import { splitServerFields } from '../payments';

/**
 * A refused save: the server's per-field messages go onto their fields, anything else is shown
 * with the form (FormError). The form keeps every value typed.
 */
export function useServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly FieldPath<T>[]) {
  const [formError, setFormError] = useState<string | null>(null);
  return {
    formError,
    clear: () => setFormError(null),
    show(error: unknown) {
      if (!(error instanceof ApiRequestError)) {
        setFormError(error instanceof Error ? error.message : String(error));
        return;
      }
      const { onFields, other } = splitServerFields(error.fields, fields);
      for (const [field, message] of onFields) setError(field, { type: 'server', message });
      setFormError([error.message, ...other].join(' '));
    },
  };
}

/** The form-level error, above the form's buttons. */
export function FormError({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive" data-testid={testId}>
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </p>
  );
}

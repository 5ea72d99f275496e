import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '@/lib/api';

/**
 * Puts a 400's per-field messages (the same zod messages as the form's own) on the form's fields;
 * answers whether any field took one, so the caller toasts only what no field shows.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  let isShown = false;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) {
      setError(field, { type: 'server', message });
      isShown = true;
    }
  }
  return isShown;
}

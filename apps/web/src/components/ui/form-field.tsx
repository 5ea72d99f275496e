import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { Label } from './label';

/** A translation key for a domain validation message: "Vehicle make is required" -> "vehicle_make_is_required". */
export function validationKey(message: string): string {
  return message
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** Shows a domain (zod) message in the current language, falling back to the English original. */
export function useValidationMessage() {
  const { t } = useTranslation('validation');
  return (message: string | undefined) => (message ? t(validationKey(message), { defaultValue: message }) : undefined);
}

export type FieldControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

/** Label, control, hint and error wired together for screen readers. */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const translate = useValidationMessage();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive" role="alert">
          {translate(error)}
        </p>
      ) : null}
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import type { FieldLimit } from './limits';

/** A labelled number field with its range; an invalid value gets a message saying what is allowed. */
export function DemoNumberField({
  label,
  value,
  onChange,
  isValid,
  limit,
  hint,
  error,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isValid: boolean;
  limit: FieldLimit;
  hint?: string;
  /** A message for a value that is in range but still not allowed (e.g. more than another field). */
  error?: string | null;
  className?: string;
}) {
  const { t } = useTranslation('demo');
  const id = useId();
  const messageId = `${id}-message`;
  const message = !isValid ? t(limit.integer ? 'field.wholeRange' : 'field.range', { min: limit.min, max: limit.max }) : (error ?? null);
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode={limit.integer ? 'numeric' : 'decimal'}
        min={limit.min}
        max={limit.max}
        step={limit.step}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message || hint ? messageId : undefined}
      />
      {message ? (
        <p id={messageId} className="text-sm text-destructive">
          {message}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Shown instead of results while an input is invalid. */
export function FixInputs({ children }: { children?: string }) {
  const { t } = useTranslation('demo');
  return <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{children ?? t('field.fixInputs')}</p>;
}

/** A figure with its label, for the tabs' metric grids. */
export function Stat({ label, value, detail, testId, className }: { label: string; value: string; detail?: string; testId?: string; className?: string }) {
  return (
    <div className={cn('rounded-lg border p-4', className)}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {detail ? <dd className="mt-1 text-xs text-muted-foreground">{detail}</dd> : null}
    </div>
  );
}

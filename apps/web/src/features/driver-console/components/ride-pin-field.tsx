import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The rider's 4-digit PIN, typed by the driver before Start (ADR 028); the server's refusal shown under it. */
export function RidePinField({ value, onChange, error }: { value: string; onChange: (pin: string) => void; error: string | null }) {
  const { t } = useTranslation('driver');
  const id = useId();
  return (
    <div className="grid max-w-xs gap-1.5">
      <Label htmlFor={id}>{t('pin.label')}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 4))}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        pattern="[0-9]{4}"
        className="font-mono text-lg tracking-[0.3em]"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        data-testid="ride-pin-input"
      />
      <p
        id={`${id}-hint`}
        className={error ? 'text-sm font-medium text-destructive' : 'text-xs text-muted-foreground'}
        role={error ? 'alert' : undefined}
        data-testid="ride-pin-error"
      >
        {error ?? t('pin.hint')}
      </p>
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MAX_MILES, MAX_MINUTES, MAX_TIP_DOLLARS, MINUTES_PER_MILE, type TripInput } from './trip-input';

function NumberField({
  label,
  value,
  onChange,
  isValid,
  max,
  step,
  hint,
  invalidMessage,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isValid: boolean;
  max: number;
  step: string;
  hint?: string;
  invalidMessage?: string;
}) {
  const { t } = useTranslation('demo');
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={!isValid || undefined}
        aria-describedby={!isValid || hint ? messageId : undefined}
      />
      {!isValid ? (
        <p id={messageId} className="text-sm text-destructive">
          {invalidMessage ?? t('rider.invalid', { max })}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The calculator's inputs: distance in miles, time in minutes and an optional tip in dollars. */
export function TripFields({ trip }: { trip: TripInput }) {
  const { t } = useTranslation('demo');
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <NumberField label={t('rider.miles')} value={trip.milesText} onChange={trip.setMilesText} isValid={trip.miles !== null} max={MAX_MILES} step="0.1" />
      <NumberField
        label={t('rider.minutes')}
        value={trip.minutesText}
        onChange={trip.setMinutesText}
        isValid={trip.minutes !== null}
        max={MAX_MINUTES}
        step="0.5"
        hint={t('rider.minutesHint', { perMile: MINUTES_PER_MILE })}
      />
      <NumberField
        label={t('rider.tip')}
        value={trip.tipText}
        onChange={trip.setTipText}
        isValid={trip.tipCents !== null}
        max={MAX_TIP_DOLLARS}
        step="0.01"
        hint={t('rider.tipHint')}
        invalidMessage={t('rider.tipInvalid', { max: MAX_TIP_DOLLARS })}
      />
    </div>
  );
}

import { SCHEDULE_MAX_AHEAD_DAYS, SCHEDULE_MIN_AHEAD_MINUTES } from '@coride/domain/scheduled-rides';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The value of a datetime-local input for a moment, in the browser's time zone ("2026-12-01T12:30"). */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The moment a datetime-local value means in the browser's time zone, or null when it is empty or not a time. */
export function fromLocalInputValue(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whether a pickup time may be booked now: 15 minutes to 30 days ahead (the server checks it again). */
export function isSchedulable(date: Date | null, now = new Date()): boolean {
  if (!date) return false;
  const ahead = date.getTime() - now.getTime();
  return ahead >= SCHEDULE_MIN_AHEAD_MINUTES * 60_000 && ahead <= SCHEDULE_MAX_AHEAD_DAYS * 86_400_000;
}

export type ScheduleDraft = { isScheduled: boolean; value: string };

/**
 * "Schedule for later" (ADR 034): a labelled native date and time picker, 15 minutes to 30 days
 * ahead. Booking then makes a scheduled ride instead of asking for a driver now.
 */
export function ScheduleField({ draft, onChange }: { draft: ScheduleDraft; onChange: (draft: ScheduleDraft) => void }) {
  const { t } = useTranslation('booking');
  const ids = { toggle: useId(), time: useId(), hint: useId(), error: useId() };
  const now = new Date();
  const chosen = fromLocalInputValue(draft.value);
  const isInvalid = draft.isScheduled && draft.value !== '' && !isSchedulable(chosen, now);
  return (
    <div className="space-y-3 rounded-lg border p-3" data-testid="schedule-field">
      <div className="flex items-center gap-2">
        <Checkbox
          id={ids.toggle}
          checked={draft.isScheduled}
          onCheckedChange={(checked) => onChange({ ...draft, isScheduled: checked === true })}
          data-testid="schedule-toggle"
        />
        <Label htmlFor={ids.toggle}>{t('schedule.toggle')}</Label>
      </div>
      {draft.isScheduled ? (
        <div className="space-y-1.5">
          <Label htmlFor={ids.time}>{t('schedule.time')}</Label>
          <Input
            id={ids.time}
            type="datetime-local"
            value={draft.value}
            min={toLocalInputValue(new Date(now.getTime() + SCHEDULE_MIN_AHEAD_MINUTES * 60_000))}
            max={toLocalInputValue(new Date(now.getTime() + SCHEDULE_MAX_AHEAD_DAYS * 86_400_000))}
            onChange={(event) => onChange({ ...draft, value: event.target.value })}
            aria-invalid={isInvalid}
            aria-describedby={isInvalid ? `${ids.hint} ${ids.error}` : ids.hint}
            data-testid="schedule-time"
          />
          <p id={ids.hint} className="text-xs text-muted-foreground">
            {t('schedule.hint')}
          </p>
          {isInvalid ? (
            <p id={ids.error} className="text-sm font-medium text-destructive" role="alert">
              {t('schedule.invalid')}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

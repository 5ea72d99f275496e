import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The optional safety rating (1-5) next to the stars: a native radio group with a "skip" choice. */
export function SafetyRatingInput({ value, onChange }: { value: number | null; onChange: (value: number | null) => void }) {
  const { t, ready } = useTranslation('rewards', { useSuspense: false });
  const name = useId();
  if (!ready) return null;
  const choices = [null, 1, 2, 3, 4, 5] as const;
  return (
    <fieldset data-testid="safety-rating">
      <legend className="mb-2 text-sm font-medium">{t('safety.legend')}</legend>
      <div className="flex flex-wrap gap-1">
        {choices.map((choice) => (
          <label
            key={choice ?? 'none'}
            className={cn(
              'cursor-pointer rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              value === choice ? 'border-primary bg-primary text-primary-foreground' : 'bg-background',
            )}
          >
            <input type="radio" name={name} checked={value === choice} onChange={() => onChange(choice)} className="sr-only" />
            {choice === null ? (
              t('safety.none')
            ) : (
              <>
                <span aria-hidden>{choice}</span>
                <span className="sr-only">{t('safety.option', { count: choice })}</span>
              </>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

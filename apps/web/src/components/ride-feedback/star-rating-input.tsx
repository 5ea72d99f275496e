import { StarIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * 1 to 5 stars as a native radio group: Tab reaches it, arrow keys change the rating, a screen
 * reader hears "4 stars, 4 of 5". The stars fill up to the chosen (or hovered) one.
 */
export function StarRatingInput({
  value,
  onChange,
  legend,
  errorId,
}: {
  value: number | null;
  onChange: (rating: number) => void;
  legend: string;
  errorId?: string;
}) {
  const { t } = useTranslation('booking');
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex gap-1" onMouseLeave={() => setHovered(null)}>
        {STARS.map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
            onMouseEnter={() => setHovered(star)}
            data-testid={`rate-star-${star}`}
          >
            <input type="radio" name={name} value={star} checked={value === star} onChange={() => onChange(star)} className="sr-only" />
            <StarIcon className={cn('size-9 transition-colors', star <= shown ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/60')} aria-hidden />
            <span className="sr-only">{t('rating.star', { count: star })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

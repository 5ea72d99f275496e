import { LOW_RATING_MIN_COUNT, LOW_RATING_THRESHOLD } from '@coride/domain/ride-messages';
import { StarIcon, ThumbsUpIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useFormatters } from '@/lib/format';
import { useLowRated } from '../api/use-low-rated';
import { sortLowRated } from '../low-rated';

/** "Low-rated riders and drivers" of the licensee's territories (GET /api/licensee/low-rated, ADR 029), lowest first. */
export function LowRatedCard() {
  const { t } = useTranslation('licensee');
  const format = useFormatters();
  const headingId = useId();
  const lowRated = useLowRated();
  return (
    <Card data-testid="low-rated" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {t('lowRated.title')}
        </CardTitle>
        <CardDescription>
          {t('lowRated.description', { threshold: format.number(LOW_RATING_THRESHOLD, { minimumFractionDigits: 1 }), min: LOW_RATING_MIN_COUNT })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {lowRated.isPending ? (
          <LoadingState />
        ) : lowRated.isError ? (
          <ErrorState title={t('lowRated.error')} error={lowRated.error} onRetry={() => void lowRated.refetch()} />
        ) : lowRated.data.length === 0 ? (
          <EmptyState icon={ThumbsUpIcon} title={t('lowRated.emptyTitle')} description={t('lowRated.emptyDescription')} />
        ) : (
          <ul className="divide-y" aria-labelledby={headingId}>
            {sortLowRated(lowRated.data).map((person) => (
              <li
                key={`${person.role}:${person.userId}`}
                className="flex flex-wrap items-center justify-between gap-2 py-3 first:pt-0 last:pb-0"
                data-testid="low-rated-person"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{person.name}</span>
                  <Badge variant="secondary">{t(`lowRated.roles.${person.role}`)}</Badge>
                </div>
                <p className="flex items-center gap-3 text-sm">
                  <span className="inline-flex items-center gap-1 font-medium tabular-nums">
                    <StarIcon className="size-4 text-muted-foreground" aria-hidden />
                    {t('lowRated.ratingValue', { rating: format.number(person.averageRating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
                  </span>
                  <span className="text-muted-foreground tabular-nums">{t('lowRated.ratings', { count: person.ratings })}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

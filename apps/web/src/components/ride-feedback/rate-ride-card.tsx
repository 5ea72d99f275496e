import { rateRideRequestSchema, type Ride } from '@coride/domain/rides';
import { StarIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useValidationMessage } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { SafetyRatingInput } from '@/components/safety-rating-input';
import { useRateRide } from '@/api/ride-feedback';
import { StarRatingInput } from './star-rating-input';

/** Rate the driver once: 1 to 5 stars and an optional comment. */
export function RateRideCard({ ride }: { ride: Ride }) {
  const { t } = useTranslation('booking');
  const translateValidation = useValidationMessage();
  const rate = useRateRide();
  const ids = { comment: useId(), error: useId() };
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [safetyRating, setSafetyRating] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const driverName = ride.driver?.name ?? null;

  if (ride.rating !== null) {
    return (
      <Card data-testid="rating-done">
        <CardHeader>
          <CardTitle as="h2">{t('rating.doneTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          <p className="flex gap-0.5" role="img" aria-label={t('rating.star', { count: ride.rating })}>
            {[1, 2, 3, 4, 5].map((star) => (
              <StarIcon key={star} className={star <= ride.rating! ? 'size-6 fill-amber-400 text-amber-500' : 'size-6 text-muted-foreground/60'} aria-hidden />
            ))}
          </p>
          <p className="text-sm text-muted-foreground">{t('rating.thanks')}</p>
          {ride.ratingComment ? <blockquote className="border-s-2 ps-3 text-sm italic">{ride.ratingComment}</blockquote> : null}
        </CardContent>
      </Card>
    );
  }

  function submit() {
    const parsed = rateRideRequestSchema.safeParse({
      rating: rating ?? undefined,
      comment: comment.trim() || undefined,
      safetyRating: safetyRating ?? undefined,
    });
    if (!parsed.success) {
      setError(translateValidation(parsed.error.issues[0]?.message) ?? t('rating.required'));
      return;
    }
    setError(null);
    rate.mutate(
      { id: ride.id, ...parsed.data },
      {
        onSuccess: () => toast({ title: t('rating.sentTitle'), description: t('rating.thanks'), variant: 'success' }),
        onError: (failure) => toast({ title: t('rating.failed'), description: failure.message, variant: 'destructive' }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{driverName ? t('rating.titleNamed', { name: driverName }) : t('rating.title')}</CardTitle>
        <CardDescription>{t('rating.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <StarRatingInput
            value={rating}
            onChange={(value) => {
              setRating(value);
              setError(null);
            }}
            legend={t('rating.legend')}
            errorId={error ? ids.error : undefined}
          />
          {error ? (
            <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <SafetyRatingInput value={safetyRating} onChange={setSafetyRating} />
          <div className="grid gap-1.5">
            <Label htmlFor={ids.comment}>{t('rating.comment')}</Label>
            <Textarea
              id={ids.comment}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              placeholder={t('rating.commentPlaceholder')}
              maxLength={1000}
              rows={3}
              data-testid="rating-comment"
            />
          </div>
          <Button type="submit" disabled={rate.isPending} data-testid="submit-rating">
            {rate.isPending ? <Spinner /> : <StarIcon aria-hidden />}
            {rate.isPending ? t('rating.submitting') : t('rating.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

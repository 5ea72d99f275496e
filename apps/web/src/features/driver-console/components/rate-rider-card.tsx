import { rateRiderRequestSchema, type RiderRating } from '@coride/domain/ride-messages';
import type { Ride } from '@coride/domain/rides';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StarIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiRequest } from '@/lib/api';
import { cn } from '@/lib/utils';
import { showErrorToast } from '../show-error-toast';

/** A completed ride is offered for rating this long after it ended. */
const PROMPT_WINDOW_MS = 2 * 60 * 60_000;

const ratingKey = (rideId: string) => ['/api/rides', rideId, 'rate-rider'] as const;

/**
 * After a trip the driver rates the rider (contract §9): five stars as a labelled radio group (arrow
 * keys move, Space picks), an optional comment, once. Shown for the driver's latest completed ride
 * until it is rated.
 */
export function RateRiderCard({ ride }: { ride: Ride | undefined }) {
  // When the dashboard opened: a trip that ended long before is not offered.
  const [openedAt] = useState(() => Date.now());
  const recent = ride?.status === 'completed' && ride.completedAt !== null && openedAt - new Date(ride.completedAt).getTime() < PROMPT_WINDOW_MS;
  const existing = useQuery({
    queryKey: ratingKey(ride?.id ?? ''),
    queryFn: () => apiRequest<{ rating: RiderRating | null }>(`/api/rides/${ride!.id}/rate-rider`),
    enabled: recent,
  });
  if (!ride || !recent || !existing.data || existing.data.rating) return null;
  return <RateRiderForm ride={ride} />;
}

function RateRiderForm({ ride }: { ride: Ride }) {
  const { t } = useTranslation('driver');
  const queryClient = useQueryClient();
  const groupId = useId();
  const commentId = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rate = useMutation({
    mutationFn: (body: { rating: number; comment?: string }) => apiRequest<RiderRating>(`/api/rides/${ride.id}/rate-rider`, { method: 'POST', body }),
    onSuccess: (saved) => queryClient.setQueryData(ratingKey(ride.id), { rating: saved }),
    onError: (cause) => showErrorToast(t('toasts.errorTitle'), t('rateRider.failed'), cause),
  });

  function submit() {
    const parsed = rateRiderRequestSchema.safeParse({ rating, ...(comment.trim() ? { comment } : {}) });
    if (!parsed.success) {
      setError(t('rateRider.pickStars'));
      return;
    }
    rate.mutate(parsed.data);
  }

  return (
    <Card data-testid="rate-rider-card">
      <CardHeader>
        <CardTitle as="h2" id={groupId}>
          {t('rateRider.title', { name: ride.rider.firstName })}
        </CardTitle>
        <CardDescription>{t('rateRider.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div role="radiogroup" aria-labelledby={groupId} className="flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={rating === value}
              aria-label={t('rateRider.star', { value })}
              tabIndex={rating === value || (rating === 0 && value === 1) ? 0 : -1}
              className="rounded p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              data-testid={`rate-rider-star-${value}`}
              onClick={() => {
                setRating(value);
                setError(null);
              }}
              onKeyDown={(event) => {
                const step = event.key === 'ArrowRight' || event.key === 'ArrowUp' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -1 : 0;
                if (!step) return;
                event.preventDefault();
                const next = Math.min(5, Math.max(1, (rating || value) + step));
                setRating(next);
                (event.currentTarget.parentElement?.querySelectorAll('button')[next - 1] as HTMLButtonElement | undefined)?.focus();
              }}
            >
              <StarIcon className={cn('size-7', value <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')} aria-hidden />
            </button>
          ))}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={commentId}>{t('rateRider.comment')}</Label>
          <Textarea id={commentId} value={comment} maxLength={500} rows={2} onChange={(event) => setComment(event.target.value)} />
        </div>
        {error ? (
          <p className="text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : null}
        <Button onClick={submit} disabled={rate.isPending} data-testid="submit-rider-rating">
          {t('rateRider.submit')}
        </Button>
      </CardContent>
    </Card>
  );
}

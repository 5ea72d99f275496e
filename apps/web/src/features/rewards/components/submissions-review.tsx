import type { Submission } from '@coride/domain/community/submissions';
import { CheckIcon, InboxIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';
import { useReviewSubmission, useSubmissionsToReview } from '../api';

/**
 * The licensee's queue of community submissions from their territories: accept (the rider earns the
 * points; a driver's counts as community engagement) or reject, once each.
 */
export function SubmissionsReview() {
  const { t } = useTranslation('rewards');
  const list = useSubmissionsToReview();
  const pending = list.data?.filter((s) => s.status === 'pending') ?? [];
  const done = list.data?.filter((s) => s.status !== 'pending') ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id="submissions-review-heading">
          {t('review.title')}
        </CardTitle>
        <CardDescription>{t('review.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState title={t('review.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
        ) : pending.length === 0 && done.length === 0 ? (
          <EmptyState icon={InboxIcon} title={t('review.emptyTitle')} description={t('review.emptyDescription')} />
        ) : (
          <>
            {pending.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('review.nonePending')}</p>
            ) : (
              <ul className="grid gap-3" data-testid="submissions-pending">
                {pending.map((s) => (
                  <SubmissionItem key={s.id} submission={s} />
                ))}
              </ul>
            )}
            {done.length > 0 ? (
              <section aria-labelledby="submissions-reviewed-heading" className="space-y-2">
                <h3 id="submissions-reviewed-heading" className="text-sm font-semibold">
                  {t('review.reviewed')}
                </h3>
                <ul className="grid gap-2">
                  {done.slice(0, 20).map((s) => (
                    <SubmissionItem key={s.id} submission={s} />
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function SubmissionItem({ submission: s }: { submission: Submission }) {
  const { t } = useTranslation('rewards');
  const format = useFormatters();
  const review = useReviewSubmission();
  function decide(decision: 'accepted' | 'rejected') {
    review.mutate(
      { id: s.id, decision },
      {
        onSuccess: () => toast({ title: decision === 'accepted' ? t('review.acceptedToast') : t('review.rejectedToast'), variant: 'success' }),
        onError: (error) => toast({ title: t('review.failed'), description: error.message, variant: 'destructive' }),
      },
    );
  }
  return (
    <li className="rounded-lg border p-3" data-testid="submission-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{t(`actions.${s.kind}`)}</span>
        <Badge variant="outline">{s.authorRole === 'driver' ? t('review.driver', { name: s.author }) : t('review.rider', { name: s.author })}</Badge>
        {s.territoryName ? <span className="text-xs text-muted-foreground">{s.territoryName}</span> : null}
        <span className="text-xs text-muted-foreground">{format.dateTime(s.createdAt)}</span>
        {s.status !== 'pending' ? <Badge variant={s.status === 'accepted' ? 'success' : 'destructive'}>{t(`status.${s.status}`)}</Badge> : null}
      </div>
      <p className="mt-2 text-sm break-words">{s.text}</p>
      {s.status === 'pending' ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            onClick={() => decide('accepted')}
            disabled={review.isPending}
            aria-label={t('review.acceptLabel', { kind: t(`actions.${s.kind}`), name: s.author })}
          >
            <CheckIcon aria-hidden />
            {t('review.accept')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => decide('rejected')}
            disabled={review.isPending}
            aria-label={t('review.rejectLabel', { kind: t(`actions.${s.kind}`), name: s.author })}
          >
            <XIcon aria-hidden />
            {t('review.reject')}
          </Button>
          <span className="text-xs text-muted-foreground">{s.points > 0 ? t('review.earns', { points: s.points }) : t('review.engagement')}</span>
        </div>
      ) : null}
    </li>
  );
}

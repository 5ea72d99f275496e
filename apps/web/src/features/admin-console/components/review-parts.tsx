import type { ReactNode } from 'react';
import { CheckIcon, InfoIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DetailList } from '@/components/ui/detail-list';
import { DialogFooter } from '@/components/ui/dialog';
import { useFormatters } from '@/lib/format';

/** A titled block inside a review dialog (the dialog title is the h2). */
export function ReviewSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** Notes and date of an earlier decision, when there was one. */
export function PreviousReview({ reviewedAt, reviewNotes }: { reviewedAt: string | null; reviewNotes: string | null }) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  if (!reviewedAt && !reviewNotes) return null;
  return (
    <ReviewSection title={t('review.previousReview')}>
      <DetailList
        items={[
          ...(reviewedAt ? [{ label: t('review.reviewedAt'), value: format.dateTime(reviewedAt) }] : []),
          ...(reviewNotes ? [{ label: t('review.reviewNotes'), value: <span className="whitespace-pre-wrap">{reviewNotes}</span> }] : []),
        ]}
      />
    </ReviewSection>
  );
}

/** Approve and Reject, shown where they will live; deciding arrives with territories. */
export function ReviewDecision() {
  const { t } = useTranslation('admin');
  const noteId = useId();
  return (
    <div className="space-y-3 border-t pt-4">
      <p id={noteId} className="flex gap-2 rounded-md bg-muted p-3 text-sm text-muted-foreground" data-testid="review-decision-note">
        <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('review.decisionSoon')}
      </p>
      <DialogFooter>
        <Button variant="outline" className="text-destructive" disabled aria-describedby={noteId}>
          <XIcon aria-hidden />
          {t('review.reject')}
        </Button>
        <Button disabled aria-describedby={noteId}>
          <CheckIcon aria-hidden />
          {t('review.approve')}
        </Button>
      </DialogFooter>
    </div>
  );
}

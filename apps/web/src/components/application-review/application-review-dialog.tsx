import type { ApplicationStatus, ReviewApplicationRequest } from '@coride/domain';
import { CheckIcon, InfoIcon, Loader2Icon, XIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/ui/action-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';
import { PreviousReview } from './review-parts';

/** The domain's limit on review notes. */
const NOTES_MAX_LENGTH = 2000;

export type ReviewDecision = Extract<ReviewApplicationRequest['status'], 'approved' | 'rejected'>;
/** Sends the decision; rejects with the server's message when it is refused (409 already decided, zip taken). */
export type ReviewHandler = (request: ReviewApplicationRequest) => Promise<unknown>;

/**
 * Review button and dialog of one application: the kind-specific details (children), an earlier
 * review, and the decision with optional notes. The dialog stays open on failure so nothing typed is
 * lost; it closes on success, and the caller's `onReview` refreshes the lists.
 */
export function ApplicationReviewDialog({
  name,
  title,
  submittedAt,
  status,
  reviewedAt,
  reviewNotes,
  onReview,
  children,
}: {
  name: string;
  title: string;
  submittedAt: string;
  status: ApplicationStatus;
  reviewedAt: string | null;
  reviewNotes: string | null;
  onReview: ReviewHandler;
  children: ReactNode;
}) {
  const { t } = useTranslation('review');
  const format = useFormatters();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('list.reviewLabel', { name })}>
          {t('list.review')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl" data-testid="application-review">
        <DialogHeader className="pe-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t('dialog.submitted', { date: format.dateTime(submittedAt) })}</DialogDescription>
        </DialogHeader>
        {children}
        <PreviousReview reviewedAt={reviewedAt} reviewNotes={reviewNotes} />
        {status === 'approved' || status === 'rejected' ? (
          <p className="flex gap-2 rounded-md bg-muted p-3 text-sm text-muted-foreground" data-testid="review-decided">
            <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('decision.decided', { status: t(`decided.${status}`) })}
          </p>
        ) : (
          <DecisionForm name={name} onReview={onReview} onDone={() => setIsOpen(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DecisionForm({ name, onReview, onDone }: { name: string; onReview: ReviewHandler; onDone: () => void }) {
  const { t } = useTranslation('review');
  const notesId = useId();
  const [notes, setNotes] = useState('');
  const [pending, setPending] = useState<ReviewDecision | null>(null);

  async function decide(status: ReviewDecision) {
    setPending(status);
    try {
      const trimmed = notes.trim();
      await onReview({ status, ...(trimmed ? { notes: trimmed } : {}) });
      toast({ title: t('toasts.reviewedTitle'), description: t(`toasts.${status}`, { name }), variant: 'success' });
      onDone();
    } catch (error) {
      toast({ title: t('toasts.failedTitle'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setPending(null);
    }
  }

  const isBusy = pending !== null;
  return (
    <section className="space-y-3 border-t pt-4" aria-labelledby={`${notesId}-heading`} aria-busy={isBusy}>
      <h3 id={`${notesId}-heading`} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {t('decision.heading')}
      </h3>
      <div className="grid gap-1.5">
        <Label htmlFor={notesId}>{t('decision.notesLabel')}</Label>
        <Textarea
          id={notesId}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          maxLength={NOTES_MAX_LENGTH}
          rows={3}
          readOnly={isBusy}
          aria-describedby={`${notesId}-hint`}
          data-testid="review-notes"
        />
        <p id={`${notesId}-hint`} className="text-xs text-muted-foreground">
          {t('decision.notesHint')}
        </p>
      </div>
      <DialogFooter>
        <ActionButton
          variant="outline"
          className="text-destructive"
          isUnavailable={isBusy}
          isPending={pending === 'rejected'}
          onClick={() => void decide('rejected')}
          data-testid="review-reject"
        >
          {pending === 'rejected' ? <Loader2Icon className="animate-spin" aria-hidden /> : <XIcon aria-hidden />}
          {pending === 'rejected' ? t('decision.rejecting') : t('decision.reject')}
        </ActionButton>
        <ActionButton isUnavailable={isBusy} isPending={pending === 'approved'} onClick={() => void decide('approved')} data-testid="review-approve">
          {pending === 'approved' ? <Loader2Icon className="animate-spin" aria-hidden /> : <CheckIcon aria-hidden />}
          {pending === 'approved' ? t('decision.approving') : t('decision.approve')}
        </ActionButton>
      </DialogFooter>
    </section>
  );
}

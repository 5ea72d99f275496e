import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '@/components/ui/detail-list';
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
  const { t } = useTranslation('review');
  const format = useFormatters();
  if (!reviewedAt && !reviewNotes) return null;
  return (
    <ReviewSection title={t('dialog.previousReview')}>
      <DetailList
        items={[
          ...(reviewedAt ? [{ label: t('dialog.reviewedAt'), value: format.dateTime(reviewedAt) }] : []),
          ...(reviewNotes ? [{ label: t('dialog.reviewNotes'), value: <span className="whitespace-pre-wrap">{reviewNotes}</span> }] : []),
        ]}
      />
    </ReviewSection>
  );
}

/** A list of zip codes as chips, named for screen readers. */
export function ZipCodeList({ zipCodes, label }: { zipCodes: string[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {zipCodes.map((zip) => (
        <li key={zip} className="rounded-md border bg-muted px-2 py-0.5 font-mono text-xs">
          {zip}
        </li>
      ))}
    </ul>
  );
}

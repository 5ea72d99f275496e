import type { LicenseeApplication } from '@coride/domain';
import { MapPinIcon, StoreIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApplicationStatusBadge } from '@/components/application-status-badge';
import { Button } from '@/components/ui/button';
import { DetailList } from '@/components/ui/detail-list';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useFormatters } from '@/lib/format';
import { ApplicationItemLayout } from './application-item-layout';
import { PreviousReview, ReviewDecision, ReviewSection } from './review-parts';

export function LicenseeApplicationItem({ application }: { application: LicenseeApplication }) {
  const { t } = useTranslation('admin');
  const { user } = application;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <ApplicationItemLayout
      name={name}
      email={user.email}
      status={application.status}
      submittedAt={application.submittedAt}
      testId="licensee-application"
      review={<LicenseeReviewDialog application={application} name={name} />}
    >
      <div className="space-y-1.5">
        <p className="flex items-start gap-1.5">
          <StoreIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="font-medium">{application.businessName}</span>
        </p>
        <p className="flex items-start gap-1.5">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            <span className="sr-only">{t('applications.territory')}: </span>
            {application.territoryName}
          </span>
        </p>
        <ZipCodes zipCodes={application.proposedZipCodes} label={t('applications.zipCodes')} />
      </div>
    </ApplicationItemLayout>
  );
}

function ZipCodes({ zipCodes, label }: { zipCodes: string[]; label: string }) {
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

function LicenseeReviewDialog({ application, name }: { application: LicenseeApplication; name: string }) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const { user } = application;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('applications.reviewLabel', { name })}>
          {t('applications.review')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl" data-testid="application-review">
        <DialogHeader className="pe-6">
          <DialogTitle>{t('review.licenseeTitle', { name })}</DialogTitle>
          <DialogDescription>{t('review.submitted', { date: format.dateTime(application.submittedAt) })}</DialogDescription>
        </DialogHeader>
        <ReviewSection title={t('review.applicant')}>
          <DetailList
            items={[
              { label: t('review.name'), value: name },
              { label: t('review.email'), value: <span className="break-all">{user.email}</span> },
              { label: t('review.status'), value: <ApplicationStatusBadge status={application.status} /> },
              {
                label: t('review.experience'),
                value: application.experience ? t(`experience.${application.experience}`, { defaultValue: application.experience }) : t('review.notProvided'),
              },
            ]}
          />
        </ReviewSection>
        <ReviewSection title={t('review.business')}>
          <DetailList
            items={[
              { label: t('review.businessName'), value: application.businessName },
              { label: t('review.territoryName'), value: application.territoryName },
              { label: t('review.zipCodes'), value: t('review.zipCount', { count: application.proposedZipCodes.length }) },
            ]}
          />
          <ZipCodes zipCodes={application.proposedZipCodes} label={t('review.zipCodes')} />
        </ReviewSection>
        <ReviewSection title={t('review.businessPlan')}>
          <p className="rounded-md bg-muted p-3 text-sm whitespace-pre-wrap break-words">{application.businessPlan}</p>
        </ReviewSection>
        <PreviousReview reviewedAt={application.reviewedAt} reviewNotes={application.reviewNotes} />
        <ReviewDecision />
      </DialogContent>
    </Dialog>
  );
}

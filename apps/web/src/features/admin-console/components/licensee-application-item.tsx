import type { LicenseeApplication } from '@coride/domain';
import { MapPinIcon, StoreIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApplicationItemLayout } from '@/components/application-review/application-item-layout';
import { ApplicationReviewDialog } from '@/components/application-review/application-review-dialog';
import { ReviewSection, ZipCodeList } from '@/components/application-review/review-parts';
import { ApplicationStatusBadge } from '@/components/application-status-badge';
import { DetailList } from '@/components/ui/detail-list';
import { useReviewLicenseeApplication } from '../api/use-review-licensee-application';

export function LicenseeApplicationItem({ application }: { application: LicenseeApplication }) {
  const { t } = useTranslation('admin');
  const review = useReviewLicenseeApplication();
  const { user } = application;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <ApplicationItemLayout
      name={name}
      email={user.email}
      status={application.status}
      submittedAt={application.submittedAt}
      testId="licensee-application"
      review={
        <ApplicationReviewDialog
          name={name}
          title={t('review.licenseeTitle', { name })}
          submittedAt={application.submittedAt}
          status={application.status}
          reviewedAt={application.reviewedAt}
          reviewNotes={application.reviewNotes}
          onReview={(request) => review.mutateAsync({ id: application.id, ...request })}
        >
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
            <ZipCodeList zipCodes={application.proposedZipCodes} label={t('review.zipCodes')} />
          </ReviewSection>
          <ReviewSection title={t('review.businessPlan')}>
            <p className="rounded-md bg-muted p-3 text-sm whitespace-pre-wrap break-words">{application.businessPlan}</p>
          </ReviewSection>
        </ApplicationReviewDialog>
      }
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
        <ZipCodeList zipCodes={application.proposedZipCodes} label={t('applications.zipCodes')} />
      </div>
    </ApplicationItemLayout>
  );
}

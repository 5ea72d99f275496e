import type { DriverApplication } from '@coride/domain';
import { CarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApplicationStatusBadge } from '@/components/application-status-badge';
import { DetailList } from '@/components/ui/detail-list';
import { useFormatters } from '@/lib/format';
import { ApplicationItemLayout } from './application-item-layout';
import { ApplicationReviewDialog, type ReviewHandler } from './application-review-dialog';
import { ReviewerDocuments } from '@/components/driver-documents/reviewer-documents';
import { ReviewSection } from './review-parts';

/**
 * One driver application with its Review dialog. Shared by the admin (every application) and the
 * licensee (the applications of its territory); each passes the call that records the decision.
 */
export function DriverApplicationItem({ application, onReview }: { application: DriverApplication; onReview: ReviewHandler }) {
  const { t } = useTranslation('review');
  const format = useFormatters();
  const { user, vehicle } = application;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <ApplicationItemLayout
      name={name}
      email={user.email}
      status={application.status}
      submittedAt={application.submittedAt}
      testId="driver-application"
      review={
        <ApplicationReviewDialog
          name={name}
          title={t('dialog.driverTitle', { name })}
          submittedAt={application.submittedAt}
          status={application.status}
          reviewedAt={application.reviewedAt}
          reviewNotes={application.reviewNotes}
          onReview={onReview}
        >
          <ReviewSection title={t('dialog.applicant')}>
            <DetailList
              items={[
                { label: t('dialog.name'), value: name },
                { label: t('dialog.email'), value: <span className="break-all">{user.email}</span> },
                ...(application.phone ? [{ label: t('dialog.phone'), value: <span dir="ltr">{application.phone}</span> }] : []),
                { label: t('dialog.status'), value: <ApplicationStatusBadge status={application.status} /> },
                { label: t('dialog.licenseDocument'), value: <span className="font-mono">{application.licenseDocument}</span> },
                { label: t('dialog.insuranceNumber'), value: <span className="font-mono">{application.insuranceNumber}</span> },
              ]}
            />
          </ReviewSection>
          <ReviewSection title={t('dialog.vehicle')}>
            <DetailList
              items={[
                { label: t('dialog.make'), value: vehicle.make },
                { label: t('dialog.model'), value: vehicle.model },
                { label: t('dialog.year'), value: vehicle.year },
                { label: t('dialog.color'), value: vehicle.color },
                { label: t('dialog.plate'), value: <span className="font-mono">{vehicle.plate}</span> },
                { label: t('dialog.seats'), value: format.number(vehicle.seatCount) },
                { label: t('dialog.size'), value: t(`sizes.${vehicle.size}`, { defaultValue: vehicle.size }) },
                { label: t('dialog.ageClass'), value: t(`ages.${vehicle.age}`, { defaultValue: vehicle.age }) },
                { label: t('dialog.wheelchair'), value: vehicle.wheelchairAccessible ? t('dialog.yes') : t('dialog.no') },
                { label: t('dialog.driveArea'), value: vehicle.driveArea },
              ]}
            />
          </ReviewSection>
          <ReviewSection title={t('dialog.documents')}>
            <ReviewerDocuments driverId={application.driverId} />
          </ReviewSection>
        </ApplicationReviewDialog>
      }
    >
      <p className="flex items-start gap-1.5">
        <CarIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span>
          {t('list.vehicleName', { year: vehicle.year, make: vehicle.make, model: vehicle.model })}
          <span className="text-muted-foreground">
            {' · '}
            {vehicle.color}
            {' · '}
          </span>
          <span className="font-mono">{vehicle.plate}</span>
        </span>
      </p>
    </ApplicationItemLayout>
  );
}

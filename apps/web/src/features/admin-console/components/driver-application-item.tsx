import type { DriverApplication } from '@coride/domain';
import { CarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApplicationStatusBadge } from '@/components/application-status-badge';
import { Button } from '@/components/ui/button';
import { DetailList } from '@/components/ui/detail-list';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useFormatters } from '@/lib/format';
import { ApplicationItemLayout } from './application-item-layout';
import { PreviousReview, ReviewDecision, ReviewSection } from './review-parts';

export function DriverApplicationItem({ application }: { application: DriverApplication }) {
  const { t } = useTranslation('admin');
  const { user, vehicle } = application;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <ApplicationItemLayout
      name={name}
      email={user.email}
      status={application.status}
      submittedAt={application.submittedAt}
      testId="driver-application"
      review={<DriverReviewDialog application={application} name={name} />}
    >
      <p className="flex items-start gap-1.5">
        <CarIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span>
          {t('review.vehicleName', { year: vehicle.year, make: vehicle.make, model: vehicle.model })}
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

function DriverReviewDialog({ application, name }: { application: DriverApplication; name: string }) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const { user, vehicle } = application;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('applications.reviewLabel', { name })}>
          {t('applications.review')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl" data-testid="application-review">
        <DialogHeader className="pe-6">
          <DialogTitle>{t('review.driverTitle', { name })}</DialogTitle>
          <DialogDescription>{t('review.submitted', { date: format.dateTime(application.submittedAt) })}</DialogDescription>
        </DialogHeader>
        <ReviewSection title={t('review.applicant')}>
          <DetailList
            items={[
              { label: t('review.name'), value: name },
              { label: t('review.email'), value: <span className="break-all">{user.email}</span> },
              { label: t('review.status'), value: <ApplicationStatusBadge status={application.status} /> },
              { label: t('review.licenseDocument'), value: <span className="font-mono">{application.licenseDocument}</span> },
            ]}
          />
        </ReviewSection>
        <ReviewSection title={t('review.vehicle')}>
          <DetailList
            items={[
              { label: t('review.make'), value: vehicle.make },
              { label: t('review.model'), value: vehicle.model },
              { label: t('review.year'), value: vehicle.year },
              { label: t('review.color'), value: vehicle.color },
              { label: t('review.plate'), value: <span className="font-mono">{vehicle.plate}</span> },
              { label: t('review.seats'), value: format.number(vehicle.seatCount) },
              { label: t('review.size'), value: t(`sizes.${vehicle.size}`, { defaultValue: vehicle.size }) },
              { label: t('review.ageClass'), value: t(`ages.${vehicle.age}`, { defaultValue: vehicle.age }) },
              { label: t('review.driveArea'), value: vehicle.driveArea },
            ]}
          />
        </ReviewSection>
        <PreviousReview reviewedAt={application.reviewedAt} reviewNotes={application.reviewNotes} />
        <ReviewDecision />
      </DialogContent>
    </Dialog>
  );
}

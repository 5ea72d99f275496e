import type { DriverApplication, LicenseeApplication } from '@coride/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { FileTextIcon, StoreIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DriverApplicationItem } from '@/components/application-review/driver-application-item';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useReviewDriverApplication } from '../api/use-review-driver-application';
import { APPLICATIONS_SHOWN, newestApplications } from '../applications';
import { LicenseeApplicationItem } from './licensee-application-item';

export function ApplicationsTab({
  driverApplications,
  licenseeApplications,
}: {
  driverApplications: UseQueryResult<DriverApplication[]>;
  licenseeApplications: UseQueryResult<LicenseeApplication[]>;
}) {
  const { t } = useTranslation('admin');
  const reviewDriver = useReviewDriverApplication();
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ApplicationsCard
        title={t('applications.driversTitle')}
        query={driverApplications}
        errorTitle={t('errors.driverApplications')}
        emptyIcon={FileTextIcon}
        emptyTitle={t('applications.driversEmptyTitle')}
        emptyDescription={t('applications.driversEmptyDescription')}
        testId="driver-applications"
        renderItem={(application) => (
          <DriverApplicationItem
            key={application.id}
            application={application}
            onReview={(request) => reviewDriver.mutateAsync({ id: application.id, ...request })}
          />
        )}
      />
      <ApplicationsCard
        title={t('applications.licenseesTitle')}
        query={licenseeApplications}
        errorTitle={t('errors.licenseeApplications')}
        emptyIcon={StoreIcon}
        emptyTitle={t('applications.licenseesEmptyTitle')}
        emptyDescription={t('applications.licenseesEmptyDescription')}
        testId="licensee-applications"
        renderItem={(application) => <LicenseeApplicationItem key={application.id} application={application} />}
      />
    </div>
  );
}

function ApplicationsCard<T extends { submittedAt: string }>({
  title,
  query,
  errorTitle,
  emptyIcon,
  emptyTitle,
  emptyDescription,
  testId,
  renderItem,
}: {
  title: string;
  query: UseQueryResult<T[]>;
  errorTitle: string;
  emptyIcon: LucideIcon;
  emptyTitle: string;
  emptyDescription: string;
  testId: string;
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const total = query.data?.length ?? 0;
  const shown = Math.min(total, APPLICATIONS_SHOWN);
  return (
    <Card className="h-fit" data-testid={testId}>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        {total > 0 ? (
          <CardDescription>
            {total > shown ? t('applications.showingNewest', { shown, total }) : t('applications.showingAll', { count: total })}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
        ) : total === 0 ? (
          <EmptyState icon={emptyIcon} title={emptyTitle} description={emptyDescription} />
        ) : (
          <ul className="divide-y">{newestApplications(query.data).map(renderItem)}</ul>
        )}
      </CardContent>
    </Card>
  );
}

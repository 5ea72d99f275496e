import { FileTextIcon, StoreIcon, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DriverApplicationItem } from '@/components/application-review/driver-application-item';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import type { PagedList } from '@/components/paged-list/use-paged-list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useDriverApplications } from '../api/use-driver-applications';
import { useLicenseeApplications } from '../api/use-licensee-applications';
import { useReviewDriverApplication } from '../api/use-review-driver-application';
import { LicenseeApplicationItem } from './licensee-application-item';

/** Both application lists, read while the tab is shown, newest first and paged. */
export function ApplicationsTab() {
  const driverApplications = useDriverApplications();
  const licenseeApplications = useLicenseeApplications();
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

/** One list of applications, newest first: the first five, older ones with "Load more". */
function ApplicationsCard<T extends { id: string }>({
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
  query: PagedList<T>;
  errorTitle: string;
  emptyIcon: LucideIcon;
  emptyTitle: string;
  emptyDescription: string;
  testId: string;
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const shown = query.items.length;
  return (
    <Card className="h-fit" data-testid={testId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {title}
        </CardTitle>
        {shown > 0 ? (
          <CardDescription>
            {query.hasNextPage ? t('applications.showingNewest', { count: shown }) : t('applications.showingAll', { count: shown })}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError && !query.isFetchNextPageError ? (
          <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
        ) : shown === 0 ? (
          <EmptyState icon={emptyIcon} title={emptyTitle} description={emptyDescription} />
        ) : (
          <ul className="divide-y">{query.items.map(renderItem)}</ul>
        )}
        {query.isSuccess ? <LoadMoreButton list={query} describedBy={headingId} testId={`load-more-${testId}`} /> : null}
      </CardContent>
    </Card>
  );
}

import { FileTextIcon, SearchXIcon, StoreIcon, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DriverApplicationItem } from '@/components/application-review/driver-application-item';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import { SearchField } from '@/components/paged-list/search-field';
import type { PagedList } from '@/components/paged-list/use-paged-list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { NativeSelect } from '@/components/ui/select';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { APPLICATION_STATUS_FILTERS, statusOfFilter, type ApplicationStatusFilter } from '../applications';
import { useDriverApplications } from '../api/use-driver-applications';
import { useLicenseeApplications } from '../api/use-licensee-applications';
import { useReviewDriverApplication } from '../api/use-review-driver-application';
import { LicenseeApplicationItem } from './licensee-application-item';

/**
 * Both application lists, read while the tab is shown: those awaiting review (pending or under review)
 * by default, or of one status, or all; a search narrows both (name, email, business, territory, zip
 * code, plate). Newest first and paged.
 */
export function ApplicationsTab() {
  const { t } = useTranslation('admin');
  const statusId = useId();
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<ApplicationStatusFilter>('awaiting');
  const q = useDebouncedValue(text.trim(), 300);
  const filters = { q, status: statusOfFilter(filter) };
  const driverApplications = useDriverApplications(filters);
  const licenseeApplications = useLicenseeApplications(filters);
  const reviewDriver = useReviewDriverApplication();
  const isFiltered = q !== '' || filter !== 'all';
  const isSearching = q !== text.trim() || driverApplications.isPlaceholderData || licenseeApplications.isPlaceholderData;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start gap-4" aria-busy={isSearching || undefined}>
        <div className="min-w-64 flex-1">
          <SearchField
            label={t('applications.searchLabel')}
            hint={t('applications.searchHint')}
            value={text}
            onChange={setText}
            isSearching={isSearching}
            testId="application-search"
          />
        </div>
        <div className="grid w-56 gap-1.5">
          <Label htmlFor={statusId}>{t('applications.statusLabel')}</Label>
          <NativeSelect
            id={statusId}
            value={filter}
            onChange={(event) => setFilter(event.target.value as ApplicationStatusFilter)}
            data-testid="application-status-filter"
          >
            {APPLICATION_STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`applications.statusFilter.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <ApplicationsCard
          title={t('applications.driversTitle')}
          query={driverApplications}
          errorTitle={t('errors.driverApplications')}
          emptyIcon={isFiltered ? SearchXIcon : FileTextIcon}
          emptyTitle={isFiltered ? t('applications.noMatch') : t('applications.driversEmptyTitle')}
          emptyDescription={isFiltered ? t('applications.noMatchHint') : t('applications.driversEmptyDescription')}
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
          emptyIcon={isFiltered ? SearchXIcon : StoreIcon}
          emptyTitle={isFiltered ? t('applications.noMatch') : t('applications.licenseesEmptyTitle')}
          emptyDescription={isFiltered ? t('applications.noMatchHint') : t('applications.licenseesEmptyDescription')}
          testId="licensee-applications"
          renderItem={(application) => <LicenseeApplicationItem key={application.id} application={application} />}
        />
      </div>
    </div>
  );
}

/** One list of applications, newest first: the first five, older ones with "Load more" until all are shown. */
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

import type { DriverApplication, LicenseeDriver } from '@coride/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { CarIcon, CheckIcon, FileTextIcon, Loader2Icon, StarIcon, UsersIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DriverApplicationItem } from '@/components/application-review/driver-application-item';
import { DriverSuspensionButton, SuspensionNote } from '@/components/driver-suspension/driver-suspension-dialog';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import type { PagedList } from '@/components/paged-list/use-paged-list';
import { Badge } from '@/components/ui/badge';
import { ActionButton } from '@/components/ui/action-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useApproveDriver } from '../api/use-approve-driver';
import { licenseeDriversQueryKey } from '../api/use-licensee-drivers';
import { licenseeMetricsQueryKey } from '../api/use-licensee-metrics';
import { LowRatedCard } from './low-rated-card';
import { useReviewDriverApplication } from '../api/use-review-driver-application';

/** What a suspension changes in this console: the drivers list and the online count. */
const SUSPENSION_REFRESH = [{ queryKey: licenseeDriversQueryKey }, { queryKey: licenseeMetricsQueryKey }] as const;

/**
 * Applications waiting in the territory (with the admin's Review dialog), then every driver of it
 * (suspend and reinstate, ADR 031), then the low-rated riders and drivers (ADR 029).
 */
export function DriversTab({ applications, drivers }: { applications: PagedList<DriverApplication>; drivers: UseQueryResult<LicenseeDriver[]> }) {
  return (
    <div className="space-y-6">
      <ApplicationsCard applications={applications} />
      <DriversCard drivers={drivers} />
      <LowRatedCard />
    </div>
  );
}

/** The applications awaiting a decision, newest first: the first five, older ones with "Load more". */
function ApplicationsCard({ applications }: { applications: PagedList<DriverApplication> }) {
  const { t } = useTranslation('licensee');
  const headingId = useId();
  const review = useReviewDriverApplication();
  const shown = applications.items;
  return (
    <Card data-testid="territory-driver-applications">
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {t('applications.title')}
        </CardTitle>
        <CardDescription>{applications.hasNextPage ? t('applications.showingNewest', { count: shown.length }) : t('applications.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {applications.isPending ? (
          <LoadingState />
        ) : applications.isError && !applications.isFetchNextPageError ? (
          <ErrorState title={t('errors.applications')} error={applications.error} onRetry={() => void applications.refetch()} />
        ) : shown.length === 0 ? (
          <EmptyState icon={FileTextIcon} title={t('applications.emptyTitle')} description={t('applications.emptyDescription')} />
        ) : (
          <ul className="divide-y">
            {shown.map((application) => (
              <DriverApplicationItem
                key={application.id}
                application={application}
                onReview={(request) => review.mutateAsync({ id: application.id, ...request })}
              />
            ))}
          </ul>
        )}
        {applications.isSuccess ? <LoadMoreButton list={applications} describedBy={headingId} testId="load-more-territory-applications" /> : null}
      </CardContent>
    </Card>
  );
}

function DriversCard({ drivers }: { drivers: UseQueryResult<LicenseeDriver[]> }) {
  const { t } = useTranslation('licensee');
  return (
    <Card data-testid="territory-drivers">
      <CardHeader>
        <CardTitle as="h2">{t('drivers.title')}</CardTitle>
        <CardDescription>{t('drivers.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {drivers.isPending ? (
          <LoadingState />
        ) : drivers.isError ? (
          <ErrorState title={t('errors.drivers')} error={drivers.error} onRetry={() => void drivers.refetch()} />
        ) : drivers.data.length === 0 ? (
          <EmptyState icon={UsersIcon} title={t('drivers.emptyTitle')} description={t('drivers.emptyDescription')} />
        ) : (
          <ul className="divide-y">
            {drivers.data.map((driver) => (
              <DriverRow key={driver.id} driver={driver} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DriverRow({ driver }: { driver: LicenseeDriver }) {
  const { t } = useTranslation(['licensee', 'review']);
  const format = useFormatters();
  const approve = useApproveDriver();
  const name = `${driver.firstName} ${driver.lastName}`;
  const isApproving = approve.isPending;

  async function handleApprove() {
    try {
      await approve.mutateAsync(driver.id);
      toast({ title: t('toasts.approved'), variant: 'success' });
    } catch (error) {
      toast({ title: t('toasts.approveFailed'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  }

  return (
    <li
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
      data-testid="territory-driver"
      data-status={driver.status}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{name}</h3>
          <DriverStatusBadge status={driver.status} />
          {driver.suspension ? (
            <Badge variant="destructive" data-testid="driver-suspended-badge">
              {t('review:suspension.badge')}
            </Badge>
          ) : null}
          {driver.status === 'active' ? (
            <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="driver-online">
              <span className={cn('size-2 rounded-full', driver.isOnline ? 'bg-success' : 'bg-muted-foreground/50')} aria-hidden />
              {driver.isOnline ? t('drivers.online') : t('drivers.offline')}
            </span>
          ) : null}
        </div>
        <p className="text-sm break-all text-muted-foreground">{driver.email}</p>
        {driver.suspension ? <SuspensionNote suspension={driver.suspension} /> : null}
        <p className="flex items-start gap-1.5 text-sm">
          <CarIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="break-words">{driver.vehicle}</span>
        </p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className="flex items-center gap-1">
            <dt className="inline-flex items-center">
              <StarIcon className="size-3.5" aria-hidden />
              <span className="sr-only">{t('drivers.rating')}</span>
            </dt>
            <dd>{driver.rating === null ? t('drivers.noRating') : format.number(driver.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('drivers.rides')}:</dt>
            <dd className="tabular-nums">{format.number(driver.totalRides)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('drivers.monthlyEarnings')}:</dt>
            <dd className="tabular-nums">{format.money(driver.monthlyEarnings)}</dd>
          </div>
        </dl>
      </div>
      {driver.status === 'active' || driver.suspension ? (
        <DriverSuspensionButton driver={{ id: driver.id, name, suspension: driver.suspension }} invalidate={SUSPENSION_REFRESH} />
      ) : null}
      {driver.status === 'inactive' ? (
        <ActionButton
          size="sm"
          className="shrink-0 self-start"
          onClick={() => void handleApprove()}
          isPending={isApproving}
          aria-label={t('drivers.approveLabel', { name })}
          data-testid="approve-driver"
        >
          {isApproving ? <Loader2Icon className="animate-spin" aria-hidden /> : <CheckIcon aria-hidden />}
          {isApproving ? t('drivers.approving') : t('drivers.approve')}
        </ActionButton>
      ) : null}
    </li>
  );
}

function DriverStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('licensee');
  if (status === 'active') return <Badge variant="success">{t('drivers.status.active')}</Badge>;
  if (status === 'inactive') return <Badge variant="secondary">{t('drivers.status.inactive')}</Badge>;
  return <Badge variant="destructive">{t(`drivers.status.${status}`, { defaultValue: status })}</Badge>;
}

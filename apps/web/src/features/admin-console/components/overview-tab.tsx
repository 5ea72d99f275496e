import type { AdminDashboard, PlatformStats } from '@coride/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  ActivityIcon,
  ArrowRightIcon,
  BanIcon,
  CarIcon,
  CheckCircle2Icon,
  DollarSignIcon,
  FileTextIcon,
  MapIcon,
  RotateCwIcon,
  SmileIcon,
  StoreIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { useFormatters } from '@/lib/format';
import { FigureGrid, type Figure } from './figure-grid';

export function OverviewTab({
  dashboard,
  platformStats,
  onReviewApplications,
}: {
  dashboard: UseQueryResult<AdminDashboard>;
  platformStats: UseQueryResult<PlatformStats>;
  onReviewApplications: () => void;
}) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const todayFigures = useTodayFigures(dashboard.data);
  const platformFigures = usePlatformFigures(platformStats.data);
  return (
    <div className="space-y-6">
      <section aria-labelledby="platform-today-heading" className="space-y-3" data-testid="admin-today">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h2 id="platform-today-heading" className="text-lg font-semibold">
              {t('stats.heading')}
            </h2>
            {dashboard.dataUpdatedAt ? (
              <p className="text-sm text-muted-foreground">
                {t('stats.updatedAt', { time: format.dateTime(new Date(dashboard.dataUpdatedAt).toISOString()) })}
              </p>
            ) : null}
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void Promise.all([dashboard.refetch(), platformStats.refetch()])}
            disabled={dashboard.isFetching || platformStats.isFetching}
          >
            <RotateCwIcon aria-hidden className={dashboard.isFetching ? 'animate-spin' : undefined} />
            {t('stats.refresh')}
          </Button>
        </div>
        <FigureGrid query={dashboard} errorTitle={t('errors.dashboard')} figures={todayFigures} />
      </section>

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle as="h2">{t('pending.title')}</CardTitle>
            <CardDescription>{t('pending.description')}</CardDescription>
          </div>
          <Button variant="outline" size="sm" onClick={onReviewApplications}>
            {t('pending.review')}
            <ArrowRightIcon aria-hidden className="rtl:rotate-180" />
          </Button>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2 sm:gap-4">
          <PendingCount
            label={t('pending.drivers')}
            dashboard={dashboard}
            count={(data) => data.pendingDriverApplications}
            icon={FileTextIcon}
            testId="pending-driver-applications"
          />
          <PendingCount
            label={t('pending.licensees')}
            dashboard={dashboard}
            count={(data) => data.pendingLicenseeApplications}
            icon={StoreIcon}
            testId="pending-licensee-applications"
          />
        </CardContent>
      </Card>

      <section aria-labelledby="platform-stats-heading" className="space-y-3" data-testid="platform-stats">
        <div>
          <h2 id="platform-stats-heading" className="text-lg font-semibold">
            {t('platform.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('platform.description')}</p>
        </div>
        <FigureGrid query={platformStats} errorTitle={t('errors.platformStats')} figures={platformFigures} />
      </section>
    </div>
  );
}

function useTodayFigures(data: AdminDashboard | undefined): Figure[] {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  return [
    {
      key: 'activeRides',
      label: t('stats.activeRides'),
      value: data ? format.number(data.activeRides) : null,
      hint: t('stats.activeRidesHint'),
      icon: ActivityIcon,
    },
    {
      key: 'onlineDrivers',
      label: t('stats.onlineDrivers'),
      value: data ? format.number(data.onlineDrivers) : null,
      hint: t('stats.onlineDriversHint'),
      icon: CarIcon,
    },
    {
      key: 'dailyRevenue',
      label: t('stats.dailyRevenue'),
      value: data ? format.money(data.dailyRevenue) : null,
      hint: t('stats.dailyRevenueHint'),
      icon: DollarSignIcon,
    },
    {
      key: 'customerSatisfaction',
      label: t('stats.customerSatisfaction'),
      value:
        data?.customerSatisfaction == null
          ? null
          : t('stats.ratingValue', { rating: format.number(data.customerSatisfaction, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }),
      hint: data && data.customerSatisfaction === null ? t('stats.noRatingsYet') : t('stats.customerSatisfactionHint'),
      icon: SmileIcon,
    },
  ];
}

function usePlatformFigures(data: PlatformStats | undefined): Figure[] {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const count = (value: number | undefined) => (value === undefined ? null : format.number(value));
  const completionRate = data && data.totalRides > 0 ? format.percent(data.completedRides / data.totalRides) : null;
  return [
    { key: 'riders', label: t('platform.riders'), value: count(data?.riders), icon: UserIcon },
    {
      key: 'drivers',
      label: t('platform.drivers'),
      value: count(data?.drivers),
      hint: data ? t('platform.approvedDrivers', { count: data.approvedDrivers, formatted: format.number(data.approvedDrivers) }) : undefined,
      icon: CarIcon,
    },
    { key: 'licensees', label: t('platform.licensees'), value: count(data?.licensees), icon: UsersIcon },
    { key: 'territories', label: t('platform.territories'), value: count(data?.territories), icon: MapIcon },
    { key: 'totalRides', label: t('platform.totalRides'), value: count(data?.totalRides), icon: ActivityIcon },
    {
      key: 'completedRides',
      label: t('platform.completedRides'),
      value: count(data?.completedRides),
      hint: completionRate ? t('platform.completionRate', { rate: completionRate }) : undefined,
      icon: CheckCircle2Icon,
    },
    { key: 'cancelledRides', label: t('platform.cancelledRides'), value: count(data?.cancelledRides), icon: BanIcon },
    {
      key: 'totalRevenue',
      label: t('platform.totalRevenue'),
      value: data ? format.money(data.totalRevenue) : null,
      hint: t('platform.totalRevenueHint'),
      icon: WalletIcon,
    },
  ];
}

/**
 * Applications awaiting review (pending or under review), as the server counts them: the lists are
 * paged, so counting the rows read would stop at the first page.
 */
function PendingCount({
  label,
  dashboard,
  count,
  icon,
  testId,
}: {
  label: string;
  dashboard: UseQueryResult<AdminDashboard>;
  count: (data: AdminDashboard) => number;
  icon: LucideIcon;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  if (dashboard.isPending) return <StatCard label={label} value={<Spinner />} icon={icon} />;
  if (dashboard.isError) return <StatCard label={label} value={null} hint={t('pending.unavailable')} icon={icon} />;
  const awaiting = count(dashboard.data);
  return (
    <div data-testid={testId} data-count={awaiting}>
      <StatCard label={label} value={format.number(awaiting)} icon={icon} />
    </div>
  );
}

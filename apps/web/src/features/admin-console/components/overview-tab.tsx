import type { ApplicationStatus } from '@coride/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { ActivityIcon, ArrowRightIcon, CarIcon, DollarSignIcon, FileTextIcon, SmileIcon, StoreIcon, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { useFormatters } from '@/lib/format';
import { isAwaitingReview } from '../applications';

const platformStats = [
  { key: 'activeRides', icon: ActivityIcon },
  { key: 'onlineDrivers', icon: CarIcon },
  { key: 'dailyRevenue', icon: DollarSignIcon },
  { key: 'customerSatisfaction', icon: SmileIcon },
] as const;

type ApplicationsQuery = UseQueryResult<{ status: ApplicationStatus }[]>;

export function OverviewTab({
  driverApplications,
  licenseeApplications,
  onReviewApplications,
}: {
  driverApplications: ApplicationsQuery;
  licenseeApplications: ApplicationsQuery;
  onReviewApplications: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-6">
      <section aria-labelledby="platform-stats-heading">
        <h2 id="platform-stats-heading" className="sr-only">
          {t('stats.heading')}
        </h2>
        {/* Platform figures come from rides (GET /api/admin/dashboard, marketplace issue). */}
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {platformStats.map(({ key, icon }) => (
            <StatCard key={key} label={t(`stats.${key}`)} value={null} hint={t('stats.noRidesYet')} icon={icon} />
          ))}
        </div>
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
          <PendingCount label={t('pending.drivers')} query={driverApplications} icon={FileTextIcon} testId="pending-driver-applications" />
          <PendingCount label={t('pending.licensees')} query={licenseeApplications} icon={StoreIcon} testId="pending-licensee-applications" />
        </CardContent>
      </Card>
    </div>
  );
}

function PendingCount({ label, query, icon, testId }: { label: string; query: ApplicationsQuery; icon: LucideIcon; testId: string }) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  if (query.isPending) return <StatCard label={label} value={<Spinner />} icon={icon} />;
  if (query.isError) return <StatCard label={label} value={null} hint={t('pending.unavailable')} icon={icon} />;
  const awaiting = query.data.filter(isAwaitingReview).length;
  return (
    <div data-testid={testId} data-count={awaiting}>
      <StatCard label={label} value={format.number(awaiting)} hint={t('pending.ofTotal', { count: query.data.length })} icon={icon} />
    </div>
  );
}

import type { DriverMe, Ride } from '@coride/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { WalletIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useFormatters } from '@/lib/format';
import { summarizeEarnings } from '../earnings';

/** Earnings from the driver's real completed rides: today (server), the last 7 days and all time. */
export function EarningsSummaryCard({ profile, rides }: { profile: DriverMe; rides: UseQueryResult<Ride[]> }) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  const { data, dataUpdatedAt } = rides;
  const summary = useMemo(() => (data ? summarizeEarnings(data, dataUpdatedAt) : null), [data, dataUpdatedAt]);
  return (
    <Card data-testid="earnings-summary">
      <CardHeader>
        <CardTitle as="h2">{t('earnings.title')}</CardTitle>
        <CardDescription>{t('earnings.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {rides.isPending ? (
          <LoadingState />
        ) : rides.isError ? (
          <ErrorState title={t('errors.fetchRides')} error={rides.error} onRetry={() => void rides.refetch()} />
        ) : !summary || summary.completedRides === 0 ? (
          <EmptyState icon={WalletIcon} title={t('earnings.emptyTitle')} description={t('earnings.emptyDescription')} />
        ) : (
          <DetailList
            items={[
              { label: t('earnings.today'), value: format.money(profile.today.earnings) },
              { label: t('earnings.lastSevenDays'), value: format.money(summary.lastSevenDays) },
              { label: t('earnings.allTime'), value: format.money(summary.allTime) },
              { label: t('earnings.tips'), value: format.money(summary.tips) },
              { label: t('earnings.averagePerRide'), value: summary.averagePerRide === null ? '—' : format.money(summary.averagePerRide) },
              { label: t('earnings.completedRides'), value: format.number(summary.completedRides) },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}

import { CarIcon, NavigationIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { dashboardHref, receiptFrom } from '@/lib/dashboard-href';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useRides } from '../api/get-rides';
import { RideList } from './ride-list';

export function RidesTab() {
  const { t } = useTranslation('customer');
  const rides = useRides();
  // /dashboard?tab=rides&receipt=<id> (the booking page's "View full receipt") opens that receipt.
  const openReceiptId = receiptFrom(useSearch());
  const [, navigate] = useLocation();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('rides.title')}</CardTitle>
        <CardDescription>{t('rides.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {rides.isPending ? (
          <LoadingState />
        ) : rides.isError && !rides.isFetchNextPageError ? (
          <ErrorState title={t('rides.loadFailed')} error={rides.error} onRetry={() => void rides.refetch()} />
        ) : rides.items.length === 0 ? (
          <EmptyState
            icon={CarIcon}
            title={t('rides.emptyTitle')}
            description={t('rides.emptyDescription')}
            action={
              <Link href="/ride" className={buttonVariants({ className: 'mt-2' })}>
                <NavigationIcon aria-hidden />
                {t('rides.bookFirst')}
              </Link>
            }
          />
        ) : (
          <>
            <RideList
              rides={rides.items}
              testId="all-rides"
              openReceiptId={openReceiptId}
              onReceiptClosed={() => navigate(dashboardHref('rides'), { replace: true })}
            />
            <LoadMoreButton list={rides} testId="load-more-rides" />
          </>
        )}
      </CardContent>
    </Card>
  );
}

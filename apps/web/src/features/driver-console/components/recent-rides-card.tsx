import type { Ride, RideStatus } from '@coride/domain';
import { ArrowRightIcon, CarIcon, StarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import type { PagedList } from '@/components/paged-list/use-paged-list';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useFormatters } from '@/lib/format';
import { driverEarningOf } from '../earnings';

const statusVariants = {
  // A driver never holds a scheduled ride (ADR 034): it has no driver until it is dispatched.
  scheduled: 'outline',
  requested: 'outline',
  accepted: 'secondary',
  in_progress: 'secondary',
  completed: 'success',
  cancelled: 'destructive',
} as const satisfies Record<RideStatus, 'outline' | 'secondary' | 'success' | 'destructive'>;

/** The driver's rides, newest first: the five most recent (the first page), older ones with "Load more". */
export function RecentRidesCard({ rides }: { rides: PagedList<Ride> }) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  const recent = rides.items;
  return (
    <Card data-testid="recent-rides">
      <CardHeader>
        <CardTitle as="h2">{t('recentRides.title')}</CardTitle>
        {recent.length > 0 ? <CardDescription>{t('recentRides.description', { count: recent.length })}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {rides.isPending ? (
          <LoadingState />
        ) : rides.isError && !rides.isFetchNextPageError ? (
          <ErrorState title={t('errors.fetchRides')} error={rides.error} onRetry={() => void rides.refetch()} />
        ) : recent.length === 0 ? (
          <EmptyState icon={CarIcon} title={t('recentRides.emptyTitle')} description={t('recentRides.emptyDescription')} />
        ) : (
          <ul className="divide-y">
            {recent.map((ride) => {
              const when = ride.completedAt ?? ride.cancelledAt ?? ride.requestedAt;
              return (
                <li
                  key={ride.id}
                  className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
                  data-testid="recent-ride"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="flex flex-wrap items-center gap-x-1.5 text-sm font-medium">
                      <span className="break-words">{ride.pickupLocation.address}</span>
                      <ArrowRightIcon className="size-3.5 shrink-0 text-muted-foreground rtl:rotate-180" aria-hidden />
                      <span className="sr-only">{t('recentRides.to')}</span>
                      <span className="break-words">{ride.dropoffLocation.address}</span>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={when}>{format.dateTime(when)}</time>
                      {' · '}
                      {t('units.miles', { value: format.number(ride.distance, { maximumFractionDigits: 1 }) })}
                      {' · '}
                      {t('recentRides.rider', { name: ride.rider.firstName })}
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2 sm:flex-col sm:items-end">
                    <Badge variant={statusVariants[ride.status]}>{t(`rideStatus.${ride.status}`)}</Badge>
                    {ride.status === 'completed' ? <span className="text-sm font-semibold tabular-nums">{format.money(driverEarningOf(ride))}</span> : null}
                    {ride.rating !== null ? (
                      <span className="flex items-center gap-1 text-xs text-muted-foreground">
                        <StarIcon className="size-3.5 fill-current text-amber-500" aria-hidden />
                        {t('recentRides.rated', { rating: format.number(ride.rating) })}
                      </span>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {rides.isSuccess ? <LoadMoreButton list={rides} testId="load-more-driver-rides" /> : null}
      </CardContent>
    </Card>
  );
}

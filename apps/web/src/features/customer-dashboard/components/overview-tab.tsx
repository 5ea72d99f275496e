import type { PublicUser } from '@coride/domain';
import { isActiveRideStatus } from '@coride/domain/ride-state';
import { CalendarClockIcon, CalendarIcon, CarIcon, HistoryIcon, NavigationIcon, StarIcon, WalletIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { StatCard } from '@/components/ui/stat-card';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useRiderStats } from '../api/get-rider-stats';
import { useRides } from '../api/get-rides';
import { RideList } from './ride-list';

/** The spec's "3 most recent rides". */
const RECENT_RIDES = 3;

export function OverviewTab({ user, onShowAllRides }: { user: PublicUser; onShowAllRides: () => void }) {
  const { t } = useTranslation('customer');
  const format = useFormatters();
  const stats = useRiderStats();
  const rides = useRides();
  // A rider has one active ride at most, and nothing can be booked while it lasts: it is the newest, on the first page.
  const activeRide = rides.items.find((ride) => isActiveRideStatus(ride.status));

  // Real figures: a new rider sees real zeros. A dash only while loading or if the figures cannot be read.
  const figures = stats.data;
  const statCards = [
    { key: 'totalRides', icon: CarIcon, value: figures ? format.number(figures.totalRides) : null, hint: t('stats.totalRidesHint') },
    { key: 'totalSpent', icon: WalletIcon, value: figures ? format.money(figures.totalSpent) : null, hint: t('stats.totalSpentHint') },
    {
      key: 'averageRating',
      icon: StarIcon,
      // No driver has rated the rider yet: a newcomer's 5.0 would be invented.
      value: !figures
        ? null
        : figures.rating === null
          ? t('stats.noRating')
          : format.number(figures.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      hint: t('stats.averageRatingHint'),
    },
    { key: 'thisMonth', icon: CalendarIcon, value: figures ? format.number(figures.monthlyRides) : null, hint: t('stats.thisMonthHint') },
  ] as const;

  return (
    <div className="space-y-6">
      {activeRide ? (
        <Card className="border-primary/50 bg-accent/40" data-testid="active-ride-banner">
          <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="font-semibold">{t('activeRide.title')}</p>
              <p className="text-sm text-muted-foreground">{t('activeRide.description', { address: activeRide.dropoffLocation.address })}</p>
            </div>
            <Link href="/ride" className={buttonVariants()}>
              <NavigationIcon aria-hidden />
              {t('activeRide.track')}
            </Link>
          </CardContent>
        </Card>
      ) : null}

      <section aria-labelledby="ride-summary-heading">
        <h2 id="ride-summary-heading" className="sr-only">
          {t('stats.heading')}
        </h2>
        {stats.isError ? (
          <ErrorState title={t('stats.loadFailed')} error={stats.error} onRetry={() => void stats.refetch()} />
        ) : (
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="rider-stats" aria-busy={stats.isPending || undefined}>
            {statCards.map(({ key, icon, value, hint }) => (
              <div key={key} data-testid={`stat-${key}`}>
                <StatCard label={t(`stats.${key}`)} value={value} hint={hint} icon={icon} />
              </div>
            ))}
          </div>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle as="h2">{t('quickActions.title')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 sm:grid-cols-2">
              <Link href="/ride" className={cn(buttonVariants({ size: 'lg' }), 'h-auto w-full flex-col gap-1 py-4')} data-testid="book-ride-action">
                <span className="flex items-center gap-2">
                  <NavigationIcon aria-hidden />
                  {t('quickActions.bookRide')}
                </span>
                <span className="text-xs font-normal opacity-90">{t('quickActions.bookRideHint')}</span>
              </Link>
              <Link
                href="/ride?schedule=1"
                className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'h-auto w-full flex-col gap-1 py-4')}
                data-testid="schedule-ride-action"
              >
                <span className="flex items-center gap-2">
                  <CalendarClockIcon aria-hidden />
                  {t('quickActions.scheduleRide')}
                </span>
                <span className="text-xs font-normal">{t('quickActions.scheduleHint')}</span>
              </Link>
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle as="h2">{t('recentRides.title')}</CardTitle>
              {rides.items.length > RECENT_RIDES ? (
                <button type="button" onClick={onShowAllRides} className={buttonVariants({ variant: 'link', size: 'sm', className: 'h-auto px-0' })}>
                  {/* Past the first page the total is not known here: no number rather than a wrong one. */}
                  {rides.hasNextPage ? t('recentRides.seeAllMany') : t('recentRides.seeAll', { count: rides.items.length })}
                </button>
              ) : null}
            </CardHeader>
            <CardContent>
              {rides.isPending ? (
                <LoadingState />
              ) : rides.isError ? (
                <ErrorState title={t('rides.loadFailed')} error={rides.error} onRetry={() => void rides.refetch()} />
              ) : rides.items.length === 0 ? (
                <EmptyState icon={HistoryIcon} title={t('recentRides.emptyTitle')} description={t('recentRides.emptyDescription')} />
              ) : (
                <RideList rides={rides.items.slice(0, RECENT_RIDES)} testId="recent-rides" />
              )}
            </CardContent>
          </Card>
        </div>

        <Card className="h-fit">
          <CardHeader>
            <CardTitle as="h2">{t('profileCard.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <DetailList
              items={[
                { label: t('profileCard.name'), value: `${user.firstName} ${user.lastName}` },
                { label: t('profileCard.email'), value: user.email },
                { label: t('profileCard.phone'), value: user.phone || t('profileCard.notProvided') },
                { label: t('profileCard.memberSince'), value: format.date(user.createdAt) },
              ]}
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

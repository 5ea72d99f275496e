import type { PublicUser } from '@coride/domain';
import { CalendarClockIcon, CalendarIcon, CarIcon, HistoryIcon, NavigationIcon, StarIcon, WalletIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ComingSoonButton } from '@/components/ui/coming-soon-button';
import { DetailList } from '@/components/ui/detail-list';
import { EmptyState } from '@/components/ui/empty-state';
import { StatCard } from '@/components/ui/stat-card';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';

export function OverviewTab({ user }: { user: PublicUser }) {
  const { t } = useTranslation('customer');
  const format = useFormatters();

  // Ride statistics arrive with rides (GET /api/users/stats); a dash says "nothing yet", not "zero".
  const stats = [
    { key: 'totalRides', icon: CarIcon },
    { key: 'totalSpent', icon: WalletIcon },
    { key: 'averageRating', icon: StarIcon },
    { key: 'thisMonth', icon: CalendarIcon },
  ] as const;

  return (
    <div className="space-y-6">
      <section aria-labelledby="ride-summary-heading">
        <h2 id="ride-summary-heading" className="sr-only">
          {t('stats.heading')}
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {stats.map(({ key, icon }) => (
            <StatCard key={key} label={t(`stats.${key}`)} value={null} hint={t('stats.noRides')} icon={icon} />
          ))}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle as="h2">{t('quickActions.title')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 sm:grid-cols-2">
              <Link href="/ride" className={cn(buttonVariants({ size: 'lg' }), 'h-auto w-full flex-col gap-1 py-4')}>
                <span className="flex items-center gap-2">
                  <NavigationIcon aria-hidden />
                  {t('quickActions.bookRide')}
                </span>
                <span className="text-xs font-normal opacity-90">{t('quickActions.bookRideHint')}</span>
              </Link>
              <ComingSoonButton
                variant="outline"
                size="lg"
                reason={t('quickActions.scheduleSoon')}
                className="h-auto w-full flex-col gap-1 py-4"
                wrapperClassName="w-full"
              >
                <span className="flex items-center gap-2">
                  <CalendarClockIcon aria-hidden />
                  {t('quickActions.scheduleRide')}
                </span>
                <span className="text-xs font-normal" aria-hidden>
                  {t('quickActions.scheduleSoon')}
                </span>
              </ComingSoonButton>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">{t('recentRides.title')}</CardTitle>
            </CardHeader>
            <CardContent>
              <EmptyState icon={HistoryIcon} title={t('recentRides.emptyTitle')} description={t('recentRides.emptyDescription')} />
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

import type { DriverMe } from '@coride/domain';
import { CarIcon, ClockIcon, DollarSignIcon, StarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/ui/stat-card';
import { useFormatters } from '@/lib/format';

/** The spec's estimate of time online: half an hour per completed ride. */
const ESTIMATED_HOURS_PER_RIDE = 0.5;

/** Today's completed rides and what they earned (subtotal plus tips), with the driver's rating. */
export function PerformanceSection({ profile }: { profile: DriverMe }) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  const { rides, earnings } = profile.today;
  return (
    <section aria-labelledby="driver-performance-heading" className="space-y-3" data-testid="today-performance">
      <h2 id="driver-performance-heading" className="text-lg font-semibold">
        {t('performance.title')}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label={t('performance.earnings')}
          value={format.money(earnings)}
          hint={rides === 0 ? t('performance.noRidesToday') : t('performance.earningsHint')}
          icon={DollarSignIcon}
        />
        <StatCard
          label={t('performance.rides')}
          value={format.number(rides)}
          hint={t('performance.ridesHint', { count: profile.totalRides, total: format.number(profile.totalRides) })}
          icon={CarIcon}
        />
        <StatCard
          label={t('performance.onlineHours')}
          value={rides === 0 ? null : format.number(rides * ESTIMATED_HOURS_PER_RIDE, { maximumFractionDigits: 1 })}
          hint={rides === 0 ? t('performance.noRidesToday') : t('performance.onlineHoursHint')}
          icon={ClockIcon}
        />
        <StatCard
          label={t('performance.rating')}
          value={profile.rating === null ? null : format.number(profile.rating, { minimumFractionDigits: 1, maximumFractionDigits: 2 })}
          hint={profile.rating === null ? t('performance.noRatings') : t('performance.ratingHint')}
          icon={StarIcon}
        />
      </div>
    </section>
  );
}

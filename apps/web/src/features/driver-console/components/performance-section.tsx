import type { DriverProfile } from '@coride/domain';
import { CarIcon, ClockIcon, DollarSignIcon, StarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/ui/stat-card';
import { useFormatters } from '@/lib/format';

/** Today's numbers come from real rides (earnings issue); until then each card says there are none. */
export function PerformanceSection({ profile }: { profile: DriverProfile }) {
  const { t } = useTranslation('driver');
  const format = useFormatters();
  return (
    <section aria-labelledby="driver-performance-heading" className="space-y-3">
      <h2 id="driver-performance-heading" className="text-lg font-semibold">
        {t('performance.title')}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label={t('performance.earnings')} value={null} hint={t('performance.noRidesToday')} icon={DollarSignIcon} />
        <StatCard label={t('performance.rides')} value={null} hint={t('performance.noRidesToday')} icon={CarIcon} />
        <StatCard label={t('performance.onlineHours')} value={null} hint={t('performance.notOnlineToday')} icon={ClockIcon} />
        <StatCard
          label={t('performance.rating')}
          value={profile.rating === null ? null : format.number(profile.rating, { minimumFractionDigits: 1, maximumFractionDigits: 2 })}
          hint={profile.rating === null ? t('performance.noRatings') : undefined}
          icon={StarIcon}
        />
      </div>
    </section>
  );
}

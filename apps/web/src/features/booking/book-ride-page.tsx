import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { buttonVariants } from '@/components/ui/button';
import { FareRatesCard } from './components/fare-rates-card';
import { LiveUpdatesCard } from './components/live-updates-card';
import { MapPlaceholder } from './components/map-placeholder';
import { TripForm } from './components/trip-form';

/** /ride: where the rider sets a trip. Requests open with the marketplace; the layout is the real one. */
export function BookRidePage() {
  const { t } = useTranslation('booking');
  return (
    <DashboardShell
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <Link href="/dashboard" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <ArrowLeftIcon aria-hidden className="rtl:rotate-180" />
          {t('backToDashboard')}
        </Link>
      }
    >
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-2">
          <TripForm />
          <FareRatesCard />
        </div>
        <div className="space-y-6 lg:col-span-3">
          <MapPlaceholder />
          <LiveUpdatesCard />
        </div>
      </div>
    </DashboardShell>
  );
}

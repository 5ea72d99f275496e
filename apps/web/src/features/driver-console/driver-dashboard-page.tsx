import { CarIcon, InboxIcon, WalletIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useAuth } from '@/lib/auth';
import { useDriverProfile } from './api/use-driver-profile';
import { AvailabilityCard } from './components/availability-card';
import { DriverProfileCard } from './components/driver-profile-card';
import { LocationCard } from './components/location-card';
import { PerformanceSection } from './components/performance-section';

/** The driver's console: availability, today's numbers, requests, rides, vehicle and location. */
export function DriverDashboardPage() {
  const { t } = useTranslation('driver');
  const { user } = useAuth();
  const profile = useDriverProfile();
  if (!user) return null;

  return (
    <DashboardShell title={t('title')} subtitle={t('subtitle', { name: user.firstName })}>
      {profile.isPending ? (
        <LoadingState />
      ) : profile.isError ? (
        <ErrorState title={t('errors.fetchDriver')} error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <div className="space-y-6">
          <AvailabilityCard profile={profile.data} />
          <PerformanceSection profile={profile.data} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="space-y-6 lg:col-span-2">
              <EmptyCard title={t('requests.title')} icon={InboxIcon} emptyTitle={t('requests.emptyTitle')} emptyDescription={t('requests.emptyDescription')} />
              <EmptyCard title={t('recentRides.title')} icon={CarIcon} emptyTitle={t('recentRides.emptyTitle')} emptyDescription={t('recentRides.emptyDescription')} />
              <EmptyCard title={t('earnings.title')} icon={WalletIcon} emptyTitle={t('earnings.emptyTitle')} emptyDescription={t('earnings.emptyDescription')} />
            </div>
            <div className="space-y-6">
              <DriverProfileCard profile={profile.data} name={`${user.firstName} ${user.lastName}`} />
              <LocationCard />
            </div>
          </div>
        </div>
      )}
    </DashboardShell>
  );
}

function EmptyCard({ title, icon, emptyTitle, emptyDescription }: { title: string; icon: ComponentProps<typeof EmptyState>['icon']; emptyTitle: string; emptyDescription: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} />
      </CardContent>
    </Card>
  );
}

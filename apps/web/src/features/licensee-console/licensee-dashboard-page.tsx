import { BarChart3Icon, LayoutDashboardIcon, MapIcon, SettingsIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { useLicenseeDrivers } from './api/use-licensee-drivers';
import { useLicenseeMetrics } from './api/use-licensee-metrics';
import { useLicenseeTerritories } from './api/use-licensee-territories';
import { useTerritoryDriverApplications } from './api/use-territory-driver-applications';
import { DriversTab } from './components/drivers-tab';
import { EmptySectionCard } from './components/empty-section-card';
import { OverviewTab } from './components/overview-tab';
import { PendingApplicationBanner } from './components/pending-application-banner';
import { SettingsTab } from './components/settings-tab';
import { TerritoriesTab } from './components/territories-tab';

const tabs = [
  { value: 'overview', icon: LayoutDashboardIcon },
  { value: 'territories', icon: MapIcon },
  { value: 'drivers', icon: UsersIcon },
  { value: 'analytics', icon: BarChart3Icon },
  { value: 'settings', icon: SettingsIcon },
] as const;
type TabValue = (typeof tabs)[number]['value'];

/**
 * The licensee's console. Until an admin approves the application there is no territory: a banner
 * says why the figures are empty. Once there is one, the overview shows its real metrics, and the
 * territories and drivers tabs come alive.
 */
export function LicenseeDashboardPage() {
  const { t } = useTranslation('licensee');
  const { user } = useAuth();
  const [tab, setTab] = useState<TabValue>('overview');
  const metrics = useLicenseeMetrics();
  const territories = useLicenseeTerritories();
  const drivers = useLicenseeDrivers();
  const applications = useTerritoryDriverApplications();
  if (!user) return null;

  const hasTerritory = (metrics.data?.territories ?? 0) > 0;
  const pendingCount = metrics.data?.pendingDriverApplications ?? 0;

  return (
    <DashboardShell title={t('title')} subtitle={t('subtitle', { name: user.firstName })}>
      <div className="space-y-6">
        {metrics.isPending ? (
          <LoadingState />
        ) : metrics.isError ? (
          <ErrorState title={t('errors.metrics')} error={metrics.error} onRetry={() => void metrics.refetch()} />
        ) : hasTerritory ? null : (
          <PendingApplicationBanner />
        )}
        <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
          <TabsList aria-label={t('tabs.label')} className="w-full justify-start sm:w-auto">
            {tabs.map(({ value, icon: Icon }) => (
              <TabsTrigger key={value} value={value}>
                <Icon aria-hidden />
                {t(`tabs.${value}`)}
                {value === 'drivers' && pendingCount > 0 ? (
                  <span className="ms-0.5 rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums">
                    {pendingCount}
                    <span className="sr-only"> {t('tabs.pendingSuffix', { count: pendingCount })}</span>
                  </span>
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab
              metrics={metrics.data}
              updatedAt={metrics.dataUpdatedAt}
              isRefreshing={metrics.isFetching}
              onRefresh={() => void Promise.all([metrics.refetch(), territories.refetch(), drivers.refetch(), applications.refetch()])}
              onReviewDrivers={() => setTab('drivers')}
            />
          </TabsContent>
          <TabsContent value="territories">
            <TerritoriesTab territories={territories} />
          </TabsContent>
          <TabsContent value="drivers">
            <DriversTab applications={applications} drivers={drivers} />
          </TabsContent>
          <TabsContent value="analytics">
            <EmptySectionCard section="analytics" icon={BarChart3Icon} />
          </TabsContent>
          <TabsContent value="settings">
            <SettingsTab user={user} />
          </TabsContent>
        </Tabs>
      </div>
    </DashboardShell>
  );
}

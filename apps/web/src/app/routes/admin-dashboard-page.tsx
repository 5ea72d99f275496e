import { BarChart3Icon, CarIcon, FileTextIcon, LayoutDashboardIcon, LifeBuoyIcon, MapIcon, ScaleIcon, UsersIcon, WalletIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { ConsoleTabList } from '@/components/console-tabs';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { VoiceLauncher } from '@/features/assistant/voice-launcher';
import { LazyDisputesSection } from '@/features/disputes/lazy-disputes-section';
import { useDisputesRealtime } from '@/features/disputes/use-disputes-realtime';
import { LazySupportSection } from '@/features/support/lazy-support-section';
import { useTicketsRealtime } from '@/features/support/use-tickets-realtime';
import { LazySafetyAlertsPanel } from '@/features/safety-alerts/lazy-safety-alerts-panel';
import { useSafetyAlertsRealtime } from '@/features/safety-alerts/use-safety-alerts-realtime';
import { adminDashboardQueryKey, useAdminDashboard } from '@/features/admin-console/api/use-admin-dashboard';
import { platformStatsQueryKey, usePlatformStats } from '@/features/admin-console/api/use-platform-stats';
import { ApplicationsTab } from '@/features/admin-console/components/applications-tab';
import { OverviewTab } from '@/features/admin-console/components/overview-tab';
import { PlatformAnalyticsTab } from '@/features/admin-console/components/platform-analytics-tab';
import { LazyAnalyticsDashboard } from '@/features/licensee-analytics/lazy-analytics-dashboard';
import { RevenueTab } from '@/features/admin-console/components/revenue-tab';
import { RidesTab } from '@/features/admin-console/components/rides-tab';
import { TerritoriesTab } from '@/features/admin-console/components/territories-tab';
import { UsersTab } from '@/features/admin-console/components/users-tab';

const tabs = [
  { value: 'overview', icon: LayoutDashboardIcon },
  { value: 'applications', icon: FileTextIcon },
  { value: 'rides', icon: CarIcon },
  { value: 'users', icon: UsersIcon },
  { value: 'revenue', icon: WalletIcon },
  { value: 'disputes', icon: ScaleIcon },
  { value: 'support', icon: LifeBuoyIcon },
  { value: 'territory', icon: MapIcon },
  { value: 'analytics', icon: BarChart3Icon },
] as const;
type TabValue = (typeof tabs)[number]['value'];

/** What a dispute's decision changes besides the disputes: the ledger totals and today's figures. */
const LEDGER_QUERY_KEYS = [platformStatsQueryKey, adminDashboardQueryKey] as const;

/**
 * The admin's console: today's platform figures, all-time statistics, the application queues, the
 * active rides (a stuck one can be cancelled) and every ride (searchable), every user (searchable, by
 * role), the money in the ledger with the last 14 days of releases, every dispute, and the territories
 * (zip codes, suspension). The growing lists are read a page at a time.
 */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<TabValue>('overview');
  const dashboard = useAdminDashboard();
  const platformStats = usePlatformStats();
  useDisputesRealtime(LEDGER_QUERY_KEYS);
  useTicketsRealtime();
  useSafetyAlertsRealtime();
  const openDisputes = platformStats.data?.ledger.openDisputes ?? 0;

  return (
    <DashboardShell title={t('title')} subtitle={t('subtitle')}>
      <div className="mb-6">
        <LazySafetyAlertsPanel />
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
        <ConsoleTabList
          label={t('tabs.label')}
          tabs={tabs.map(({ value, icon }) => ({
            value,
            icon,
            label: t(`tabs.${value}`),
            badge: value === 'disputes' ? { count: openDisputes, suffix: t('tabs.openDisputesSuffix', { count: openDisputes }) } : null,
          }))}
        />
        <TabsContent value="overview">
          <OverviewTab dashboard={dashboard} platformStats={platformStats} onReviewApplications={() => setTab('applications')} />
        </TabsContent>
        <TabsContent value="applications">
          <ApplicationsTab />
        </TabsContent>
        <TabsContent value="rides">
          <RidesTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="revenue">
          <RevenueTab platformStats={platformStats} onReviewDisputes={() => setTab('disputes')} />
        </TabsContent>
        <TabsContent value="disputes">
          <LazyDisputesSection headingId="admin-disputes-heading" description={t('disputes.description')} alsoRefresh={LEDGER_QUERY_KEYS} />
        </TabsContent>
        <TabsContent value="support">
          <LazySupportSection headingId="admin-support-heading" description={t('support.description')} />
        </TabsContent>
        <TabsContent value="territory">
          <TerritoriesTab />
        </TabsContent>
        <TabsContent value="analytics">
          <PlatformAnalyticsTab TerritoryAnalytics={LazyAnalyticsDashboard} />
        </TabsContent>
      </Tabs>
      <VoiceLauncher />
    </DashboardShell>
  );
}

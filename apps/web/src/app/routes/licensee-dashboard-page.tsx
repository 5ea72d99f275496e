import {
  BarChart3Icon,
  BadgeDollarSignIcon,
  CarIcon,
  LayoutDashboardIcon,
  MessageSquareHeartIcon,
  LifeBuoyIcon,
  MapIcon,
  LandmarkIcon,
  ScaleIcon,
  SettingsIcon,
  UsersIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { PayoutsPanel } from '@/components/payouts/payouts-panel';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { ConsoleTabList } from '@/components/console-tabs';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { VoiceLauncher } from '@/features/assistant/voice-launcher';
import { LazyDisputesSection } from '@/features/disputes/lazy-disputes-section';
import { useDisputesRealtime } from '@/features/disputes/use-disputes-realtime';
import { LazySupportSection } from '@/features/support/lazy-support-section';
import { useTicketsRealtime } from '@/features/support/use-tickets-realtime';
import { LazySafetyAlertsPanel } from '@/features/safety-alerts/lazy-safety-alerts-panel';
import { useSafetyAlertsRealtime } from '@/features/safety-alerts/use-safety-alerts-realtime';
import { LazyPricingMap } from '@/features/pricing/lazy-pricing-map';
import { LazySubmissionsReview } from '@/features/rewards/lazy-rewards';
import { LazyAnalyticsDashboard } from '@/features/licensee-analytics/lazy-analytics-dashboard';
import { useAuth } from '@/lib/auth';
import { useLicenseeDrivers } from '@/features/licensee-console/api/use-licensee-drivers';
import { licenseeMetricsQueryKey, useLicenseeMetrics } from '@/features/licensee-console/api/use-licensee-metrics';
import { licenseeTerritoriesQueryKey, useLicenseeTerritories } from '@/features/licensee-console/api/use-licensee-territories';
import { useTerritoryDriverApplications } from '@/features/licensee-console/api/use-territory-driver-applications';
import { DriversTab } from '@/features/licensee-console/components/drivers-tab';
import { EmptySectionCard } from '@/features/licensee-console/components/empty-section-card';
import { OverviewTab } from '@/features/licensee-console/components/overview-tab';
import { PendingApplicationBanner } from '@/features/licensee-console/components/pending-application-banner';
import { RidesTab } from '@/features/licensee-console/components/rides-tab';
import { SettingsTab } from '@/features/licensee-console/components/settings-tab';
import { TerritoriesTab } from '@/features/licensee-console/components/territories-tab';

const tabs = [
  { value: 'overview', icon: LayoutDashboardIcon },
  { value: 'territories', icon: MapIcon },
  { value: 'drivers', icon: UsersIcon },
  { value: 'rides', icon: CarIcon },
  { value: 'pricing', icon: BadgeDollarSignIcon },
  { value: 'disputes', icon: ScaleIcon },
  { value: 'support', icon: LifeBuoyIcon },
  { value: 'community', icon: MessageSquareHeartIcon },
  { value: 'analytics', icon: BarChart3Icon },
  { value: 'payouts', icon: LandmarkIcon },
  { value: 'settings', icon: SettingsIcon },
] as const;
type TabValue = (typeof tabs)[number]['value'];

/** What a dispute's decision changes besides the disputes: the commission figures. */
const LEDGER_QUERY_KEYS = [licenseeMetricsQueryKey, licenseeTerritoriesQueryKey] as const;

/**
 * The licensee's console. Until an admin approves the application there is no territory: a banner
 * says why the figures are empty. Once there is one, the overview shows its real metrics, and the
 * territories, drivers, rides (a stuck one can be cancelled) and disputes tabs come alive; a
 * dispute a rider opens arrives live.
 */
export function LicenseeDashboardPage() {
  const { t } = useTranslation(['licensee', 'pricing', 'rewards', 'payouts']);
  const { user } = useAuth();
  const [tab, setTab] = useState<TabValue>('overview');
  const metrics = useLicenseeMetrics();
  const territories = useLicenseeTerritories();
  const drivers = useLicenseeDrivers();
  const applications = useTerritoryDriverApplications();
  useDisputesRealtime(LEDGER_QUERY_KEYS);
  useTicketsRealtime();
  useSafetyAlertsRealtime();
  if (!user) return null;

  const hasTerritory = (metrics.data?.territories ?? 0) > 0;
  const pendingCount = metrics.data?.pendingDriverApplications ?? 0;
  const openDisputes = metrics.data?.openDisputes ?? 0;
  const counts: Partial<Record<TabValue, { count: number; suffix: string }>> = {
    drivers: { count: pendingCount, suffix: t('tabs.pendingSuffix', { count: pendingCount }) },
    disputes: { count: openDisputes, suffix: t('tabs.openDisputesSuffix', { count: openDisputes }) },
  };

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
        <LazySafetyAlertsPanel />
        <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
          <ConsoleTabList
            label={t('tabs.label')}
            tabs={tabs.map(({ value, icon }) => ({
              value,
              icon,
              label:
                value === 'pricing'
                  ? t('pricing:tab')
                  : value === 'payouts'
                    ? t('payouts:tab')
                    : value === 'community'
                      ? t('rewards:review.tab')
                      : t(`tabs.${value}`),
              badge: counts[value],
            }))}
          />
          <TabsContent value="overview">
            <OverviewTab
              metrics={metrics.data}
              updatedAt={metrics.dataUpdatedAt}
              isRefreshing={metrics.isFetching}
              onRefresh={() => void Promise.all([metrics.refetch(), territories.refetch(), drivers.refetch(), applications.refetch()])}
              onReviewDrivers={() => setTab('drivers')}
              onReviewDisputes={() => setTab('disputes')}
            />
          </TabsContent>
          <TabsContent value="territories">
            <TerritoriesTab territories={territories} />
          </TabsContent>
          <TabsContent value="drivers">
            <DriversTab applications={applications} drivers={drivers} />
          </TabsContent>
          <TabsContent value="rides">
            <RidesTab />
          </TabsContent>
          <TabsContent value="pricing">
            <LazyPricingMap territories={(territories.data ?? []).map((x) => ({ id: x.id, name: x.territoryName }))} canManage />
          </TabsContent>
          <TabsContent value="disputes">
            <LazyDisputesSection headingId="licensee-disputes-heading" description={t('disputes.description')} alsoRefresh={LEDGER_QUERY_KEYS} />
          </TabsContent>
          <TabsContent value="support">
            <LazySupportSection headingId="licensee-support-heading" description={t('support.description')} />
          </TabsContent>
          <TabsContent value="community">
            <LazySubmissionsReview />
          </TabsContent>
          <TabsContent value="analytics">
            {hasTerritory ? (
              <LazyAnalyticsDashboard
                territories={(territories.data ?? []).map((x) => ({ id: x.id, name: x.territoryName }))}
                headingId="licensee-analytics-heading"
              />
            ) : (
              <EmptySectionCard section="analytics" icon={BarChart3Icon} />
            )}
          </TabsContent>
          <TabsContent value="payouts">
            <PayoutsPanel />
          </TabsContent>
          <TabsContent value="settings">
            <SettingsTab user={user} />
          </TabsContent>
        </Tabs>
      </div>
      <VoiceLauncher />
    </DashboardShell>
  );
}

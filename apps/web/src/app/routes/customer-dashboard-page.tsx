import { CarIcon, CreditCardIcon, GiftIcon, LayoutDashboardIcon, StarIcon, UserIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { ChatLauncher } from '@/features/assistant/chat-launcher';
import { VoiceLauncher } from '@/features/assistant/voice-launcher';
import { LazyRewardsTab } from '@/features/rewards/lazy-rewards';
import { ConsoleTabList } from '@/components/console-tabs';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { dashboardHref, dashboardTabFrom, isDashboardTab, type DashboardTab } from '@/lib/dashboard-href';
import { FavoritesTab } from '@/features/customer-dashboard/components/favorites-tab';
import { OverviewTab } from '@/features/customer-dashboard/components/overview-tab';
import { PaymentsTab } from '@/features/customer-dashboard/components/payments-tab';
import { ProfileTab } from '@/features/customer-dashboard/components/profile-tab';
import { RidesTab } from '@/features/customer-dashboard/components/rides-tab';
import { useLiveRideUpdates } from '@/features/customer-dashboard/hooks/use-live-ride-updates';
import { useRiderStats } from '@/features/customer-dashboard/api/get-rider-stats';

const tabs = [
  { value: 'overview', icon: LayoutDashboardIcon },
  { value: 'rides', icon: CarIcon },
  { value: 'payments', icon: CreditCardIcon },
  { value: 'rewards', icon: GiftIcon },
  { value: 'favorites', icon: StarIcon },
  { value: 'profile', icon: UserIcon },
] as const satisfies readonly { value: DashboardTab; icon: unknown }[];

/**
 * The rider's home: their figures, rides (with Rebook and receipts), payments, favorite places and
 * profile. The open section is in the address (/dashboard?tab=payments), so links can open one and a
 * reload keeps it.
 */
export function CustomerDashboardPage() {
  const { t } = useTranslation('customer');
  const { user } = useAuth();
  const tab = dashboardTabFrom(useSearch());
  const [, navigate] = useLocation();
  const setTab = (value: DashboardTab) => navigate(dashboardHref(value), { replace: true });
  useLiveRideUpdates();
  // "Welcome back" only for a rider who has ridden with us; a newcomer (and anyone while the figures load) is welcomed.
  const stats = useRiderStats();
  const isReturning = (stats.data?.totalRides ?? 0) > 0;
  if (!user) return null;

  return (
    <DashboardShell title={t(isReturning ? 'title' : 'titleNew', { name: user.firstName })} subtitle={t('subtitle')}>
      <Tabs value={tab} onValueChange={(value) => isDashboardTab(value) && setTab(value)}>
        <ConsoleTabList
          label={t('tabs.label')}
          tabs={tabs.map(({ value, icon }) => ({ value, icon, label: t(`tabs.${value}`), testId: `dashboard-tab-${value}` }))}
        />
        <TabsContent value="overview">
          <OverviewTab user={user} onShowAllRides={() => setTab('rides')} />
        </TabsContent>
        <TabsContent value="rides">
          <RidesTab />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="rewards">
          <LazyRewardsTab />
        </TabsContent>
        <TabsContent value="favorites">
          <FavoritesTab />
        </TabsContent>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
      </Tabs>
      <ChatLauncher />
      <VoiceLauncher />
    </DashboardShell>
  );
}

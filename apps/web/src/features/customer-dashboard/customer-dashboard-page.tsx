import { CarIcon, CreditCardIcon, LayoutDashboardIcon, StarIcon, UserIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { FavoritesTab } from './components/favorites-tab';
import { OverviewTab } from './components/overview-tab';
import { PaymentsTab } from './components/payments-tab';
import { ProfileTab } from './components/profile-tab';
import { RidesTab } from './components/rides-tab';
import { useLiveRideUpdates } from './hooks/use-live-ride-updates';

const tabs = [
  { value: 'overview', icon: LayoutDashboardIcon },
  { value: 'rides', icon: CarIcon },
  { value: 'payments', icon: CreditCardIcon },
  { value: 'favorites', icon: StarIcon },
  { value: 'profile', icon: UserIcon },
] as const;
type TabValue = (typeof tabs)[number]['value'];

/** The rider's home: their figures, rides (with Rebook), favorite places, payments and profile. */
export function CustomerDashboardPage() {
  const { t } = useTranslation('customer');
  const { user } = useAuth();
  const [tab, setTab] = useState<TabValue>('overview');
  useLiveRideUpdates();
  if (!user) return null;

  return (
    <DashboardShell title={t('title', { name: user.firstName })} subtitle={t('subtitle')}>
      <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
        <TabsList aria-label={t('tabs.label')} className="w-full justify-start sm:w-auto">
          {tabs.map(({ value, icon: Icon }) => (
            <TabsTrigger key={value} value={value} data-testid={`dashboard-tab-${value}`}>
              <Icon aria-hidden />
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab user={user} onShowAllRides={() => setTab('rides')} />
        </TabsContent>
        <TabsContent value="rides">
          <RidesTab />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="favorites">
          <FavoritesTab />
        </TabsContent>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
      </Tabs>
    </DashboardShell>
  );
}

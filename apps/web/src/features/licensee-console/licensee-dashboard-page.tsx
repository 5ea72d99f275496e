import { BarChart3Icon, LayoutDashboardIcon, MapIcon, SettingsIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { EmptySectionCard } from './components/empty-section-card';
import { OverviewTab } from './components/overview-tab';
import { PendingApplicationBanner } from './components/pending-application-banner';
import { SettingsTab } from './components/settings-tab';

const tabs = [
  { value: 'overview', icon: LayoutDashboardIcon },
  { value: 'territories', icon: MapIcon },
  { value: 'drivers', icon: UsersIcon },
  { value: 'analytics', icon: BarChart3Icon },
  { value: 'settings', icon: SettingsIcon },
] as const;

/**
 * The licensee's console. Until an admin approves the application there is no territory, so metrics,
 * territories, drivers and analytics are honest empty states under a banner that says why.
 */
export function LicenseeDashboardPage() {
  const { t } = useTranslation('licensee');
  const { user } = useAuth();
  if (!user) return null;

  return (
    <DashboardShell title={t('title')} subtitle={t('subtitle', { name: user.firstName })}>
      <div className="space-y-6">
        <PendingApplicationBanner />
        <Tabs defaultValue="overview">
          <TabsList aria-label={t('tabs.label')} className="w-full justify-start sm:w-auto">
            {tabs.map(({ value, icon: Icon }) => (
              <TabsTrigger key={value} value={value}>
                <Icon aria-hidden />
                {t(`tabs.${value}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab />
          </TabsContent>
          <TabsContent value="territories">
            <EmptySectionCard section="territories" icon={MapIcon} />
          </TabsContent>
          <TabsContent value="drivers">
            <EmptySectionCard section="drivers" icon={UsersIcon} />
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

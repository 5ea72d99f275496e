import { BarChart3Icon, FileTextIcon, LayoutDashboardIcon, MapIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAdminDashboard } from './api/use-admin-dashboard';
import { useDriverApplications } from './api/use-driver-applications';
import { useLicenseeApplications } from './api/use-licensee-applications';
import { usePlatformStats } from './api/use-platform-stats';
import { ApplicationsTab } from './components/applications-tab';
import { ComingSoonTab } from './components/coming-soon-tab';
import { OverviewTab } from './components/overview-tab';

const tabs = [
  { value: 'overview', icon: LayoutDashboardIcon },
  { value: 'applications', icon: FileTextIcon },
  { value: 'territory', icon: MapIcon },
  { value: 'analytics', icon: BarChart3Icon },
] as const;
type TabValue = (typeof tabs)[number]['value'];

/** The admin's console: today's platform figures, all-time statistics and the application queues. */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<TabValue>('overview');
  const dashboard = useAdminDashboard();
  const platformStats = usePlatformStats();
  const driverApplications = useDriverApplications();
  const licenseeApplications = useLicenseeApplications();

  return (
    <DashboardShell title={t('title')} subtitle={t('subtitle')}>
      <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
        <TabsList aria-label={t('tabs.label')} className="w-full justify-start sm:w-auto">
          {tabs.map(({ value, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden />
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab
            dashboard={dashboard}
            platformStats={platformStats}
            driverApplications={driverApplications}
            licenseeApplications={licenseeApplications}
            onReviewApplications={() => setTab('applications')}
          />
        </TabsContent>
        <TabsContent value="applications">
          <ApplicationsTab driverApplications={driverApplications} licenseeApplications={licenseeApplications} />
        </TabsContent>
        <TabsContent value="territory">
          <ComingSoonTab icon={MapIcon} description={t('comingSoon.territory')} />
        </TabsContent>
        <TabsContent value="analytics">
          <ComingSoonTab icon={BarChart3Icon} description={t('comingSoon.analytics')} />
        </TabsContent>
      </Tabs>
    </DashboardShell>
  );
}

import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';

export function AdminDashboardPage() {
  return (
    <PageShell header={<SiteHeader />}>
      <h1 className="p-8 text-2xl font-bold">Admin Dashboard</h1>
    </PageShell>
  );
}

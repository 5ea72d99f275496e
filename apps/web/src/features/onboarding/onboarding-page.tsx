import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';

export function OnboardingPage() {
  return (
    <PageShell header={<SiteHeader />}>
      <h1 className="p-8 text-2xl font-bold">Join Our Community</h1>
    </PageShell>
  );
}

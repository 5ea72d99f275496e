import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { CommunitySection } from './community-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { LandingNav } from './landing-nav';
import { PricingSection } from './pricing-section';

/** The public landing page (product spec, section 2): hero with sign-up tabs, pricing, how it works, community. */
export function LandingPage() {
  return (
    <PageShell
      header={
        <SiteHeader>
          <LandingNav />
        </SiteHeader>
      }
    >
      <HeroSection />
      <HowItWorksSection />
      <PricingSection />
      <CommunitySection />
    </PageShell>
  );
}

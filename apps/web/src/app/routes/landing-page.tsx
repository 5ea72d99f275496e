import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { VoiceLauncher } from '@/features/assistant/voice-launcher';
import { CommunitySection } from '@/features/landing/community-section';
import { HeroSection } from '@/features/landing/hero-section';
import { HowItWorksSection } from '@/features/landing/how-it-works-section';
import { LandingNav } from '@/features/landing/landing-nav';
import { PricingSection } from '@/features/landing/pricing-section';

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
      {/* Only the round button ships with the page (in the first-screen chunk, which costs less than a
          request of its own); the panel, speech code and texts load on the first press. */}
      <VoiceLauncher />
    </PageShell>
  );
}

import { lazy, Suspense } from 'react';
import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { CommunitySection } from '@/features/landing/community-section';
import { HeroSection } from '@/features/landing/hero-section';
import { HowItWorksSection } from '@/features/landing/how-it-works-section';
import { LandingNav } from '@/features/landing/landing-nav';
import { PricingSection } from '@/features/landing/pricing-section';

/**
 * The voice assistant's button comes just after the first screen (it is fixed in a corner, so nothing
 * moves when it appears): this page's first JavaScript carries only the import of it, and the panel,
 * speech code and texts load on the first press.
 */
const VoiceLauncher = lazy(async () => ({ default: (await import('@/features/assistant/voice-launcher')).VoiceLauncher }));

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
      <Suspense fallback={null}>
        <VoiceLauncher />
      </Suspense>
    </PageShell>
  );
}

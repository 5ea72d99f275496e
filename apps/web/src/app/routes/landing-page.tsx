import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { VoiceLauncher } from '@/features/assistant/voice-launcher';
import { BelowTheFold } from '@/features/landing/below-the-fold';
import { HeroSection } from '@/features/landing/hero-section';
import { LandingNav } from '@/features/landing/landing-nav';

/**
 * The public landing page (product spec, section 2): hero with sign-up tabs, pricing, how it works,
 * community. The hero is the first screen; the sections below it load as the visitor nears them.
 */
export function LandingPage() {
  return (
    <PageShell
      header={
        <SiteHeader>
          <LandingNav />
        </SiteHeader>
      }
    >
      {/* Only the voice assistant's button ships with the page (in the first-screen chunk, which costs
          less than a request of its own); the panel, speech code and texts load on the first press. */}
      <HeroSection assistant={<VoiceLauncher isLabelShown />} />
      <BelowTheFold />
    </PageShell>
  );
}

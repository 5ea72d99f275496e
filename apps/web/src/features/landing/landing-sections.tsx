import { useEffect } from 'react';
import { addEnglishTexts } from '@/lib/i18n';
import { CommunitySection } from './community-section';
import { HowItWorksSection } from './how-it-works-section';
import { PricingSection } from './pricing-section';

// The sections' English texts travel with their code (one file, no second round trip).
addEnglishTexts(import.meta.glob<{ default: Record<string, unknown> }>('../../locales/en/{landing,trust}.json', { eager: true }));

/** The landing page below the hero: loaded when the visitor comes near it (below-the-fold.tsx). */
export function LandingSections() {
  useEffect(() => {
    // Opened at (or sent to) #pricing before these sections existed: the placeholder's place was a guess.
    const target = window.location.hash ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    target?.scrollIntoView();
  }, []);
  return (
    <>
      <HowItWorksSection />
      <PricingSection />
      <CommunitySection />
    </>
  );
}

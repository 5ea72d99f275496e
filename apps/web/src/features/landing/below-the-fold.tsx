import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const loadSections = () => import('./landing-sections');
const LandingSections = lazy(async () => ({ default: (await loadSections()).LandingSections }));

/** The in-page anchors of the top bar; their placeholders carry the ids until the sections arrive. */
const sectionIds = ['how-it-works', 'pricing', 'community'];

const isSectionAddressed = () => sectionIds.includes(decodeURIComponent(window.location.hash.slice(1)));

/**
 * The landing page's sections below the hero (how it works, pricing, community) load when the visitor
 * scrolls near them or follows one of their anchors, not with the first screen: on a phone the hero
 * fills the screen, and their code, texts and icons were about a tenth of the first screen's script
 * (docs/decisions/023). Until then, screen-tall placeholders keep the footer where it will stay.
 */
export function BelowTheFold() {
  const [isWanted, setIsWanted] = useState(isSectionAddressed);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (isWanted) return;
    const want = () => setIsWanted(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && want(), { rootMargin: '0px 0px 50% 0px' });
    if (placeholder.current) observer.observe(placeholder.current);
    const onHashChange = () => isSectionAddressed() && want();
    window.addEventListener('hashchange', onHashChange);
    return () => {
      observer.disconnect();
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [isWanted]);

  const placeholders = (
    <div ref={placeholder} aria-busy="true">
      {sectionIds.map((id) => (
        <div key={id} id={id} className="min-h-dvh scroll-mt-16" />
      ))}
    </div>
  );
  return isWanted ? (
    <Suspense fallback={placeholders}>
      <LandingSections />
    </Suspense>
  ) : (
    placeholders
  );
}

import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const Footer = lazy(async () => ({ default: (await import('./footer')).Footer }));

/** Room kept for the footer until it arrives: it is always below the fold, so nothing visible moves. */
const placeholder = 'mt-auto min-h-96';

/**
 * The site footer, loaded when the visitor comes near the bottom of the page: every page's main area
 * is at least a screen tall, so the footer is never part of the first screen, and its code and texts
 * were about 0.7 KB of it (docs/decisions/023).
 */
export function FooterWhenNear() {
  const [isNear, setIsNear] = useState(false);
  const room = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (isNear || !room.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setIsNear(true), {
      rootMargin: '0px 0px 50% 0px',
    });
    observer.observe(room.current);
    return () => observer.disconnect();
  }, [isNear]);
  return isNear ? (
    <Suspense fallback={<div className={placeholder} />}>
      <Footer />
    </Suspense>
  ) : (
    <div ref={room} className={placeholder} />
  );
}

import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * Client-side navigation keeps the window's scroll position, so a footer link would open the next
 * page scrolled down to its bottom. Each navigation (path or query) starts at the top instead; the
 * first render is left alone so a reload keeps the browser's own scroll restoration.
 */
export function ScrollToTopOnNavigate() {
  const [path] = useLocation();
  const search = useSearch();
  const location = `${path}?${search}`;
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    window.scrollTo({ top: 0, left: 0 });
  }, [location]);
  return null;
}

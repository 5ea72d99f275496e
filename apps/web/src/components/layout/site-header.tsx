import type { ReactNode } from 'react';
import { Brand } from './brand';
import { LanguageSelector } from './language-selector';

/** The top bar used by every page; pages put their own links and buttons in `children`. */
export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Brand />
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          {children}
          <LanguageSelector />
        </div>
      </div>
    </header>
  );
}

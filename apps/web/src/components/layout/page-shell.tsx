import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FooterWhenNear } from './footer-when-near';

/** Every page: a skip link, the page's own content as <main>, and the footer (loaded as the visitor nears it). */
export function PageShell({ header, children }: { header?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        {t('skipToContent')}
      </a>
      {header}
      {/* At least a screen tall, so content arriving after the first paint never pushes a visible footer (no layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
        {children}
      </main>
      <FooterWhenNear />
    </div>
  );
}

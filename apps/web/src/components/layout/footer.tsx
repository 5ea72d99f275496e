import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { addEnglishTexts } from '@/lib/i18n';
import { Brand } from './brand';

// The footer's English texts travel with its code (footer-when-near.tsx loads it).
addEnglishTexts(import.meta.glob<{ default: Record<string, unknown> }>('../../locales/en/footer.json', { eager: true }));

type FooterLink = { href: string; key: string };

const columns: { heading: string; links: FooterLink[] }[] = [
  {
    heading: 'services',
    links: [
      // The spec's footer links /ride-booking; the router sends it to the booking page too.
      { href: '/ride-booking', key: 'bookRide' },
      { href: '/onboarding?tab=driver', key: 'becomeDriver' },
      { href: '/onboarding?tab=licensee', key: 'licenseeProgram' },
      { href: '/global-showcase', key: 'globalCoverage' },
      { href: '/business-logic-demo', key: 'howItWorks' },
    ],
  },
  {
    heading: 'company',
    links: [
      { href: '/', key: 'about' },
      { href: '/', key: 'contact' },
      { href: '/', key: 'careers' },
      { href: '/', key: 'safety' },
      { href: '/', key: 'insurance' },
    ],
  },
  {
    heading: 'legal',
    links: [
      { href: '/terms-of-service', key: 'terms' },
      { href: '/privacy-policy', key: 'privacy' },
    ],
  },
];

/** Shown on every page. */
export function Footer() {
  const { t } = useTranslation('footer');
  return (
    <footer className="mt-auto border-t bg-muted/50" data-testid="site-footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Brand />
          <p className="text-sm text-muted-foreground">{t('blurb')}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={t(column.heading)}>
            <h2 className="mb-3 text-sm font-semibold">{t(column.heading)}</h2>
            <ul className="space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.key}>
                  <Link href={link.href} className="text-muted-foreground hover:text-foreground hover:underline">
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto max-w-6xl space-y-1 px-4 py-6 text-xs text-muted-foreground">
          <p>{t('copyright', { year: new Date().getFullYear() })}</p>
          <p>{t('disclaimerPlatform')}</p>
          <p>{t('disclaimerDrivers')}</p>
          <p>{t('disclaimerLicensees')}</p>
        </div>
      </div>
    </footer>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';

const anchors = [
  { href: '#how-it-works', key: 'howItWorks' },
  { href: '#pricing', key: 'pricing' },
  { href: '#community', key: 'community' },
] as const;

/** The landing page's part of the top bar: in-page links, then sign in and sign up. */
export function LandingNav() {
  const { t } = useTranslation(['nav', 'common']);
  return (
    <>
      <nav aria-label={t('nav:mainNavigation')} className="hidden md:block">
        <ul className="flex items-center gap-1">
          {anchors.map((anchor) => (
            <li key={anchor.key}>
              <a href={anchor.href} className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'text-muted-foreground hover:text-foreground' })}>
                {t(`nav:${anchor.key}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Link href="/sign-in" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
        {t('common:signIn')}
      </Link>
      {/* On phones the hero's sign-up card, right below, is the call to action; the bar keeps room for sign-in and language. */}
      <Link href="/onboarding" className={buttonVariants({ size: 'sm', className: 'hidden sm:inline-flex' })}>
        {t('common:getStarted')}
      </Link>
    </>
  );
}

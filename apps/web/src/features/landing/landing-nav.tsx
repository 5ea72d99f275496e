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
      {/* From lg only: at tablet width the in-page links with French or Burmese labels did not fit beside the rest. */}
      <nav aria-label={t('nav:mainNavigation')} className="hidden lg:block">
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
      {/* On phones the hero's sign-up card, right below, is the call to action; the bar keeps room for sign-in and language.
          `max-sm:hidden`, not `hidden sm:inline-flex`: buttonVariants joins classes without merging, and its
          `inline-flex` beat `hidden`, so the button showed on phones and pushed the page wide in 7 languages. */}
      <Link href="/onboarding" className={buttonVariants({ size: 'sm', className: 'max-sm:hidden' })}>
        {t('common:getStarted')}
      </Link>
    </>
  );
}

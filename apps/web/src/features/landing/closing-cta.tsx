import { ArrowRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Focus rings must show on the teal band, so these buttons use a light outline. */
const onPrimaryFocus = 'focus-visible:outline-primary-foreground';

export function ClosingCta() {
  const { t } = useTranslation('landing');
  return (
    <div className="rounded-2xl bg-primary px-6 py-10 text-center text-primary-foreground sm:px-12 sm:py-14">
      <h3 className="text-2xl font-bold text-balance sm:text-3xl">{t('howItWorks.cta.title')}</h3>
      <p className="mx-auto mt-3 max-w-xl text-pretty">{t('howItWorks.cta.description')}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link href="/onboarding" className={cn(buttonVariants({ size: 'lg', variant: 'secondary' }), onPrimaryFocus)}>
          {t('howItWorks.cta.getStarted')}
          <ArrowRightIcon className="rtl:rotate-180" aria-hidden />
        </Link>
        <Link
          href="/onboarding"
          className={cn(
            buttonVariants({ size: 'lg', variant: 'outline' }),
            'border-primary-foreground bg-transparent text-primary-foreground hover:bg-primary-foreground/10',
            onPrimaryFocus,
          )}
        >
          {t('howItWorks.cta.learnMore')}
        </Link>
      </div>
    </div>
  );
}

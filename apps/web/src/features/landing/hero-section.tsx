import { BanknoteIcon, HandCoinsIcon, PercentIcon, ShieldCheckIcon, type IconComponent } from '@/components/ui/first-screen-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { JoinTabs } from './join-tabs';
import { DRIVER_SHARE_OF_PAYMENT, ESCROW_DAYS, TOTAL_FEE_BPS } from './marketplace-facts';
import { useFormatters } from './use-formatters';

/**
 * The page's h1, its promises, and the sign-up card. `assistant`: the voice assistant's button, in
 * the flow below the promises (the page composes it in: features do not import each other).
 */
export function HeroSection({ assistant }: { assistant?: ReactNode }) {
  const { t } = useTranslation('hero');
  const format = useFormatters();
  const fees = format.bps(TOTAL_FEE_BPS);
  const promises: { key: string; icon: IconComponent; text: string }[] = [
    { key: 'fees', icon: PercentIcon, text: t('promises.fees', { percent: fees }) },
    { key: 'driverShare', icon: BanknoteIcon, text: t('promises.driverShare', { percent: format.ratio(Math.floor(DRIVER_SHARE_OF_PAYMENT * 100) / 100) }) },
    { key: 'tips', icon: HandCoinsIcon, text: t('promises.tips') },
    { key: 'escrow', icon: ShieldCheckIcon, text: t('promises.escrow', { count: ESCROW_DAYS }) },
  ];

  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-accent/60 via-accent/20 to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[1fr_minmax(0,28rem)] lg:gap-16 lg:pt-20 lg:pb-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('eyebrow')}</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t('title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">{t('subtitle', { fees })}</p>
          <ul aria-label={t('promisesLabel')} className="mt-8 grid gap-3 sm:grid-cols-2">
            {promises.map(({ key, icon: Icon, text }) => (
              <li key={key} className="flex items-center gap-3 rounded-lg border bg-background/80 p-3 text-sm font-medium shadow-sm">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                  <Icon className="size-5" aria-hidden />
                </span>
                {text}
              </li>
            ))}
          </ul>
          {assistant ? <div className="mt-6">{assistant}</div> : null}
        </div>
        <Card className="shadow-lg">
          <CardHeader className="pb-2">
            <h2 className="text-xl font-semibold">{t('formTitle')}</h2>
          </CardHeader>
          <CardContent>
            <JoinTabs />
            <p className="mt-5 text-center text-sm text-muted-foreground">
              {t('haveAccount')}{' '}
              <Link href="/sign-in" className="font-medium text-primary underline-offset-4 hover:underline">
                {t('signIn')}
              </Link>
            </p>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

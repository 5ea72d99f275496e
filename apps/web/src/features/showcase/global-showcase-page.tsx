import { isLanguageCode, languages } from '@coride/domain/languages';
import { GlobeIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { LanguageCard } from './language-card';

/** The spec's headline reach: people who speak at least one of the app's languages. */
const SPEAKERS_REACHED = 4_800_000_000;

export function GlobalShowcasePage() {
  const { t, i18n } = useTranslation('showcase');
  const current = isLanguageCode(i18n.language) ? i18n.language : 'en';
  const withVoice = languages.filter((language) => Boolean(language.speechLocale)).length;
  const number = (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(i18n.language, options).format(value);

  const stats = [
    { key: 'reach', value: t('stats.reach.value', { value: number(SPEAKERS_REACHED, { notation: 'compact', maximumFractionDigits: 1 }) }) },
    { key: 'languages', value: number(languages.length) },
    { key: 'voice', value: number(withVoice / languages.length, { style: 'percent' }) },
  ];

  return (
    <PageShell header={<SiteHeader />}>
      <section aria-labelledby="showcase-title" className="bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto max-w-6xl px-4 pt-12 pb-10 text-center sm:pt-16">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
            <GlobeIcon className="size-7" aria-hidden />
          </span>
          <p className="mt-5 text-sm font-semibold tracking-wide text-primary uppercase">{t('eyebrow')}</p>
          <h1 id="showcase-title" className="mt-2 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {t('title', { count: languages.length })}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">{t('subtitle')}</p>
          <dl aria-label={t('statsLabel')} className="mx-auto mt-10 grid max-w-4xl gap-4 sm:grid-cols-3">
            {stats.map((stat) => (
              <div key={stat.key} className="flex flex-col-reverse rounded-xl border bg-background p-5 shadow-sm">
                <dt className="mt-1 text-sm text-muted-foreground">{t(`stats.${stat.key}.label`)}</dt>
                <dd className="text-4xl font-bold text-primary tabular-nums" data-testid={`showcase-stat-${stat.key}`}>
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="languages-title" className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:pb-24">
        <h2 id="languages-title" className="text-2xl font-bold">
          {t('gridTitle')}
        </h2>
        <p className="mt-1 text-muted-foreground">{t('gridDescription')}</p>
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {languages.map((language) => (
            <li key={language.code}>
              <LanguageCard language={language} isCurrent={language.code === current} />
            </li>
          ))}
        </ul>
      </section>
    </PageShell>
  );
}

import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { buttonVariants } from '@/components/ui/button';

/** Both documents were last changed on this day (product spec: "last updated August 29, 2025"). */
const LAST_UPDATED = new Date(Date.UTC(2025, 7, 29));

type LegalSection = { heading: string; paragraphs?: string[]; items?: string[]; afterItems?: string };
type LegalText = { title: string; summaryTitle: string; summary: string[]; sections: LegalSection[] };

export type LegalDocumentKind = 'terms' | 'privacy';

const otherDocument: Record<LegalDocumentKind, { href: string; kind: LegalDocumentKind }> = {
  terms: { href: '/privacy-policy', kind: 'privacy' },
  privacy: { href: '/terms-of-service', kind: 'terms' },
};

/** A legal page: its text lives in locales/<lang>/legal.json, this only lays it out with a table of contents. */
export function LegalDocument({ kind }: { kind: LegalDocumentKind }) {
  const { t, i18n } = useTranslation(['legal', 'common']);
  const text = t(`legal:${kind}`, { returnObjects: true, brand: t('common:brand') }) as unknown as LegalText;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(LAST_UPDATED);
  const sectionId = (index: number) => `${kind}-section-${index + 1}`;
  const other = otherDocument[kind];

  return (
    <PageShell header={<SiteHeader />}>
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
        <Link href="/" className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ms-3' })}>
          <ArrowLeftIcon className="rtl:rotate-180" aria-hidden />
          {t('common:backToHome')}
        </Link>

        <header className="mt-6 max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{text.title}</h1>
          <p className="mt-2 text-muted-foreground">{t('legal:lastUpdated', { date })}</p>
        </header>

        <aside aria-labelledby={`${kind}-summary`} className="mt-8 max-w-3xl rounded-lg border border-primary/30 bg-accent/50 p-5">
          <h2 id={`${kind}-summary`} className="font-semibold">
            {text.summaryTitle}
          </h2>
          <ul className="mt-3 list-disc space-y-1.5 ps-5 text-sm">
            {text.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </aside>

        <div className="mt-10 grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)]">
          <nav aria-labelledby={`${kind}-toc`} className="lg:sticky lg:top-24 lg:max-h-[calc(100dvh-8rem)] lg:self-start lg:overflow-y-auto">
            <h2 id={`${kind}-toc`} className="text-sm font-semibold">
              {t('legal:onThisPage')}
            </h2>
            <ol className="mt-3 space-y-1 border-s text-sm">
              {text.sections.map((section, index) => (
                <li key={section.heading}>
                  <a
                    href={`#${sectionId(index)}`}
                    className="-ms-px block border-s border-transparent py-1 ps-3 text-muted-foreground hover:border-foreground hover:text-foreground"
                  >
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <article className="max-w-3xl space-y-10">
            {text.sections.map((section, index) => (
              <section key={section.heading} aria-labelledby={sectionId(index)} className="scroll-mt-20">
                <h2 id={sectionId(index)} className="text-xl font-semibold">
                  {section.heading}
                </h2>
                <div className="mt-3 space-y-3 leading-relaxed">
                  {section.paragraphs?.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                  {section.items ? (
                    <ul className="list-disc space-y-2 ps-6">
                      {section.items.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ) : null}
                  {section.afterItems ? <p>{section.afterItems}</p> : null}
                </div>
              </section>
            ))}

            <p className="border-t pt-6 text-sm text-muted-foreground">
              {t('legal:otherDocument')}{' '}
              <Link href={other.href} className="font-medium text-primary underline underline-offset-4">
                {t(`legal:${other.kind}.title`)}
              </Link>
            </p>
          </article>
        </div>
      </div>
    </PageShell>
  );
}

import type { languages } from '@coride/domain/languages';
import { CheckIcon, MicIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { changeLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { showcaseTexts } from './showcase-texts';

type Language = (typeof languages)[number];

/**
 * One language's card. The card carries that language's lang and dir so its sample texts are read and laid out
 * correctly; the labels around them are in the interface language and say so on their own spans, which keeps
 * them isolated without breaking the card's alignment.
 */
export function LanguageCard({ language, isCurrent }: { language: Language; isCurrent: boolean }) {
  const { t, i18n } = useTranslation('showcase');
  const ui = { lang: i18n.language, dir: i18n.dir(i18n.language) };
  const text = showcaseTexts[language.code];
  const localName = languageName(i18n.language, language.code) ?? language.name;

  return (
    <Card
      lang={language.code}
      dir={language.dir}
      className={cn('flex h-full flex-col', isCurrent && 'border-primary ring-2 ring-primary')}
      data-testid={`language-card-${language.code}`}
    >
      <CardHeader className="flex-row items-start gap-3">
        <span className="text-4xl leading-none" aria-hidden>
          {language.flag}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-semibold">{language.nativeName}</h3>
          <p className="text-sm text-muted-foreground">
            <span lang="en" dir="ltr">
              {language.name} ·{' '}
              <span className="sr-only" {...ui}>
                {t('card.code')}{' '}
              </span>
              <code className="rounded bg-muted px-1 font-mono text-xs text-foreground">{language.code}</code>
            </span>
          </p>
        </div>
        {isCurrent ? (
          <Badge {...ui} data-testid="current-language-badge">
            {t('card.current')}
          </Badge>
        ) : null}
      </CardHeader>
      <CardContent className="flex-1 space-y-4">
        <div>
          <p className="font-semibold text-primary">{text.title}</p>
          <p className="mt-1 text-sm text-muted-foreground">{text.description}</p>
        </div>
        <figure className="rounded-lg bg-muted p-3">
          <figcaption className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <MicIcon className="size-3.5" aria-hidden />
            <span {...ui}>{t('card.voicePrompt')}</span>
          </figcaption>
          <blockquote className="mt-1 font-medium">{text.voicePrompt}</blockquote>
        </figure>
        <div>
          <p className="text-xs font-medium text-muted-foreground">
            <span {...ui}>{t('card.navigation')}</span>
          </p>
          <ul className="mt-1.5 flex flex-wrap gap-1.5 text-sm">
            {Object.entries(text.nav).map(([key, label]) => (
              <li key={key} className="rounded-md border bg-background px-2 py-0.5">
                {label}
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
      <CardFooter {...ui}>
        {isCurrent ? (
          <p className="flex items-center gap-2 text-sm font-medium text-primary">
            <CheckIcon className="size-4" aria-hidden />
            {t('card.inUse')}
          </p>
        ) : (
          <Button variant="outline" className="w-full" onClick={() => void changeLanguage(language.code)} data-testid={`switch-language-${language.code}`}>
            {t('card.switchTo', { name: localName })}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

/** The language's name in the reader's language ("árabe" for a Spanish reader), when the browser knows it. */
function languageName(readerLanguage: string, code: string): string | undefined {
  try {
    return new Intl.DisplayNames([readerLanguage], { type: 'language' }).of(code);
  } catch {
    return undefined;
  }
}

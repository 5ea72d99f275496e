import { languages } from '@coride/domain/languages';
import { CheckIcon, GlobeIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { changeLanguage } from '@/lib/i18n';

/** The spec's language dropdown: flag and name, the active one marked, closes on choice. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation('common');
  const current = languages.find((l) => l.code === i18n.language) ?? languages[0];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('currentLanguage', { name: current.nativeName })} data-testid="language-selector">
          <GlobeIcon aria-hidden />
          <span aria-hidden>{current.flag}</span>
          <span className="hidden sm:inline">{current.nativeName}</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-[70vh] min-w-48 overflow-y-auto rounded-md border bg-background p-1 shadow-lg"
          aria-label={t('selectLanguage')}
        >
          {languages.map((language) => (
            <DropdownMenu.Item
              key={language.code}
              lang={language.code}
              dir={language.dir}
              onSelect={() => void changeLanguage(language.code)}
              className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted"
            >
              <span aria-hidden>{language.flag}</span>
              <span className="flex-1">{language.nativeName}</span>
              {language.code === current.code ? <CheckIcon className="size-4 text-primary" aria-label={t('currentLanguage', { name: language.nativeName })} /> : null}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

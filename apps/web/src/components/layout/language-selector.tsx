import { languages, type LanguageCode } from '@coride/domain/languages';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { GlobeIcon } from '@/components/ui/first-screen-icons';
import { changeLanguage } from '@/lib/i18n';

const loadList = () => import('./language-list');
const LanguageList = lazy(async () => ({ default: (await loadList()).LanguageList }));
const preloadList = () => void loadList().catch(() => undefined);

/**
 * The spec's language dropdown: flag and name, the active one marked, closes on choice. A small
 * listbox of our own rather than a menu library: it is on every page's first screen, so it stays
 * light, and only the button is: the list's code loads when it is first wanted (language-list.tsx).
 */
export function LanguageSelector() {
  const { t, i18n } = useTranslation('common');
  const current = languages.find((l) => l.code === i18n.language) ?? languages[0];
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  const close = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (code: LanguageCode) => {
    void changeLanguage(code);
    close();
  };

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-label={t('currentLanguage', { name: current.nativeName })}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        data-testid="language-selector"
        onPointerEnter={preloadList}
        onFocus={preloadList}
        onClick={() => (isOpen ? close() : setIsOpen(true))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setIsOpen(true);
          }
        }}
      >
        <GlobeIcon aria-hidden />
        <span aria-hidden>{current.flag}</span>
        <span className="hidden sm:inline">{current.nativeName}</span>
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <LanguageList id={listId} current={current.code} containerRef={rootRef} onChoose={choose} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}

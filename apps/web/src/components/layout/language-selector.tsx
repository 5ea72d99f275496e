import { languages } from '@coride/domain/languages';
import { CheckIcon, GlobeIcon } from '@/components/ui/first-screen-icons';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { changeLanguage } from '@/lib/i18n';

/**
 * The spec's language dropdown: flag and name, the active one marked, closes on choice. A small
 * listbox of our own rather than a menu library: it is on every page's first screen, so it stays light.
 */
export function LanguageSelector() {
  const { t, i18n } = useTranslation('common');
  const current = languages.find((l) => l.code === i18n.language) ?? languages[0];
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!isOpen) return;
    listRef.current?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [isOpen]);

  useEffect(() => {
    if (isOpen) listRef.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [isOpen, activeIndex]);

  const open = () => {
    setActiveIndex(
      Math.max(
        0,
        languages.findIndex((l) => l.code === current.code),
      ),
    );
    setIsOpen(true);
  };
  const close = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (index: number) => {
    const language = languages[index];
    if (language) void changeLanguage(language.code);
    close();
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = languages.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => Math.min(last, activeIndex + 1),
      ArrowUp: () => Math.max(0, activeIndex - 1),
      Home: () => 0,
      End: () => last,
    };
    if (moves[event.key]) {
      event.preventDefault();
      setActiveIndex(moves[event.key]!());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(activeIndex);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close();
    }
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
        onClick={() => (isOpen ? close() : open())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            open();
          }
        }}
      >
        <GlobeIcon aria-hidden />
        <span aria-hidden>{current.flag}</span>
        <span className="hidden sm:inline">{current.nativeName}</span>
      </Button>
      {isOpen ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-label={t('selectLanguage')}
          aria-activedescendant={`${listId}-${activeIndex}`}
          onKeyDown={onListKeyDown}
          className="absolute end-0 z-50 mt-1 max-h-[70vh] min-w-48 overflow-y-auto rounded-md border bg-background p-1 shadow-lg focus:outline-none"
        >
          {languages.map((language, index) => (
            <li
              key={language.code}
              id={`${listId}-${index}`}
              data-index={index}
              role="option"
              aria-selected={language.code === current.code}
              lang={language.code}
              dir={language.dir}
              onPointerMove={() => setActiveIndex(index)}
              onClick={() => choose(index)}
              className={`flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm ${index === activeIndex ? 'bg-muted' : ''}`}
            >
              <span aria-hidden>{language.flag}</span>
              <span className="flex-1">{language.nativeName}</span>
              {language.code === current.code ? <CheckIcon className="size-4 text-primary" aria-hidden /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

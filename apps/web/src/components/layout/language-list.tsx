import { languages, type LanguageCode } from '@coride/domain/languages';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/components/ui/first-screen-icons';

/**
 * The open language list of LanguageSelector: a listbox with the active option followed by the arrow
 * keys, Home and End; Enter or Space chooses, Escape and Tab close, so does a press outside. Loaded
 * the first time the list opens (or the button is pointed at or focused), not with the first screen.
 */
export function LanguageList({
  id,
  current,
  containerRef,
  onChoose,
  onClose,
}: {
  id: string;
  current: LanguageCode;
  containerRef: RefObject<HTMLDivElement | null>;
  onChoose: (code: LanguageCode) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const [activeIndex, setActiveIndex] = useState(() =>
    Math.max(
      0,
      languages.findIndex((l) => l.code === current),
    ),
  );
  const listRef = useRef<HTMLUListElement>(null);

  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });
  useEffect(() => {
    listRef.current?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) latestOnClose.current();
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [containerRef]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const choose = (index: number) => {
    const language = languages[index];
    if (language) onChoose(language.code);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
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
      onClose();
    }
  };

  return (
    <ul
      ref={listRef}
      id={id}
      role="listbox"
      tabIndex={-1}
      aria-label={t('selectLanguage')}
      aria-activedescendant={`${id}-${activeIndex}`}
      onKeyDown={onKeyDown}
      className="absolute end-0 z-50 mt-1 max-h-[70vh] min-w-48 overflow-y-auto rounded-md border bg-background p-1 shadow-lg focus:outline-none"
    >
      {languages.map((language, index) => (
        <li
          key={language.code}
          id={`${id}-${index}`}
          data-index={index}
          role="option"
          aria-selected={language.code === current}
          lang={language.code}
          dir={language.dir}
          onPointerMove={() => setActiveIndex(index)}
          onClick={() => choose(index)}
          className={`flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm ${index === activeIndex ? 'bg-muted' : ''}`}
        >
          <span aria-hidden>{language.flag}</span>
          <span className="flex-1">{language.nativeName}</span>
          {language.code === current ? <CheckIcon className="size-4 text-primary" aria-hidden /> : null}
        </li>
      ))}
    </ul>
  );
}

import { XIcon } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * The floating assistant panel: 384 x 500 px at the bottom right (smaller screens: the viewport less
 * a margin). A non-modal dialog: the page stays usable; Escape closes it (focus then returns to its
 * button) unless `isEscapeHandledElsewhere` (a confirmation above it is open).
 */
export function PanelFrame({
  id,
  title,
  badge,
  tools,
  onClose,
  initialFocus,
  isEscapeHandledElsewhere = false,
  children,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  tools?: ReactNode;
  onClose: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  isEscapeHandledElsewhere?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    (initialFocus?.current ?? panel.current)?.focus();
  }, [initialFocus]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || isEscapeHandledElsewhere || event.defaultPrevented) return;
    event.stopPropagation();
    onClose();
  }

  return (
    <section
      ref={panel}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid={`${id}-panel`}
      className="fixed right-4 bottom-4 z-50 flex h-[500px] max-h-[calc(100dvh-2rem)] w-96 max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-lg border bg-background text-foreground shadow-2xl outline-none"
    >
      <header className="flex items-center gap-2 border-b bg-primary px-3 py-2 text-primary-foreground">
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-base font-semibold">
          {title}
        </h2>
        {badge}
        {tools}
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-primary-foreground hover:bg-primary-foreground/15 focus-visible:outline-primary-foreground"
          onClick={onClose}
          aria-label={t('close')}
          data-testid={`${id}-close`}
        >
          <XIcon aria-hidden />
        </Button>
      </header>
      {children}
    </section>
  );
}

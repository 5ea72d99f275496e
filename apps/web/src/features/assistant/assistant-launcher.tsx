import { InAssistantDock } from '@/components/layout/assistant-dock';
import { cn } from '@/lib/utils';
import { Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

export type AssistantPanelProps = { isOpen: boolean; onClose: () => void; id: string };

/**
 * A round button that opens an assistant panel. It sits in the page's flow, never over the page: in
 * the dashboards' title row (components/layout/assistant-dock: wherever the page mounts it), else
 * where it is rendered, with its name shown when `isLabelShown` (issue 19: floating buttons covered
 * prices and buttons on phones). Only the button ships with the page: the panel (and its texts,
 * speech and API code) is a separate chunk fetched on the first hover, focus or press. The panel
 * stays mounted once opened, so closing keeps the conversation; focus returns to the button when it
 * closes.
 */
export function AssistantLauncher({
  label,
  icon,
  panel: Panel,
  preload,
  id,
  isLabelShown = false,
}: {
  label: string;
  icon: ReactNode;
  panel: LazyExoticComponent<ComponentType<AssistantPanelProps>>;
  preload: () => unknown;
  id: string;
  isLabelShown?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !isOpen) button.current?.focus();
    wasOpen.current = isOpen;
  }, [isOpen]);

  return (
    <>
      <InAssistantDock>
        <button
          ref={button}
          type="button"
          aria-label={isLabelShown ? undefined : label}
          title={label}
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          aria-controls={hasOpened ? id : undefined}
          data-testid={`${id}-button`}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => {
            setHasOpened(true);
            setIsOpen((open) => !open);
          }}
          className={cn(
            'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-full border border-primary/30 bg-background text-primary shadow-sm hover:bg-accent focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-5',
            isLabelShown ? 'px-4 text-sm font-medium' : 'w-10',
          )}
        >
          {icon}
          {isLabelShown ? label : null}
        </button>
      </InAssistantDock>
      {hasOpened ? (
        <Suspense fallback={null}>
          <Panel id={id} isOpen={isOpen} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

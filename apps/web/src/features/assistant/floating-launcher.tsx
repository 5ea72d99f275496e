import { Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

export type AssistantPanelProps = { isOpen: boolean; onClose: () => void; id: string };

/**
 * A round button fixed at the bottom right that opens an assistant panel. Only the button ships with
 * the page: the panel (and its texts, speech and API code) is a separate chunk fetched on the first
 * hover, focus or press. The panel stays mounted once opened, so closing keeps the conversation;
 * focus returns to the button when it closes.
 */
export function FloatingLauncher({
  label,
  icon,
  panel: Panel,
  preload,
  id,
  className,
}: {
  label: string;
  icon: ReactNode;
  panel: LazyExoticComponent<ComponentType<AssistantPanelProps>>;
  preload: () => unknown;
  id: string;
  className: string;
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
      <button
        ref={button}
        type="button"
        aria-label={label}
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
        className={`fixed right-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary-hover focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-6 ${className}`}
      >
        {icon}
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <Panel id={id} isOpen={isOpen} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Where a page's assistant buttons (chat, voice) sit: a slot in the page's title row, in the flow
 * of the page, so they never float over a button, a price or text on a phone (issue 19, ADR 0xx).
 * `undefined`: this page has no slot (the button stays where it is rendered); `null`: the slot is
 * being mounted (the button waits for it, within the same commit, so nothing moves on screen).
 */
const AssistantDockContext = createContext<HTMLElement | null | undefined>(undefined);

/** Provides the slot to everything inside; `slot` renders the slot itself where the layout wants it. */
export function AssistantDockProvider({ children }: { children: (slot: ReactNode) => ReactNode }) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const slot = <div ref={setElement} data-testid="assistant-dock" className="flex items-center gap-2 empty:hidden" />;
  return <AssistantDockContext.Provider value={element}>{children(slot)}</AssistantDockContext.Provider>;
}

/** Renders `children` into the page's assistant slot when it has one, else where it stands. */
export function InAssistantDock({ children }: { children: ReactNode }) {
  const dock = useContext(AssistantDockContext);
  if (dock === undefined) return children;
  return dock === null ? null : createPortal(children, dock);
}

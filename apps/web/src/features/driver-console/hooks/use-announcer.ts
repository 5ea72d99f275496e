import { useCallback, useState } from 'react';

export type Politeness = 'polite' | 'assertive';
export type Announce = (message: string, politeness?: Politeness) => void;

/**
 * Text for the screen-reader live regions of the requests section. Repeating the same sentence
 * alternates a trailing no-break space, so it is read again.
 */
export function useAnnouncer(): { polite: string; assertive: string; announce: Announce } {
  const [messages, setMessages] = useState({ polite: '', assertive: '' });
  const announce = useCallback<Announce>((message, politeness = 'polite') => {
    setMessages((current) => ({ ...current, [politeness]: current[politeness] === message ? `${message}\u00a0` : message }));
  }, []);
  return { ...messages, announce };
}

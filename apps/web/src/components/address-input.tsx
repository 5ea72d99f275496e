import type { Location } from '@coride/domain';
import { MapPinIcon } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

export type AddressInputMessages = {
  /** Shown (and announced) while the typed text is being looked up. */
  searching: string;
  /** Announced when several places match, e.g. "3 places match. Use the arrow keys to choose." */
  suggestions: (count: number) => string;
  /** The accessible name of the suggestion list. */
  listLabel: string;
};

export type AddressInputProps = {
  id: string;
  value: string;
  onValueChange: (text: string) => void;
  /** True when `value` is already a chosen place, so leaving the field does not look it up again. */
  isResolved: boolean;
  /** Turns text into matching places (the server's geocoder). */
  search: (query: string) => Promise<Location[]>;
  onResolved: (location: Location) => void;
  onNotFound: (query: string) => void;
  onSearchError?: (error: unknown) => void;
  icon?: ReactNode;
  placeholder?: string;
  messages: AddressInputMessages;
  describedBy?: string;
  isInvalid?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  className?: string;
  'data-testid'?: string;
};

/**
 * An address field that geocodes when the person leaves it or presses Enter (empty text is ignored).
 * One match is taken at once; several open a suggestion list (ARIA combobox: arrow keys move, Enter
 * picks, Escape closes; a pointer picks too); none calls `onNotFound` so the caller can say so.
 * The list sits in the page flow rather than over it: a lookup started by leaving the field can
 * open it while focus is already on the next control, and it must not cover that control.
 */
export function AddressInput({
  id,
  value,
  onValueChange,
  isResolved,
  search,
  onResolved,
  onNotFound,
  onSearchError,
  icon,
  placeholder,
  messages,
  describedBy,
  isInvalid,
  disabled,
  autoComplete = 'street-address',
  className,
  'data-testid': testId,
}: AddressInputProps) {
  const listId = useId();
  const [isSearching, setIsSearching] = useState(false);
  const [suggestions, setSuggestions] = useState<Location[]>([]);
  const [activeIndex, setActiveIndex] = useState(0);
  // Each lookup gets a number; an answer that arrives after newer typing is dropped.
  const requestNumber = useRef(0);
  const isOpen = suggestions.length > 0;

  function close() {
    setSuggestions([]);
    setActiveIndex(0);
  }

  function choose(location: Location) {
    close();
    onResolved(location);
  }

  async function resolve() {
    const query = value.trim();
    if (!query || isResolved || disabled) return;
    const current = ++requestNumber.current;
    setIsSearching(true);
    try {
      const found = await search(query);
      if (current !== requestNumber.current) return;
      if (found.length === 0) onNotFound(query);
      else if (found.length === 1) choose(found[0]!);
      else {
        setSuggestions(found);
        setActiveIndex(0);
      }
    } catch (error) {
      if (current === requestNumber.current) onSearchError?.(error);
    } finally {
      if (current === requestNumber.current) setIsSearching(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Enter looks the address up (or picks the highlighted suggestion); it never submits the form.
      event.preventDefault();
      const highlighted = suggestions[activeIndex];
      if (isOpen && highlighted) choose(highlighted);
      else void resolve();
    } else if (event.key === 'ArrowDown' && isOpen) {
      event.preventDefault();
      setActiveIndex((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && isOpen) {
      event.preventDefault();
      setActiveIndex((index) => (index - 1 + suggestions.length) % suggestions.length);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      close();
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className={cn('relative', className)}>
      {icon ? <span className="pointer-events-none absolute inset-y-0 start-3 flex h-10 items-center">{icon}</span> : null}
      <Input
        id={id}
        value={value}
        onChange={(event) => {
          requestNumber.current += 1;
          setIsSearching(false);
          close();
          onValueChange(event.target.value);
        }}
        onBlur={() => {
          // With suggestions open the choice is the person's to make; don't search again behind them.
          if (!isOpen) void resolve();
        }}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        autoComplete={autoComplete}
        disabled={disabled}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-activedescendant={isOpen ? optionId(activeIndex) : undefined}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        aria-busy={isSearching || undefined}
        className={cn(icon ? 'ps-9' : undefined, 'pe-9')}
        data-testid={testId}
      />
      {isSearching ? (
        <span className="absolute inset-y-0 end-3 flex h-10 items-center text-muted-foreground">
          <Spinner />
        </span>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {isSearching ? messages.searching : isOpen ? messages.suggestions(suggestions.length) : ''}
      </p>
      {isOpen ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={messages.listLabel}
          className="mt-1 max-h-64 overflow-y-auto rounded-md border bg-background p-1 shadow-md"
          data-testid={testId ? `${testId}-suggestions` : undefined}
        >
          {suggestions.map((location, index) => (
            <li
              key={`${location.lat},${location.lng},${location.address}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // Keep focus in the field, so choosing does not first trigger a blur lookup.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(location)}
              onMouseEnter={() => setActiveIndex(index)}
              className={cn(
                'flex cursor-pointer items-start gap-2 rounded-sm px-2 py-2 text-sm',
                index === activeIndex ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
              )}
            >
              <MapPinIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span>{location.address}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import type { LatLng, Location, PlaceSuggestionKind } from '@coride/domain';
import { Building2Icon, HashIcon, LandmarkIcon, MapPinIcon, SignpostIcon, type LucideIcon } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { MIN_SUGGEST_CHARACTERS, usePlaceSuggestions } from '@/api/suggest-places';
import { comboboxKey } from '@/lib/combobox-keys';

/** Typing pauses this long before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 200;

const kindIcon: Record<PlaceSuggestionKind, LucideIcon> = {
  landmark: LandmarkIcon,
  street: SignpostIcon,
  zip: HashIcon,
  city: Building2Icon,
  geocoder: MapPinIcon,
};

export type AddressComboboxMessages = {
  searching: string;
  /** Announced when the list opens or changes, e.g. "3 places match. Use the arrow keys…". */
  suggestions: (count: number) => string;
  listLabel: string;
};

type AddressComboboxProps = {
  id: string;
  value: string;
  onValueChange: (text: string) => void;
  /** True when `value` is a chosen place: no suggestions, no lookup on leaving the field. */
  isResolved: boolean;
  onResolved: (location: Location) => void;
  /** Suggestions are ranked around this point (the other end of the trip, or the map centre); none: by match alone. */
  near?: LatLng | null;
  /** The whole-text lookup (the server's geocoder), for Enter or leaving the field with no suggestion taken. */
  search: (query: string) => Promise<Location[]>;
  /** Enter found nothing (leaving the field quietly keeps the text). */
  onNotFound: (query: string) => void;
  onSearchError?: (error: unknown) => void;
  icon?: ReactNode;
  placeholder?: string;
  messages: AddressComboboxMessages;
  /** The field's hint or error, for aria-describedby. */
  describedBy?: string;
  isInvalid?: boolean;
  'data-testid'?: string;
};

/**
 * The address field of booking and of favorite places (docs/decisions/038): suggestions as the person
 * types (debounced, cached by TanStack Query), an ARIA 1.2 combobox: the arrows move through the list,
 * Enter takes the highlighted place (the best one when none is), Escape closes it, a tap or click takes
 * one. Nothing is said before the person types; Enter on text with no list looks the whole text up
 * instead, and leaving the field looks it up quietly (a miss is said on Enter, or by the form).
 */
export function AddressCombobox({
  id,
  value,
  onValueChange,
  isResolved,
  onResolved,
  near,
  search,
  onNotFound,
  onSearchError,
  icon,
  placeholder,
  messages,
  describedBy,
  isInvalid,
  'data-testid': testId,
}: AddressComboboxProps) {
  const listId = useId();
  const [isFocused, setIsFocused] = useState(false);
  const [isDismissed, setIsDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const [isSearching, setIsSearching] = useState(false);
  // Each whole-text lookup gets a number; an answer that arrives after newer typing is dropped.
  const requestNumber = useRef(0);
  const typed = useDebouncedValue(value, SUGGEST_DEBOUNCE_MS);
  const suggestions = usePlaceSuggestions(typed, near ?? null, isFocused && !isResolved);
  const options = !isResolved && value.trim().length >= MIN_SUGGEST_CHARACTERS ? (suggestions.data ?? []) : [];
  const isOpen = isFocused && !isDismissed && options.length > 0;

  function choose(location: Location) {
    requestNumber.current += 1;
    setIsSearching(false);
    setActive(-1);
    onResolved({ address: location.address, lat: location.lat, lng: location.lng });
  }

  async function resolve(isQuiet: boolean) {
    const query = value.trim();
    if (!query || isResolved) return;
    const current = ++requestNumber.current;
    setIsSearching(true);
    try {
      const [best] = await search(query);
      if (current !== requestNumber.current) return;
      if (best) choose(best);
      else if (!isQuiet) onNotFound(query);
    } catch (error) {
      if (current === requestNumber.current && !isQuiet) onSearchError?.(error);
    } finally {
      if (current === requestNumber.current) setIsSearching(false);
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="relative">
      {icon ? <span className="pointer-events-none absolute inset-y-0 start-3 flex h-10 items-center">{icon}</span> : null}
      <Input
        id={id}
        value={value}
        onChange={(event) => {
          requestNumber.current += 1;
          setIsSearching(false);
          setIsDismissed(false);
          setActive(-1);
          onValueChange(event.target.value);
        }}
        onFocus={() => setIsFocused(true)}
        onBlur={() => {
          setIsFocused(false);
          setActive(-1);
          // Text left without taking a suggestion is looked up as typed; a miss is said on Enter only.
          void resolve(true);
        }}
        onKeyDown={(event) => {
          // A list still showing an older text's places (typing not settled yet) is not taken on Enter.
          const isCurrent = typed === value && !suggestions.isPlaceholderData;
          const count = event.key === 'Enter' && !isCurrent ? 0 : options.length;
          const result = comboboxKey(event.key, { isOpen: isOpen && count > 0, active, count });
          if (result.kind === 'ignore') return;
          event.preventDefault();
          if (result.kind === 'move') {
            setIsDismissed(false);
            setActive(result.active);
          } else if (result.kind === 'choose') choose(options[result.index]!);
          else if (result.kind === 'close') {
            setIsDismissed(true);
            setActive(-1);
          } else void resolve(false);
        }}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={isOpen && active >= 0 ? optionId(active) : undefined}
        aria-busy={isSearching || undefined}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        className={cn(icon ? 'ps-9' : undefined, 'pe-9')}
        data-testid={testId}
      />
      {isSearching ? (
        <span className="absolute inset-y-0 end-3 flex h-10 items-center text-muted-foreground">
          <Spinner label={messages.searching} />
        </span>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {isOpen ? messages.suggestions(options.length) : ''}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={messages.listLabel}
        hidden={!isOpen}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-md border bg-background p-1 shadow-lg"
        data-testid={testId ? `${testId}-suggestions` : undefined}
      >
        {isOpen
          ? options.map((place, index) => {
              const Icon = kindIcon[place.kind];
              return (
                <li
                  key={`${place.kind}:${place.address}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // Keep focus in the field, so taking a place does not first look the typed text up.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(place)}
                  onMouseEnter={() => setActive(index)}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm',
                    index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
                  )}
                >
                  <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span>{place.address}</span>
                </li>
              );
            })
          : null}
      </ul>
    </div>
  );
}

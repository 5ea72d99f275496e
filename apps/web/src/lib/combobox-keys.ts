/**
 * The address combobox's keyboard (WAI-ARIA combobox with a listbox popup), as a pure function so it
 * is tested without a DOM. `active` is the highlighted option, -1 for none (the text field itself).
 */
export type ComboboxKeyState = { isOpen: boolean; active: number; count: number };

export type ComboboxKeyResult =
  /** Highlight another option (opening the list if it was closed). */
  | { kind: 'move'; active: number }
  /** Take this option as the place. */
  | { kind: 'choose'; index: number }
  /** Close the list, keeping the text. */
  | { kind: 'close' }
  /** Look the typed text up as it is (Enter with no list): the field's geocode. */
  | { kind: 'resolve' }
  /** Not the combobox's key: let the browser have it. */
  | { kind: 'ignore' };

export function comboboxKey(key: string, { isOpen, active, count }: ComboboxKeyState): ComboboxKeyResult {
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { kind: 'ignore' };
      return { kind: 'move', active: !isOpen || active >= count - 1 ? 0 : active + 1 };
    case 'ArrowUp':
      if (count === 0) return { kind: 'ignore' };
      return { kind: 'move', active: !isOpen || active <= 0 ? count - 1 : active - 1 };
    case 'Enter':
      // Enter with the list open takes the highlighted place, or the best one when none is highlighted.
      if (isOpen && count > 0) return { kind: 'choose', index: active >= 0 ? active : 0 };
      return { kind: 'resolve' };
    case 'Escape':
      return isOpen ? { kind: 'close' } : { kind: 'ignore' };
    default:
      return { kind: 'ignore' };
  }
}

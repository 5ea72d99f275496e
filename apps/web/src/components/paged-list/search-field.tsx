import { SearchIcon } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * The search box of a paged list: labelled, with a hint naming what it matches, `type="search"` (Escape
 * clears it in most browsers). The caller debounces the value before it reaches the query.
 */
export function SearchField({
  label,
  hint,
  value,
  onChange,
  testId,
  isSearching = false,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
  /** While the results of the latest text are on their way: the list below is still the previous one. */
  isSearching?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid max-w-md gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={`${id}-hint`}
          aria-busy={isSearching || undefined}
          autoComplete="off"
          maxLength={100}
          className="ps-9"
          data-testid={testId}
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

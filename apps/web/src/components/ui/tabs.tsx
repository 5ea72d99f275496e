import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';

/**
 * Accessible tabs (WAI-ARIA tabs pattern: arrow keys move and activate, Home/End, roving tabindex,
 * mirrored arrows in right-to-left pages). Our own rather than a library's: the landing page's first
 * screen uses them, and this is a fraction of the size. The API follows Radix Tabs.
 */
type TabsState = { value: string; select(value: string): void; baseId: string };
const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

const idFor = (baseId: string, kind: 'trigger' | 'content', value: string) => `${baseId}-${kind}-${value.replace(/\s+/g, '-')}`;

export function Tabs({
  value: controlled,
  defaultValue,
  onValueChange,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> & { value?: string; defaultValue?: string; onValueChange?: (value: string) => void }) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  const baseId = useId();
  const value = controlled ?? uncontrolled;
  const select = (next: string) => {
    if (controlled === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value, select, baseId }}>
      <div className={className} {...props} />
    </TabsContext.Provider>
  );
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const { select } = useTabs();
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')];
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const isRtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = isRtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = isRtl ? 'ArrowRight' : 'ArrowLeft';
    const targets: Record<string, number> = {
      [forward]: (index + 1) % tabs.length,
      [backward]: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    tabs[target]!.focus();
    select(tabs[target]!.dataset.value!);
  };
  return (
    <div
      role="tablist"
      onKeyDown={move}
      className={cn('inline-flex h-auto flex-wrap items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, onClick, ...props }: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs();
  const isActive = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idFor(tabs.baseId, 'trigger', value)}
      aria-selected={isActive}
      aria-controls={idFor(tabs.baseId, 'content', value)}
      tabIndex={isActive ? 0 : -1}
      data-state={isActive ? 'active' : 'inactive'}
      data-value={value}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      className={cn(
        'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-all focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

/** The active tab's panel; `forceMount` keeps inactive panels mounted (and their state) but hidden. */
export function TabsContent({ value, forceMount, className, ...props }: ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const tabs = useTabs();
  const isActive = tabs.value === value;
  if (!isActive && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={idFor(tabs.baseId, 'content', value)}
      aria-labelledby={idFor(tabs.baseId, 'trigger', value)}
      tabIndex={0}
      hidden={!isActive}
      data-state={isActive ? 'active' : 'inactive'}
      className={cn('mt-4 focus-visible:outline-2 focus-visible:outline-ring', className)}
      {...props}
    />
  );
}

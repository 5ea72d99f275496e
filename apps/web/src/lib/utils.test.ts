import { describe, expect, it } from 'vitest';
import { cn } from './utils';

describe('cn', () => {
  it('lets a later utility of the same kind override an earlier one', () => {
    expect(cn('h-10 px-4 py-2', 'h-auto')).toBe('px-4 py-2 h-auto');
    expect(cn('flex items-center', 'grid')).toBe('items-center grid');
    expect(cn('text-sm text-muted-foreground', 'text-lg')).toBe('text-muted-foreground text-lg');
    expect(cn('text-sm text-muted-foreground', 'text-primary')).toBe('text-sm text-primary');
    expect(cn('font-medium font-sans', 'font-bold')).toBe('font-sans font-bold');
    expect(cn('border border-input', 'border-destructive')).toBe('border border-destructive');
    expect(cn('min-h-24 h-10', 'min-h-0')).toBe('h-10 min-h-0');
  });

  it('keeps utilities of different variants and different kinds apart', () => {
    expect(cn('hover:bg-muted bg-background', 'md:bg-primary')).toBe('hover:bg-muted bg-background md:bg-primary');
    expect(cn('data-[state=active]:bg-background', 'data-[state=active]:bg-primary')).toBe('data-[state=active]:bg-primary');
    expect(cn('px-4', 'py-2', 'p-0')).toBe('px-4 py-2 p-0');
    expect(cn('sr-only', 'focus:not-sr-only', false, undefined, 'peer')).toBe('sr-only focus:not-sr-only peer');
  });
});

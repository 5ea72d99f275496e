import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A styled native select: keyboard, screen readers and mobile pickers work everywhere, and it fits
 * react-hook-form's register() directly.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}

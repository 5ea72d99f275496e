import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A determinate progress bar (role progressbar with its value), 0 to `max`. */
export function Progress({ className, value, max = 100, ...props }: ComponentProps<typeof ProgressPrimitive.Root> & { value: number }) {
  const percent = Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root value={value} max={max} className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-muted', className)} {...props}>
      {/* Grows from the inline start, so it fills right-to-left in RTL languages. */}
      <ProgressPrimitive.Indicator className="h-full rounded-full bg-primary transition-[width] duration-500 ease-out" style={{ width: `${percent}%` }} />
    </ProgressPrimitive.Root>
  );
}

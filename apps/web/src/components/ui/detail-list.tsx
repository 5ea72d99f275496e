import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type Detail = { label: string; value: ReactNode };

/** Label and value pairs (a profile, a vehicle, an application) as a description list. */
export function DetailList({ items, className }: { items: Detail[]; className?: string }) {
  return (
    <dl className={cn('divide-y text-sm', className)}>
      {items.map(({ label, value }) => (
        <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5 first:pt-0 last:pb-0">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 text-end font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card';

/**
 * One headline figure. `value` null means there is no data yet: the card shows a dash and the hint
 * says why, rather than a zero that reads like a measurement.
 */
export function StatCard({ label, value, hint, icon: Icon }: { label: string; value: ReactNode | null; hint?: string; icon?: LucideIcon }) {
  const isEmpty = value === null || value === undefined;
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {Icon ? <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden /> : null}
      </div>
      <p className="mt-2 text-2xl font-bold tabular-nums">{isEmpty ? <span aria-hidden>—</span> : value}</p>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}

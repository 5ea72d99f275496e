import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/query-state';
import { StatCard } from '@/components/ui/stat-card';

export type Figure = { key: string; label: string; value: ReactNode | null; hint?: string; icon: LucideIcon };

/** A grid of headline figures from one query, with its loading and error states. */
export function FigureGrid({ query, errorTitle, figures }: { query: UseQueryResult<unknown>; errorTitle: string; figures: Figure[] }) {
  if (query.isError) return <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy={query.isPending}>
      {figures.map(({ key, label, value, hint, icon }) => (
        <div key={key} data-testid={`stat-${key}`} className="contents">
          <StatCard label={label} value={value} hint={query.isPending ? undefined : hint} icon={icon} />
        </div>
      ))}
    </div>
  );
}

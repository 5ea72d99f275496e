import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { TabsList, TabsTrigger } from '@/components/ui/tabs';

export type ConsoleTab<V extends string> = {
  value: V;
  icon: LucideIcon;
  label: ReactNode;
  /** A count shown on the tab when above zero (data-testid tab-count-<value>), with its screen-reader words. */
  badge?: { count: number; suffix: ReactNode } | null;
  testId?: string;
};

/** The tab row of a console (customer, licensee, admin): icon, label and an optional count per tab. */
export function ConsoleTabList<V extends string>({ label, tabs }: { label: string; tabs: readonly ConsoleTab<V>[] }) {
  return (
    <TabsList aria-label={label} className="w-full justify-start sm:w-auto">
      {tabs.map(({ value, icon: Icon, label: tabLabel, badge, testId }) => (
        <TabsTrigger key={value} value={value} data-testid={testId}>
          <Icon aria-hidden />
          {tabLabel}
          {badge && badge.count > 0 ? (
            <span className="ms-0.5 rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums" data-testid={`tab-count-${value}`}>
              {badge.count}
              <span className="sr-only"> {badge.suffix}</span>
            </span>
          ) : null}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}

import type { Location } from '@coride/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** Pickup and drop-off as a two-stop route, read as a list with each stop named. */
export function RouteSummary({ pickup, dropoff, className }: { pickup: Location; dropoff: Location; className?: string }) {
  const { t } = useTranslation('driver');
  return (
    <ol className={cn('relative space-y-3 ps-6', className)} aria-label={t('route.label')}>
      <span className="absolute start-[0.4375rem] top-2 bottom-2 w-px bg-border" aria-hidden />
      <li className="relative">
        <span className="absolute -start-6 top-1 size-3.5 rounded-full border-2 border-primary bg-background" aria-hidden />
        <p className="text-xs font-medium text-muted-foreground">{t('route.pickup')}</p>
        <p className="font-medium break-words" data-testid="route-pickup">
          {pickup.address}
        </p>
      </li>
      <li className="relative">
        <span className="absolute -start-6 top-1 size-3.5 rounded-sm bg-foreground" aria-hidden />
        <p className="text-xs font-medium text-muted-foreground">{t('route.dropoff')}</p>
        <p className="font-medium break-words" data-testid="route-dropoff">
          {dropoff.address}
        </p>
      </li>
    </ol>
  );
}

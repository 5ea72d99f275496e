import type { Ride } from '@coride/domain/rides';
import { BanIcon, CarIcon, RotateCwIcon } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import type { PagedList } from '@/components/paged-list/use-paged-list';
import { RideStatusBadge } from '@/components/ride-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { StackedRow, StackedTable } from '@/components/ui/stacked-table';
import { TableCell } from '@/components/ui/table';
import { LabelledCell as Cell } from '@/components/ui/labelled-cell';
import { RiderRouteCell } from './rider-route-cell';
import { useFormatters } from '@/lib/format';
import { activeRidesOf, elapsedSince, lastChangedAt } from './active-rides';
import { CancelRideDialog, type CancelRideHandler } from './cancel-ride-dialog';

export type ActiveRidesScope = 'platform' | 'territory';

/**
 * The rides that have not ended (requested, accepted, in progress), the one that has gone longest
 * without a change first, each with "Cancel ride": how an admin (every ride) or a licensee (its
 * territories' rides) frees a rider whose driver vanished mid-trip. A table on a wide screen; on a
 * phone every row becomes a block of labelled lines, so nothing scrolls sideways.
 */
export function ActiveRidesCard({ scope, rides, onCancel }: { scope: ActiveRidesScope; rides: PagedList<Ride>; onCancel: CancelRideHandler }) {
  const { t } = useTranslation('active-rides');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cancelButtons = useRef(new Map<string, HTMLButtonElement>());
  const [target, setTarget] = useState<Ride | null>(null);
  const lastTargetId = useRef<string | null>(null);
  // The server sends only rides not ended (?status=active); the filter drops one that ended between pages.
  const active = useMemo(() => activeRidesOf(rides.items), [rides.items]);

  function returnFocus(event: Event) {
    // Back to the row's button; once the ride has left the list, to the list's heading.
    event.preventDefault();
    const button = lastTargetId.current ? cancelButtons.current.get(lastTargetId.current) : undefined;
    (button?.isConnected ? button : headingRef.current)?.focus();
  }

  return (
    <Card data-testid="active-rides">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-56 flex-1 gap-1.5">
          <CardTitle as="h2" ref={headingRef} tabIndex={-1} className="focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
            {t('title')}
          </CardTitle>
          <CardDescription>{t(`description.${scope}`)}</CardDescription>
        </div>
        <Button variant="ghost" size="sm" onClick={() => void rides.refetch()} disabled={rides.isFetching} data-testid="refresh-active-rides">
          <RotateCwIcon aria-hidden className={rides.isFetching ? 'animate-spin' : undefined} />
          {t('refresh')}
        </Button>
      </CardHeader>
      <CardContent>
        {rides.isPending ? (
          <LoadingState />
        ) : rides.isError ? (
          <ErrorState title={t('errors.load')} error={rides.error} onRetry={() => void rides.refetch()} />
        ) : active.length === 0 ? (
          <EmptyState icon={CarIcon} title={t('empty.title')} description={t('empty.description')} />
        ) : (
          <RidesTable
            rides={active}
            readAt={rides.dataUpdatedAt}
            onChoose={(ride) => {
              lastTargetId.current = ride.id;
              setTarget(ride);
            }}
            buttonRef={(id, element) => {
              if (element) cancelButtons.current.set(id, element);
              else cancelButtons.current.delete(id);
            }}
          />
        )}
        {rides.isSuccess ? <LoadMoreButton list={rides} testId="load-more-active-rides" /> : null}
      </CardContent>
      <CancelRideDialog ride={target} onCancel={onCancel} onClose={() => setTarget(null)} onCloseAutoFocus={returnFocus} />
    </Card>
  );
}

function RidesTable({
  rides,
  readAt,
  onChoose,
  buttonRef,
}: {
  rides: Ride[];
  /** When the list was read: "3 hours ago" counts from then, so a re-render never changes it. */
  readAt: number;
  onChoose: (ride: Ride) => void;
  buttonRef: (rideId: string, element: HTMLButtonElement | null) => void;
}) {
  const { t, i18n } = useTranslation('active-rides');
  const format = useFormatters();
  const relative = useMemo(() => new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' }), [i18n.language]);
  const headings = { rider: t('columns.rider'), status: t('columns.status'), driver: t('columns.driver'), since: t('columns.since'), fare: t('columns.fare') };

  return (
    <StackedTable caption={t('caption', { count: rides.length })} headings={Object.values(headings)} actionHeading={t('columns.action')}>
      {rides.map((ride) => {
        const changedAt = lastChangedAt(ride);
        const elapsed = elapsedSince(changedAt, readAt);
        return (
          <StackedRow key={ride.id} data-testid="active-ride" data-ride-id={ride.id} data-status={ride.status}>
            <RiderRouteCell label={headings.rider} ride={ride} />
            <Cell label={headings.status}>
              <RideStatusBadge status={ride.status} label={t(`status.${ride.status}`)} />
            </Cell>
            <Cell label={headings.driver}>
              {ride.driver ? (
                <>
                  <span>{ride.driver.name}</span>
                  <span className="block text-xs text-muted-foreground">{ride.driver.vehiclePlate}</span>
                </>
              ) : (
                <span className="text-muted-foreground">{t('noDriver')}</span>
              )}
            </Cell>
            <Cell label={headings.since}>
              <time dateTime={changedAt}>{relative.format(elapsed.value, elapsed.unit)}</time>
              <span className="block text-xs text-muted-foreground">{format.dateTime(changedAt)}</span>
            </Cell>
            <Cell label={headings.fare}>
              <span className="tabular-nums">{format.money(ride.totalFare)}</span>
            </Cell>
            <TableCell className="block pt-2 md:table-cell md:py-3 md:text-end">
              <Button
                ref={(element) => buttonRef(ride.id, element)}
                variant="outline"
                size="sm"
                className="text-destructive"
                onClick={() => onChoose(ride)}
                aria-label={t('cancelLabel', { name: ride.rider.firstName, pickup: ride.pickupLocation.address })}
                data-testid="cancel-active-ride"
              >
                <BanIcon aria-hidden />
                {t('cancel')}
              </Button>
            </TableCell>
          </StackedRow>
        );
      })}
    </StackedTable>
  );
}

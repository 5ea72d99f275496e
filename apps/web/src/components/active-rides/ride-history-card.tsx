import { isActiveRideStatus } from '@coride/domain/ride-state';
import type { Ride } from '@coride/domain/rides';
import { HistoryIcon, SearchXIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffRideHistory } from '@/api/staff-rides';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import { SearchField } from '@/components/paged-list/search-field';
import { RideStatusBadge } from '@/components/ride-status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { StackedRow, StackedTable } from '@/components/ui/stacked-table';
import { useFormatters } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { ActiveRidesScope } from './active-rides-card';
import { LabelledCell as Cell } from '@/components/ui/labelled-cell';
import { RiderRouteCell } from './rider-route-cell';

/**
 * Every ride in scope, newest booking first, a page at a time ("Load more"): an admin's are the
 * platform's, with a search (ride id, rider or driver name or email, an address; the server's `?q=`),
 * a licensee's those of its territories. A table on a wide screen, labelled lines on a phone.
 */
export function RideHistoryCard({ scope }: { scope: ActiveRidesScope }) {
  const { t } = useTranslation('active-rides');
  const headingId = useId();
  const canSearch = scope === 'platform';
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const rides = useStaffRideHistory(canSearch ? q : '');
  const isSearching = rides.isPlaceholderData || q !== text.trim();

  return (
    <Card data-testid="ride-history">
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {t('history.title')}
        </CardTitle>
        <CardDescription>{t(`history.description.${scope}`)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {canSearch ? (
          <SearchField
            label={t('history.searchLabel')}
            hint={t('history.searchHint')}
            value={text}
            onChange={setText}
            isSearching={isSearching}
            testId="ride-search"
          />
        ) : null}
        {rides.isPending ? (
          <LoadingState />
        ) : rides.isError && !rides.isFetchNextPageError ? (
          <ErrorState title={t('errors.load')} error={rides.error} onRetry={() => void rides.refetch()} />
        ) : rides.items.length === 0 ? (
          q && !isSearching ? (
            <EmptyState icon={SearchXIcon} title={t('history.noMatch', { query: q })} description={t('history.noMatchHint')} />
          ) : (
            <EmptyState icon={HistoryIcon} title={t('history.emptyTitle')} />
          )
        ) : (
          <div aria-busy={isSearching || undefined} className={isSearching ? 'opacity-60 transition-opacity' : undefined}>
            <HistoryTable rides={rides.items} />
          </div>
        )}
        {rides.isSuccess ? <LoadMoreButton list={rides} describedBy={headingId} testId="load-more-rides" /> : null}
      </CardContent>
    </Card>
  );
}

function HistoryTable({ rides }: { rides: Ride[] }) {
  const { t } = useTranslation('active-rides');
  const format = useFormatters();
  const headings = {
    rider: t('columns.rider'),
    status: t('columns.status'),
    driver: t('columns.driver'),
    booked: t('history.booked'),
    fare: t('columns.fare'),
  };
  return (
    <StackedTable caption={t('history.caption')} headings={Object.values(headings)}>
      {rides.map((ride) => (
        <StackedRow key={ride.id} data-testid="history-ride" data-ride-id={ride.id} data-status={ride.status}>
          <RiderRouteCell label={headings.rider} ride={ride} />
          <Cell label={headings.status}>
            <RideStatusBadge status={ride.status} label={isActiveRideStatus(ride.status) ? t(`status.${ride.status}`) : t(`history.status.${ride.status}`)} />
          </Cell>
          <Cell label={headings.driver}>{ride.driver ? <span>{ride.driver.name}</span> : <span className="text-muted-foreground">{t('noDriver')}</span>}</Cell>
          <Cell label={headings.booked}>
            <time dateTime={ride.requestedAt}>{format.dateTime(ride.requestedAt)}</time>
          </Cell>
          <Cell label={headings.fare}>
            <span className="tabular-nums">{format.money(ride.totalFare)}</span>
          </Cell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}

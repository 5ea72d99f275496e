import type { AdminTerritory, TerritoryStatus } from '@coride/domain/territories';
import { MapIcon, MapPinnedIcon, PauseCircleIcon, PencilIcon, PlayCircleIcon, SearchXIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import { SearchField } from '@/components/paged-list/search-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { LabelledCell as Cell } from '@/components/ui/labelled-cell';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { NativeSelect } from '@/components/ui/select';
import { StackedRow, StackedTable } from '@/components/ui/stacked-table';
import { useFormatters } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdminTerritories } from '../api/use-admin-territories';
import { TerritoryStatusDialog } from './territory-status-dialog';
import { TerritoryZipCodesDialog } from './territory-zip-codes-dialog';

/**
 * The admin's Territory tab: every territory, newest first, a page at a time, searchable (name, zip
 * code, licensee) and by status; each one's zip codes are edited in a dialog, and it is suspended or
 * reinstated with a reason (ADR 027).
 */
export function TerritoriesTab() {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const statusId = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<TerritoryStatus | ''>('');
  const q = useDebouncedValue(text.trim(), 300);
  const territories = useAdminTerritories({ q, status: status || undefined });
  const isSearching = territories.isPlaceholderData || q !== text.trim();
  const [editing, setEditing] = useState<AdminTerritory | null>(null);
  const [changingStatus, setChangingStatus] = useState<AdminTerritory | null>(null);

  return (
    <Card data-testid="admin-territories">
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {t('territories.title')}
        </CardTitle>
        <CardDescription>{t('territories.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-start gap-4">
          <div className="min-w-64 flex-1">
            <SearchField
              label={t('territories.searchLabel')}
              hint={t('territories.searchHint')}
              value={text}
              onChange={setText}
              isSearching={isSearching}
              testId="territory-search"
            />
          </div>
          <div className="grid w-48 gap-1.5">
            <Label htmlFor={statusId}>{t('territories.statusLabel')}</Label>
            <NativeSelect
              id={statusId}
              value={status}
              onChange={(event) => setStatus(event.target.value as TerritoryStatus | '')}
              data-testid="territory-status-filter"
            >
              <option value="">{t('territories.allStatuses')}</option>
              <option value="active">{t('territories.status.active')}</option>
              <option value="suspended">{t('territories.status.suspended')}</option>
            </NativeSelect>
          </div>
        </div>
        {territories.isPending ? (
          <LoadingState />
        ) : territories.isError && !territories.isFetchNextPageError ? (
          <ErrorState title={t('errors.territories')} error={territories.error} onRetry={() => void territories.refetch()} />
        ) : territories.items.length === 0 ? (
          (q || status) && !isSearching ? (
            <EmptyState icon={SearchXIcon} title={t('territories.noMatch')} description={t('territories.noMatchHint')} />
          ) : (
            <EmptyState icon={MapIcon} title={t('territories.emptyTitle')} description={t('territories.emptyDescription')} />
          )
        ) : (
          <div aria-busy={isSearching || undefined} className={isSearching ? 'opacity-60 transition-opacity' : undefined}>
            <TerritoriesTable territories={territories.items} onEdit={setEditing} onChangeStatus={setChangingStatus} />
          </div>
        )}
        {territories.isSuccess ? <LoadMoreButton list={territories} describedBy={headingId} testId="load-more-territories" /> : null}
      </CardContent>
      <TerritoryZipCodesDialog territory={editing} onClose={() => setEditing(null)} />
      <TerritoryStatusDialog territory={changingStatus} onClose={() => setChangingStatus(null)} />
    </Card>
  );
}

function TerritoriesTable({
  territories,
  onEdit,
  onChangeStatus,
}: {
  territories: AdminTerritory[];
  onEdit: (territory: AdminTerritory) => void;
  onChangeStatus: (territory: AdminTerritory) => void;
}) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const headings = {
    territory: t('territories.columns.territory'),
    licensee: t('territories.columns.licensee'),
    zipCodes: t('territories.columns.zipCodes'),
    status: t('territories.columns.status'),
    actions: t('territories.columns.actions'),
  };
  return (
    <StackedTable caption={t('territories.caption')} headings={Object.values(headings)}>
      {territories.map((territory) => (
        <StackedRow key={territory.id} data-testid="admin-territory" data-territory-id={territory.id} data-status={territory.status}>
          <Cell label={headings.territory}>
            <span className="flex items-center gap-1.5 font-medium">
              <MapPinnedIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              {territory.name}
            </span>
            <span className="block text-xs text-muted-foreground">{t('territories.since', { date: format.date(territory.createdAt) })}</span>
          </Cell>
          <Cell label={headings.licensee}>
            <span className="block">{territory.licensee.businessName ?? `${territory.licensee.firstName} ${territory.licensee.lastName}`}</span>
            <span className="block text-xs break-all text-muted-foreground">{territory.licensee.email}</span>
          </Cell>
          <Cell label={headings.zipCodes}>
            <span className="flex flex-wrap gap-1" data-testid="territory-zips">
              {territory.zipCodes.map((zip) => (
                <Badge key={zip} variant="outline" className="tabular-nums">
                  {zip}
                </Badge>
              ))}
            </span>
          </Cell>
          <Cell label={headings.status}>
            <Badge variant={territory.status === 'active' ? 'secondary' : 'destructive'} data-testid="territory-status">
              {t(`territories.status.${territory.status}`)}
            </Badge>
            {territory.suspension ? (
              <span className="mt-1 block text-xs text-muted-foreground">
                {t('territories.suspendedSince', { date: format.dateTime(territory.suspension.at), reason: territory.suspension.reason })}
              </span>
            ) : null}
          </Cell>
          <Cell label={headings.actions}>
            <span className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => onEdit(territory)}
                aria-label={t('territories.editZipsFor', { name: territory.name })}
                data-testid="territory-edit-zips"
              >
                <PencilIcon aria-hidden />
                {t('territories.editZips')}
              </Button>
              <Button
                type="button"
                variant={territory.status === 'active' ? 'outline' : 'default'}
                size="sm"
                onClick={() => onChangeStatus(territory)}
                aria-label={t(territory.status === 'active' ? 'territories.suspendFor' : 'territories.reinstateFor', { name: territory.name })}
                data-testid="territory-change-status"
              >
                {territory.status === 'active' ? <PauseCircleIcon aria-hidden /> : <PlayCircleIcon aria-hidden />}
                {t(territory.status === 'active' ? 'territories.suspend.open' : 'territories.reinstate.open')}
              </Button>
            </span>
          </Cell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}

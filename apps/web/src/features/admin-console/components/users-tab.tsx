import type { AdminUser } from '@coride/domain/paging';
import { roles, type Role } from '@coride/domain/roles';
import { SearchXIcon, UsersIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DriverSuspensionButton, SuspensionNote } from '@/components/driver-suspension/driver-suspension-dialog';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import { SearchField } from '@/components/paged-list/search-field';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { LabelledCell as Cell } from '@/components/ui/labelled-cell';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { NativeSelect } from '@/components/ui/select';
import { StackedRow, StackedTable } from '@/components/ui/stacked-table';
import { useFormatters } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { adminUsersQueryKey, useAdminUsers } from '../api/use-admin-users';

/** A driver's suspension changes their row (every page and search of the list). */
const SUSPENSION_REFRESH = [{ queryKey: adminUsersQueryKey }] as const;

/**
 * Every account, newest first, a page at a time: a search (email, name or phone, asked of the server
 * once the typing pauses) and a role filter narrow it.
 */
export function UsersTab() {
  const { t } = useTranslation(['admin', 'common']);
  const headingId = useId();
  const roleId = useId();
  const [text, setText] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const q = useDebouncedValue(text.trim(), 300);
  const users = useAdminUsers({ q, role: role || undefined });
  const isSearching = users.isPlaceholderData || q !== text.trim();

  return (
    <Card data-testid="admin-users">
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {t('users.title')}
        </CardTitle>
        <CardDescription>{t('users.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-start gap-4">
          <div className="min-w-64 flex-1">
            <SearchField
              label={t('users.searchLabel')}
              hint={t('users.searchHint')}
              value={text}
              onChange={setText}
              isSearching={isSearching}
              testId="user-search"
            />
          </div>
          <div className="grid w-48 gap-1.5">
            <Label htmlFor={roleId}>{t('users.roleLabel')}</Label>
            <NativeSelect id={roleId} value={role} onChange={(event) => setRole(event.target.value as Role | '')} data-testid="user-role-filter">
              <option value="">{t('users.allRoles')}</option>
              {roles.map((value) => (
                <option key={value} value={value}>
                  {t(`common:roles.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {users.isPending ? (
          <LoadingState />
        ) : users.isError && !users.isFetchNextPageError ? (
          <ErrorState title={t('errors.users')} error={users.error} onRetry={() => void users.refetch()} />
        ) : users.items.length === 0 ? (
          (q || role) && !isSearching ? (
            <EmptyState
              icon={SearchXIcon}
              title={q ? t('users.noMatch', { query: q }) : t('users.noneOfRole', { role: t(`common:roles.${role || 'customer'}`) })}
              description={t('users.noMatchHint')}
            />
          ) : (
            <EmptyState icon={UsersIcon} title={t('users.emptyTitle')} />
          )
        ) : (
          <div aria-busy={isSearching || undefined} className={isSearching ? 'opacity-60 transition-opacity' : undefined}>
            <UsersTable users={users.items} />
          </div>
        )}
        {users.isSuccess ? <LoadMoreButton list={users} describedBy={headingId} testId="load-more-users" /> : null}
      </CardContent>
    </Card>
  );
}

function UsersTable({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation(['admin', 'common', 'review']);
  const format = useFormatters();
  const headings = { name: t('users.columns.name'), email: t('users.columns.email'), role: t('users.columns.role'), joined: t('users.columns.joined') };
  return (
    <StackedTable caption={t('users.caption')} headings={Object.values(headings)}>
      {users.map((user) => (
        <StackedRow key={user.id} data-testid="admin-user" data-user-id={user.id} data-role={user.role}>
          <Cell label={headings.name}>
            <span className="font-medium">
              {user.firstName} {user.lastName}
            </span>
            {user.phone ? <span className="block text-xs text-muted-foreground">{user.phone}</span> : null}
          </Cell>
          <Cell label={headings.email}>
            <span className="break-all">{user.email}</span>
          </Cell>
          <Cell label={headings.role}>
            <span className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{t(`common:roles.${user.role}`)}</Badge>
              {user.suspension ? <Badge variant="destructive">{t('review:suspension.badge')}</Badge> : null}
            </span>
            {/* Drivers are suspended and reinstated here (ADR 031), with the same dialog as the licensee's. */}
            {user.role === 'driver' ? (
              <span className="mt-2 grid gap-2">
                {user.suspension ? <SuspensionNote suspension={user.suspension} /> : null}
                <DriverSuspensionButton
                  driver={{ id: user.id, name: `${user.firstName} ${user.lastName}`, suspension: user.suspension }}
                  invalidate={SUSPENSION_REFRESH}
                />
              </span>
            ) : null}
          </Cell>
          <Cell label={headings.joined}>
            <time dateTime={user.createdAt}>{format.dateTime(user.createdAt)}</time>
          </Cell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}

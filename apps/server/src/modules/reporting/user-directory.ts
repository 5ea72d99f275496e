import type { AdminUser, AdminUserListQuery } from '@coride/domain';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern, cursorKey, pageLimit, pageOrder, pageWhere, toPage, type Keyset, type Page } from '../../lib/paging';
import { users } from '../accounts/tables';
import { openSuspensionsOf } from '../drivers/repository';
import { staffView } from '../drivers/suspension-view';

/** Newest sign-up first (indexes users_created_idx, users_role_created_idx). */
const userKeyset: Keyset = { at: users.createdAt, id: users.id };

export type UserDirectory = ReturnType<typeof createUserDirectory>;

/**
 * The admin's users list (`GET /api/admin/users`): a read model over accounts' users, writes nothing.
 * The search (`q`: email, first and last name, "first last", phone; case-insensitive) filters the
 * newest-first walk of the index; no text index (docs/decisions/017-keyset-paging.md).
 */
export function createUserDirectory(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(query: AdminUserListQuery): Promise<Page<AdminUser>> {
      const pattern = query.q === undefined ? undefined : containsPattern(query.q);
      const search = pattern
        ? or(ilike(users.email, pattern), sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`, ilike(users.phone, pattern))
        : undefined;
      const rows = await db
        .select({
          pageKey: cursorKey(userKeyset),
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          phone: users.phone,
          role: users.role,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(and(query.role ? eq(users.role, query.role) : undefined, search, pageWhere(userKeyset, query)))
        .orderBy(...pageOrder(userKeyset))
        .limit(pageLimit(query));
      // Drivers show their suspension (ADR 031), so the admin suspends and reinstates from this list.
      const suspensions = await openSuspensionsOf(
        db,
        rows.filter((row) => row.role === 'driver').map((row) => row.id),
      );
      return toPage(
        rows,
        query,
        (row) => ({ at: row.pageKey, id: row.id }),
        ({ pageKey: _key, createdAt, ...user }) => ({ ...user, createdAt: createdAt.toISOString(), suspension: staffView(suspensions.get(user.id)) }),
      );
    },
  };
}

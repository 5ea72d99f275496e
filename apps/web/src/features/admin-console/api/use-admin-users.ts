import type { AdminUser } from '@coride/domain/paging';
import type { Role } from '@coride/domain/roles';
import { usePagedList } from '@/components/paged-list/use-paged-list';

export const adminUsersQueryKey = ['/api/admin/users'] as const;

/** Every user, newest first, a page at a time; `q` matches email, name or phone, `role` keeps one role. */
export function useAdminUsers({ q, role }: { q: string; role: Role | undefined }) {
  return usePagedList<AdminUser>({ queryKey: [...adminUsersQueryKey, { q, role }], path: '/api/admin/users', params: { q, role } });
}

import type { Dispute } from '@coride/domain/payments';
import { usePagedList } from '@/components/paged-list/use-paged-list';

export const disputesQueryKey = ['/api/disputes'] as const;

/** A licensee gets the disputes of its territories, an admin every dispute: newest first, a page at a time. */
export function useDisputes() {
  return usePagedList<Dispute>({ queryKey: disputesQueryKey, path: '/api/disputes' });
}

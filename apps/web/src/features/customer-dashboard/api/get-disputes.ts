import type { Dispute } from '@coride/domain/payments';
import { useQuery } from '@tanstack/react-query';
import { getPage } from '@/lib/api-page';

/** The newest reports a rider made (`GET /api/disputes`, newest first): a ride can be reported only in its 3 days of escrow, so the rides on screen have theirs here. */
const RECENT_DISPUTES = 100;
export const riderDisputesQueryKey = ['/api/disputes', 'rider'] as const;

/** The rider's reports by ride, for the rides list to show each one's outcome (contract §10). */
export function useRiderDisputes() {
  return useQuery({
    queryKey: riderDisputesQueryKey,
    queryFn: async ({ signal }) => {
      const page = await getPage<Dispute>('/api/disputes', { limit: RECENT_DISPUTES }, { signal });
      return new Map(page.items.map((dispute) => [dispute.rideId, dispute]));
    },
  });
}

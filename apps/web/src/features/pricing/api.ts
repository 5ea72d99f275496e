import type { PricingZone, RateAdjustmentProposalView, RateAdjustmentRequest } from '@coride/domain/community/zones';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/pricing/zones: a territory's pricing zones with their live figures and the announced rate change. */
export type TerritoryPricing = {
  territoryId: string;
  territoryName: string;
  refreshSeconds: number;
  rateAdjustmentPercent: number;
  pendingAdjustment: RateAdjustmentProposalView | null;
  zones: PricingZone[];
};

/** The live rates are recomputed on the server every 30 s: the map asks again as often. */
export const PRICING_REFETCH_MS = 30_000;

export const pricingZonesQueryKey = (territoryId: string) => ['/api/pricing/zones', territoryId] as const;
export const rateAdjustmentsQueryKey = (territoryId: string) => ['/api/licensee/rate-adjustments', territoryId] as const;

export function usePricingZones(territoryId: string | undefined) {
  return useQuery({
    queryKey: pricingZonesQueryKey(territoryId ?? ''),
    queryFn: ({ signal }) => apiRequest<TerritoryPricing>(`/api/pricing/zones?territoryId=${encodeURIComponent(territoryId!)}`, { signal }),
    enabled: Boolean(territoryId),
    refetchInterval: PRICING_REFETCH_MS,
  });
}

export function useRateAdjustments(territoryId: string | undefined) {
  return useQuery({
    queryKey: rateAdjustmentsQueryKey(territoryId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<RateAdjustmentProposalView[]>(`/api/licensee/rate-adjustments?territoryId=${encodeURIComponent(territoryId!)}`, { signal }),
    enabled: Boolean(territoryId),
  });
}

function useRefreshPricing(territoryId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: rateAdjustmentsQueryKey(territoryId) });
    void queryClient.invalidateQueries({ queryKey: pricingZonesQueryKey(territoryId) });
  };
}

/** Announces a rate adjustment (effective 7 days later). 400 with field messages, 404 for a territory not the caller's. */
export function useProposeAdjustment(territoryId: string) {
  const onSettled = useRefreshPricing(territoryId);
  return useMutation({
    mutationFn: (request: RateAdjustmentRequest) =>
      apiRequest<RateAdjustmentProposalView>('/api/licensee/rate-adjustments', { method: 'POST', body: { ...request, territoryId } }),
    onSettled,
  });
}

/** Withdraws a proposal during its notice; 409 once it is in effect. */
export function useWithdrawAdjustment(territoryId: string) {
  const onSettled = useRefreshPricing(territoryId);
  return useMutation({
    mutationFn: (id: string) => apiRequest<RateAdjustmentProposalView>(`/api/licensee/rate-adjustments/${encodeURIComponent(id)}/withdraw`, { method: 'POST' }),
    onSettled,
  });
}

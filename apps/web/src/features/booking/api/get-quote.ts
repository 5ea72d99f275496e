import type { Location, QuoteResponse } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** A fresh quote is fetched this long before the current one expires, so the price shown stays bookable. */
const REFRESH_BEFORE_EXPIRY_MS = 30_000;

export const quoteQueryKey = (pickup: Location, dropoff: Location) =>
  ['/api/rides/quote', pickup.lat, pickup.lng, pickup.address, dropoff.lat, dropoff.lng, dropoff.address] as const;

/** The server's upfront price for a trip; 422 when the pickup is outside every territory. */
export function getQuote(pickup: Location, dropoff: Location, signal?: AbortSignal): Promise<QuoteResponse> {
  return apiRequest<QuoteResponse>('/api/rides/quote', { method: 'POST', body: { pickupLocation: pickup, dropoffLocation: dropoff }, signal });
}

export const quoteQueryOptions = (pickup: Location, dropoff: Location) =>
  queryOptions({
    queryKey: quoteQueryKey(pickup, dropoff),
    queryFn: ({ signal }) => getQuote(pickup, dropoff, signal),
    refetchInterval: (query) => {
      const expiresAt = query.state.data?.expiresAt;
      return expiresAt ? Math.max(5_000, Date.parse(expiresAt) - Date.now() - REFRESH_BEFORE_EXPIRY_MS) : false;
    },
  });

/** Asks for a price as soon as both places are set. */
export function useQuote(pickup: Location | null, dropoff: Location | null) {
  return useQuery({
    ...quoteQueryOptions(pickup ?? placeholder, dropoff ?? placeholder),
    enabled: pickup !== null && dropoff !== null,
  });
}

const placeholder: Location = { address: '', lat: 0, lng: 0 };

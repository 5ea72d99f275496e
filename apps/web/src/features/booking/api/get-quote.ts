import type { Location, QuoteResponse, RideOptions } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** A fresh quote is fetched this long before the current one expires, so the price shown stays bookable. */
const REFRESH_BEFORE_EXPIRY_MS = 30_000;

/** Without options: the defaults (1 seat, any size, not accessible), sent as nothing. */
export const quoteQueryKey = (pickup: Location, dropoff: Location, options?: RideOptions) =>
  [
    '/api/rides/quote',
    pickup.lat,
    pickup.lng,
    pickup.address,
    dropoff.lat,
    dropoff.lng,
    dropoff.address,
    options?.seats,
    options?.vehicleSize,
    options?.wheelchairAccessible,
  ] as const;

/** The server's upfront price for a trip with its options; 422 when the pickup is outside every territory or no vehicle there fits. */
export function getQuote(pickup: Location, dropoff: Location, signal?: AbortSignal, options?: RideOptions): Promise<QuoteResponse> {
  return apiRequest<QuoteResponse>('/api/rides/quote', { method: 'POST', body: { pickupLocation: pickup, dropoffLocation: dropoff, ...options }, signal });
}

export const quoteQueryOptions = (pickup: Location, dropoff: Location, options?: RideOptions) =>
  queryOptions({
    queryKey: quoteQueryKey(pickup, dropoff, options),
    queryFn: ({ signal }) => getQuote(pickup, dropoff, signal, options),
    refetchInterval: (query) => {
      const expiresAt = query.state.data?.expiresAt;
      return expiresAt ? Math.max(5_000, Date.parse(expiresAt) - Date.now() - REFRESH_BEFORE_EXPIRY_MS) : false;
    },
  });

/** Asks for a price as soon as both places are set, and again when the options change. */
export function useQuote(pickup: Location | null, dropoff: Location | null, options?: RideOptions) {
  return useQuery({
    ...quoteQueryOptions(pickup ?? placeholder, dropoff ?? placeholder, options),
    enabled: pickup !== null && dropoff !== null,
  });
}

const placeholder: Location = { address: '', lat: 0, lng: 0 };

import type { DriverOffer } from '@coride/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const driverOffersQueryKey = ['/api/drivers/offers'] as const;

/**
 * The ride requests open to this driver right now. Read on load and after every reconnect; in
 * between, ride_request and offer_withdrawn messages update the same cache entry.
 */
export function getDriverOffers(signal?: AbortSignal): Promise<DriverOffer[]> {
  return apiRequest<DriverOffer[]>('/api/drivers/offers', { signal });
}

export const driverOffersQueryOptions = () => queryOptions({ queryKey: driverOffersQueryKey, queryFn: ({ signal }) => getDriverOffers(signal) });

export function useDriverOffers() {
  return useQuery(driverOffersQueryOptions());
}

/** Adds (or refreshes) an offer that arrived over the socket; the newest goes first. */
export function addOffer(queryClient: QueryClient, offer: DriverOffer): void {
  queryClient.setQueryData<DriverOffer[]>(driverOffersQueryKey, (offers = []) => [offer, ...offers.filter((o) => o.ride.id !== offer.ride.id)]);
}

/** Drops an offer: withdrawn, expired, declined or accepted. */
export function removeOffer(queryClient: QueryClient, rideId: string): void {
  queryClient.setQueryData<DriverOffer[]>(driverOffersQueryKey, (offers) => offers?.filter((o) => o.ride.id !== rideId));
}

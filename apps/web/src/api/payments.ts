/**
 * The rider's cards, read by the booking page (is there one to pay with?) and managed on the
 * dashboard, and the query keys of the other money reads, which the booking page and the dispute
 * notices refresh (the reads themselves are the dashboard's). Types only from the domain index: its
 * schemas must not land in the booking page's bundle.
 */
import type { PaymentMethod } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const paymentMethodsQueryKey = ['/api/payment-methods'] as const;
export const paymentHistoryQueryKey = ['/api/payments'] as const;
/** Under the ride's own key, so invalidating a ride also refreshes its receipt. */
export const receiptQueryKey = (rideId: string) => ['/api/rides', rideId, 'receipt'] as const;

/** The rider's cards: brand, last four and expiry only, one of them the default. */
export function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  return apiRequest<PaymentMethod[]>('/api/payment-methods', { signal });
}

export const paymentMethodsQueryOptions = () => queryOptions({ queryKey: paymentMethodsQueryKey, queryFn: ({ signal }) => getPaymentMethods(signal) });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}

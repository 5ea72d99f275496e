import type { PaymentHistoryItem, Receipt } from '@coride/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { paymentHistoryQueryKey, receiptQueryKey } from '@/api/payments';

/** The rider's completed rides with what was charged, newest first. */
export function getPaymentHistory(signal?: AbortSignal): Promise<PaymentHistoryItem[]> {
  return apiRequest<PaymentHistoryItem[]>('/api/payments', { signal });
}

export const paymentHistoryQueryOptions = () => queryOptions({ queryKey: paymentHistoryQueryKey, queryFn: ({ signal }) => getPaymentHistory(signal) });

/** A ride's receipt: fare, tip, refunds, the ledger's split, escrow and any dispute. */
export function getReceipt(rideId: string, signal?: AbortSignal): Promise<Receipt> {
  return apiRequest<Receipt>(`/api/rides/${encodeURIComponent(rideId)}/receipt`, { signal });
}

export const receiptQueryOptions = (rideId: string) => queryOptions({ queryKey: receiptQueryKey(rideId), queryFn: ({ signal }) => getReceipt(rideId, signal) });

import type { AddPaymentMethodRequest, PaymentMethod, UpdatePaymentMethodRequest } from '@coride/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { paymentMethodsQueryKey } from '@/api/payments';

export function addPaymentMethod(request: AddPaymentMethodRequest): Promise<PaymentMethod> {
  return apiRequest<PaymentMethod>('/api/payment-methods', { method: 'POST', body: request });
}

export function updatePaymentMethod(id: string, changes: Partial<UpdatePaymentMethodRequest>): Promise<PaymentMethod> {
  return apiRequest<PaymentMethod>(`/api/payment-methods/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function removePaymentMethod(id: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * Puts a saved card into the cached list. A new default takes the flag from the others, as the
 * server does; the list is re-read afterwards to match the server exactly.
 */
function storeMethod(queryClient: QueryClient, saved: PaymentMethod) {
  queryClient.setQueryData<PaymentMethod[]>(paymentMethodsQueryKey, (list = []) => {
    const others = list.filter((m) => m.id !== saved.id).map((m) => (saved.isDefault ? { ...m, isDefault: false } : m));
    const index = list.findIndex((m) => m.id === saved.id);
    if (index === -1) return [...others, saved];
    return [...others.slice(0, index), saved, ...others.slice(index)];
  });
  void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey });
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPaymentMethod, onSuccess: (saved) => storeMethod(queryClient, saved) });
}

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<UpdatePaymentMethodRequest> }) => updatePaymentMethod(id, changes),
    onSuccess: (saved) => storeMethod(queryClient, saved),
  });
}

/** Removing the default card makes the newest remaining one the default (server-side): re-read the list. */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removePaymentMethod(id),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<PaymentMethod[]>(paymentMethodsQueryKey, (list) => list?.filter((m) => m.id !== id));
      void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey });
    },
  });
}

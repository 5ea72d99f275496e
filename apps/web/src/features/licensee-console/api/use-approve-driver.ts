import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { licenseeDriversQueryKey } from './use-licensee-drivers';
import { licenseeMetricsQueryKey } from './use-licensee-metrics';
import { territoryDriverApplicationsQueryKey } from './use-territory-driver-applications';

/** Approves an inactive driver of the licensee's territory, so they can go online. */
export function approveDriver(driverId: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/licensee/drivers/${encodeURIComponent(driverId)}/approve`, { method: 'POST' });
}

export function useApproveDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveDriver,
    onSettled: () =>
      Promise.all(
        [licenseeDriversQueryKey, licenseeMetricsQueryKey, territoryDriverApplicationsQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

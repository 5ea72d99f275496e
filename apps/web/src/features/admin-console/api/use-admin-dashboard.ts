import type { AdminDashboard } from '@coride/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const adminDashboardQueryKey = ['/api/admin/dashboard'] as const;

/** Today's platform figures: active rides, online drivers, revenue, satisfaction and pending reviews. */
export function getAdminDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  return apiRequest<AdminDashboard>('/api/admin/dashboard', { signal });
}

export const adminDashboardQueryOptions = () => queryOptions({ queryKey: adminDashboardQueryKey, queryFn: ({ signal }) => getAdminDashboard(signal) });

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}

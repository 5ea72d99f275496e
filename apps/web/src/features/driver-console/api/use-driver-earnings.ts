import type { DriverEarnings } from '@coride/domain/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const driverEarningsQueryKey = ['/api/drivers/earnings'] as const;

/** The driver's money from the ledger: today, this week, held in escrow, released, tips, recent rides. */
export function getDriverEarnings(signal?: AbortSignal): Promise<DriverEarnings> {
  return apiRequest<DriverEarnings>('/api/drivers/earnings', { signal });
}

export const driverEarningsQueryOptions = () => queryOptions({ queryKey: driverEarningsQueryKey, queryFn: ({ signal }) => getDriverEarnings(signal) });

export function useDriverEarnings() {
  return useQuery(driverEarningsQueryOptions());
}

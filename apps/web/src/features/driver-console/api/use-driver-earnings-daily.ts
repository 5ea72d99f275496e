import type { DriverEarningsDaily } from '@coride/domain/community/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { driverEarningsQueryKey } from './use-driver-earnings';

/** Under the earnings key, so whatever refreshes the earnings (a completed ride, a reconnect) refreshes these too. */
export const driverEarningsDailyQueryKey = (days: number) => [...driverEarningsQueryKey, 'daily', days] as const;

/** The driver's fares, tips and bonuses per UTC day, the last `days` days, today last. */
export function getDriverEarningsDaily(days: number, signal?: AbortSignal): Promise<DriverEarningsDaily> {
  return apiRequest<DriverEarningsDaily>(`/api/drivers/earnings/daily?days=${days}`, { signal });
}

export const driverEarningsDailyQueryOptions = (days: number) =>
  queryOptions({ queryKey: driverEarningsDailyQueryKey(days), queryFn: ({ signal }) => getDriverEarningsDaily(days, signal) });

/** `refreshMs`: also re-read on a timer (a tip or a bonus arrives without a ride of the driver's ending). */
export function useDriverEarningsDaily(days: number, refreshMs?: number) {
  return useQuery({ ...driverEarningsDailyQueryOptions(days), ...(refreshMs ? { refetchInterval: refreshMs } : {}) });
}

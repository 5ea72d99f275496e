import { useStaffCancelRide } from '@/api/staff-cancel-ride';
import { licenseeMetricsQueryKey } from './use-licensee-metrics';
import { territoryRidesQueryKey } from './use-territory-rides';

/** After a cancel: the territory's rides and its figures. */
const refreshed = [{ queryKey: territoryRidesQueryKey, exact: true }, { queryKey: licenseeMetricsQueryKey }] as const;

/** Cancels an active ride of the licensee's territories with a reason. */
export function useCancelRide() {
  return useStaffCancelRide(refreshed);
}

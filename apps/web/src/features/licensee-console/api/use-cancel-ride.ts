import { staffRidesQueryKey } from '@/api/staff-rides';
import { useStaffCancelRide } from '@/api/staff-cancel-ride';
import { licenseeMetricsQueryKey } from './use-licensee-metrics';

/** After a cancel: the territory's rides lists (active and all) and its figures. */
const refreshed = [{ queryKey: staffRidesQueryKey }, { queryKey: licenseeMetricsQueryKey }] as const;

/** Cancels an active ride of the licensee's territories with a reason. */
export function useCancelRide() {
  return useStaffCancelRide(refreshed);
}

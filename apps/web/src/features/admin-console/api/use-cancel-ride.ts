import { useStaffCancelRide } from '@/api/staff-cancel-ride';
import { adminDashboardQueryKey } from './use-admin-dashboard';
import { platformStatsQueryKey } from './use-platform-stats';
import { ridesQueryKey } from './use-rides';

/** After a cancel: the rides and today's figures (active and cancelled counts). */
const refreshed = [{ queryKey: ridesQueryKey, exact: true }, { queryKey: adminDashboardQueryKey }, { queryKey: platformStatsQueryKey }] as const;

/** Cancels any active ride (a stuck one) with a reason. */
export function useCancelRide() {
  return useStaffCancelRide(refreshed);
}

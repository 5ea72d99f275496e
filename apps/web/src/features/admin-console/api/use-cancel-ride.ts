import { staffRidesQueryKey } from '@/api/staff-rides';
import { useStaffCancelRide } from '@/api/staff-cancel-ride';
import { adminDashboardQueryKey } from './use-admin-dashboard';
import { platformStatsQueryKey } from './use-platform-stats';

/** After a cancel: the rides lists (active and all) and today's figures (active and cancelled counts). */
const refreshed = [{ queryKey: staffRidesQueryKey }, { queryKey: adminDashboardQueryKey }, { queryKey: platformStatsQueryKey }] as const;

/** Cancels any active ride (a stuck one) with a reason. */
export function useCancelRide() {
  return useStaffCancelRide(refreshed);
}

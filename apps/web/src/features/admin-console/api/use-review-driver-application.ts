import { useReviewDriverApplication as useReviewApplication } from '@/api/driver-applications';
import { adminDashboardQueryKey } from './use-admin-dashboard';
import { driverApplicationsQueryKey } from './use-driver-applications';
import { platformStatsQueryKey } from './use-platform-stats';

const invalidatedQueryKeys = [driverApplicationsQueryKey, adminDashboardQueryKey, platformStatsQueryKey];

/** Reviews a driver application, then refreshes the list, the pending counts and the platform figures. */
export function useReviewDriverApplication() {
  return useReviewApplication(invalidatedQueryKeys);
}

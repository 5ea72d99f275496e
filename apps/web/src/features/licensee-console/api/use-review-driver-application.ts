import { useReviewDriverApplication as useReviewApplication } from '@/api/driver-applications';
import { licenseeDriversQueryKey } from './use-licensee-drivers';
import { licenseeMetricsQueryKey } from './use-licensee-metrics';
import { territoryDriverApplicationsQueryKey } from './use-territory-driver-applications';

const invalidatedQueryKeys = [territoryDriverApplicationsQueryKey, licenseeDriversQueryKey, licenseeMetricsQueryKey];

/** A licensee decides its own territory's applications, then refreshes the applications, the drivers (now active) and the pending count. */
export function useReviewDriverApplication() {
  return useReviewApplication(invalidatedQueryKeys);
}

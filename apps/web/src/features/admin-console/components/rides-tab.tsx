import { useActiveStaffRides } from '@/api/staff-rides';
import { LazyActiveRidesCard, LazyRideHistoryCard } from '@/components/active-rides/lazy-active-rides-card';
import { useCancelRide } from '../api/use-cancel-ride';

/** Every active ride on the platform, any of which the admin may cancel, then every ride, searchable (read only while the tab is shown). */
export function RidesTab() {
  const rides = useActiveStaffRides();
  const cancel = useCancelRide();
  return (
    <div className="space-y-6">
      <LazyActiveRidesCard scope="platform" rides={rides} onCancel={(id, request) => cancel.mutateAsync({ id, ...request })} />
      <LazyRideHistoryCard scope="platform" />
    </div>
  );
}

import { useActiveStaffRides } from '@/api/staff-rides';
import { LazyActiveRidesCard, LazyRideHistoryCard } from '@/components/active-rides/lazy-active-rides-card';
import { useCancelRide } from '../api/use-cancel-ride';

/** The active rides of the licensee's territories, any of which it may cancel, then all of their rides (read only while the tab is shown). */
export function RidesTab() {
  const rides = useActiveStaffRides();
  const cancel = useCancelRide();
  return (
    <div className="space-y-6">
      <LazyActiveRidesCard scope="territory" rides={rides} onCancel={(id, request) => cancel.mutateAsync({ id, ...request })} />
      <LazyRideHistoryCard scope="territory" />
    </div>
  );
}

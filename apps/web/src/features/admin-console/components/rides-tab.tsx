import { LazyActiveRidesCard } from '@/components/active-rides/lazy-active-rides-card';
import { useCancelRide } from '../api/use-cancel-ride';
import { useRides } from '../api/use-rides';

/** Every active ride on the platform, any of which the admin may cancel (read only while the tab is shown). */
export function RidesTab() {
  const rides = useRides();
  const cancel = useCancelRide();
  return <LazyActiveRidesCard scope="platform" rides={rides} onCancel={(id, request) => cancel.mutateAsync({ id, ...request })} />;
}

import { LazyActiveRidesCard } from '@/components/active-rides/lazy-active-rides-card';
import { useCancelRide } from '../api/use-cancel-ride';
import { useTerritoryRides } from '../api/use-territory-rides';

/** The active rides of the licensee's territories, any of which it may cancel (read only while the tab is shown). */
export function RidesTab() {
  const rides = useTerritoryRides();
  const cancel = useCancelRide();
  return <LazyActiveRidesCard scope="territory" rides={rides} onCancel={(id, request) => cancel.mutateAsync({ id, ...request })} />;
}

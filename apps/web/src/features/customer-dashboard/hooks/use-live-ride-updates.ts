import { useQueryClient } from '@tanstack/react-query';
import { useOnReconnected, useRealtimeMessages } from '@/lib/realtime-context';
import { ridesQueryKey } from '../api/get-rides';
import { riderStatsQueryKey } from '../api/get-rider-stats';

const rideEvents = new Set(['ride_accepted', 'ride_started', 'ride_completed', 'ride_cancelled']);

/** Keeps the ride list and the stats current while the dashboard is open (a ride moving on elsewhere). */
export function useLiveRideUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ridesQueryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: riderStatsQueryKey });
  };
  useRealtimeMessages((message) => {
    if (rideEvents.has(message.type)) refresh();
  });
  useOnReconnected(refresh);
}

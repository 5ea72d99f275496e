import { useQueryClient } from '@tanstack/react-query';
import { paymentHistoryQueryKey } from '@/api/payments';
import { useOnReconnected, useRealtimeMessages } from '@/lib/realtime-context';
import { ridesQueryKey } from '../api/get-rides';
import { riderStatsQueryKey } from '../api/get-rider-stats';

const rideEvents = new Set(['ride_accepted', 'ride_started', 'ride_completed', 'ride_cancelled']);

/** Keeps the ride list, the stats and the payment history current while the dashboard is open (a ride moving on elsewhere). */
export function useLiveRideUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ridesQueryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: riderStatsQueryKey });
    void queryClient.invalidateQueries({ queryKey: paymentHistoryQueryKey });
  };
  useRealtimeMessages((message) => {
    if (rideEvents.has(message.type)) refresh();
  });
  useOnReconnected(refresh);
}

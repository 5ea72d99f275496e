import { useQuery } from '@tanstack/react-query';
import { rideQueryOptions } from '@/api/rides';

export { getRide, rideQueryKey, rideQueryOptions } from '@/api/rides';

/** One of the rider's rides by id (a ride that just ended stays on screen for rating). */
export function useRide(id: string | null) {
  return useQuery({ ...rideQueryOptions(id ?? ''), enabled: id !== null });
}

import type { LatLng } from '@coride/domain';
import type { RideRow } from '../rides/repository';

/**
 * What the rides and drivers services ask of dispatch, and nothing more. The Dispatcher implements
 * it; they are given it at construction, so neither reaches the dispatcher through a closure.
 */
export interface DispatchPort {
  /** Runs the ride's next dispatch round (offers a batch, or cancels when nobody is left). */
  dispatch(rideId: string): Promise<void>;
  /** A ride changed state (after its commit): keeps the driver -> active ride view used to forward locations. Never throws. */
  trackActive(ride: RideRow): Promise<void>;
  /** The ride was cancelled: its open offers are withdrawn and the drivers told. */
  withdrawOffers(rideId: string): Promise<void>;
  /** The driver went offline: their open offers move on to the next drivers. */
  releaseDriver(driverId: string): Promise<void>;
  /** The driver moved: the rider of their active ride is told. */
  forwardLocation(driverId: string, location: LatLng & { heading?: number }): Promise<void>;
}

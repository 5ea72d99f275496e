import { SHARED_TRIP_AFTER_END_MS, type SharedTrip, type TripShareLink } from '@coride/domain';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthenticatedUser } from '../accounts/service';
import { hashToken, newSessionToken } from '../accounts/tokens';
import type { DriverLocationIndex } from '../dispatch/driver-index';
import { etaMinutes } from './mapping';
import * as repo from './repository';
import { rides } from './tables';

export type TripSharing = ReturnType<typeof createTripSharing>;

const linkGone = () => new AppError('SHARE_LINK_GONE', 'This trip link has expired or was turned off');

/**
 * Trip sharing (contract §9, ADR 028): the rider makes a link anyone can open to follow the trip.
 * The token is shown once and stored as its SHA-256, like the account tokens; the link dies when the
 * rider revokes it or 1 hour after the ride ended.
 */
export function createTripSharing(deps: { db: Database; index: DriverLocationIndex; now: () => Date; publicUrl: string }) {
  const { db, index, now } = deps;

  /** The caller's own ride, or 404: only its rider shares it. */
  async function ownRide(user: AuthenticatedUser, rideId: string): Promise<repo.RideRow> {
    const ride = await repo.findRide(db, rideId);
    if (!ride || user.role !== 'customer' || ride.riderId !== user.id) throw notFound('Ride');
    return ride;
  }

  const endOf = (ride: repo.RideRow) => ride.completedAt ?? ride.cancelledAt;

  return {
    /** A new link for the rider's ride under way (an earlier one stops working). */
    async share(user: AuthenticatedUser, rideId: string): Promise<TripShareLink> {
      const ride = await ownRide(user, rideId);
      if (ride.status === 'completed' || ride.status === 'cancelled') throw new AppError('CONFLICT', 'This ride has ended: there is nothing to share');
      const token = newSessionToken();
      await repo.replaceShare(db, ride.id, hashToken(token), now());
      return { url: `${deps.publicUrl}/trip/${token}`, expiresAt: null };
    },

    /**
     * A link for the SOS mail to the raiser's emergency contacts (ADR 032), written in the caller's
     * transaction beside the alert. A link of its own, so the one the rider shared keeps working; it
     * dies like the others (the rider turns sharing off, or 1 hour after the ride ended).
     */
    async emergencyLink(tx: Executor, rideId: string): Promise<{ url: string; path: string }> {
      const token = newSessionToken();
      await repo.insertShare(tx, rideId, hashToken(token), now());
      const path = `/trip/${token}`;
      return { url: `${deps.publicUrl}${path}`, path };
    },

    async revoke(user: AuthenticatedUser, rideId: string): Promise<{ revoked: number }> {
      const ride = await ownRide(user, rideId);
      return { revoked: await repo.revokeShares(db, ride.id, now()) };
    },

    /** The public view of a shared link: 404 for an unknown token, 410 SHARE_LINK_GONE once revoked or expired. */
    async view(token: string): Promise<SharedTrip> {
      const share = await repo.findShare(db, hashToken(token));
      if (!share) throw notFound('Shared trip');
      if (share.revokedAt) throw linkGone();
      const [details] = await repo.findRideDetails(db, eq(rides.id, share.rideId), 1);
      if (!details) throw notFound('Shared trip');
      const { ride, driver, vehicle } = details;
      const endedAt = endOf(ride);
      if (endedAt && now().getTime() - endedAt.getTime() > SHARED_TRIP_AFTER_END_MS) throw linkGone();
      const isUnderWay = ride.status === 'accepted' || ride.status === 'in_progress';
      const position = isUnderWay && ride.driverId ? await index.get(ride.driverId) : undefined;
      const location = position ? { lat: position.lat, lng: position.lng } : undefined;
      return {
        // A ride booked for later (ADR 034) shows as waiting for its driver: the public page knows no more.
        status: ride.status === 'scheduled' ? 'requested' : ride.status,
        driverFirstName: driver?.firstName ?? null,
        vehicle:
          vehicle?.make && vehicle.model && vehicle.color && vehicle.plate
            ? { make: vehicle.make, model: vehicle.model, color: vehicle.color, plate: vehicle.plate }
            : null,
        driverLocation: location ?? null,
        etaMinutes: etaMinutes(ride.status, { lat: ride.pickupLat, lng: ride.pickupLng }, { lat: ride.dropoffLat, lng: ride.dropoffLng }, location),
      };
    },
  };
}

import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rideOffers, rides } from '../rides/tables';

/**
 * The ride facts dispute mediation weighs (the ride row and the accepted offer's distance): a read model
 * joining across modules (the rides module's rides and ride_offers, read for the assistant); writes nothing.
 */
export async function disputedRideFacts(db: Executor, rideId: string) {
  const [ride] = await db.select().from(rides).where(eq(rides.id, rideId));
  if (!ride) return null;
  const [offer] = await db
    .select({ distanceMiles: rideOffers.distanceMiles })
    .from(rideOffers)
    .where(and(eq(rideOffers.rideId, ride.id), eq(rideOffers.status, 'accepted')));
  return { ride, acceptedOfferDistanceMiles: offer?.distanceMiles ?? null };
}

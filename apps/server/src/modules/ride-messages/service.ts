import {
  DEFAULT_RIDER_RATING,
  LOW_RATING_MIN_COUNT,
  LOW_RATING_THRESHOLD,
  type LowRatedPerson,
  type RateRiderRequest,
  type RideMessage,
  type RiderRating,
} from '@coride/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import * as accountsRepo from '../accounts/repository';
import type { AuthenticatedUser } from '../accounts/service';
import type { RealtimeHub } from '../realtime/hub';
import * as ridesRepo from '../rides/repository';
import type { TerritoryAccess } from '../territories/access';
import { toE164, type PhoneMasking } from './phone-masking';
import * as repo from './repository';
import type { RideMessageRow } from './tables';

export type RideMessagesService = ReturnType<typeof createRideMessagesService>;

/** A thread takes messages while a driver has the ride and it has not ended (contract §9). */
const MESSAGING_STATUSES: readonly string[] = ['accepted', 'in_progress'];

const toMessage = (row: RideMessageRow): RideMessage => ({
  id: row.id,
  rideId: row.rideId,
  from: row.senderRole,
  text: row.text,
  sentAt: row.sentAt.toISOString(),
});

const roundRating = (value: number) => Math.round(value * 10) / 10;

/**
 * Rider and driver of a ride talk through the platform, never with each other's phone or email
 * (contract §9, ADR 029): the thread is open while the ride is accepted or in progress and pushed
 * live as `ride_message`. After the trip the driver rates the rider once.
 */
export function createRideMessagesService(deps: {
  db: Database;
  hub: RealtimeHub;
  now: () => Date;
  access: TerritoryAccess;
  /** The number-masking service (PHONE_MASKING_URL), or null: calls go through messages (ADR 035). */
  phoneMasking?: PhoneMasking | null;
  log?: FastifyBaseLogger;
}) {
  const { db, hub, now, access, phoneMasking = null, log } = deps;

  /** A side's number as the masking service wants it, or null when they have none to dial. */
  async function phoneOf(userId: string): Promise<string | null> {
    const user = await accountsRepo.findUserById(db, userId);
    return user?.phone && !user.deletedAt ? toE164(user.phone) : null;
  }

  /** The ride and which side the caller is on, or 404: other people's rides do not exist for them. */
  async function sideOf(user: AuthenticatedUser, rideId: string) {
    const ride = await ridesRepo.findRide(db, rideId);
    if (ride && user.role === 'customer' && ride.riderId === user.id) return { ride, side: 'rider' as const };
    if (ride && user.role === 'driver' && ride.driverId === user.id) return { ride, side: 'driver' as const };
    throw notFound('Ride');
  }

  return {
    async list(user: AuthenticatedUser, rideId: string): Promise<RideMessage[]> {
      await sideOf(user, rideId);
      return (await repo.messagesOf(db, rideId)).map(toMessage);
    },

    /** 409 RIDE_NOT_ACTIVE before a driver has the ride and once it ended. */
    async send(user: AuthenticatedUser, rideId: string, text: string): Promise<RideMessage> {
      const { ride, side } = await sideOf(user, rideId);
      if (!MESSAGING_STATUSES.includes(ride.status))
        throw new AppError('RIDE_NOT_ACTIVE', 'Messages can be sent only while the ride is under way: from when a driver accepts it until it ends');
      const message = toMessage(await repo.insertMessage(db, { rideId, senderId: user.id, senderRole: side, text, sentAt: now() }));
      // Both sides: the sender's other devices show it too (the web client drops the one it already has).
      hub.publish(ride.riderId, { type: 'ride_message', message });
      if (ride.driverId) hub.publish(ride.driverId, { type: 'ride_message', message });
      return message;
    },

    /**
     * The masked number that rings the other side of the ride (contract §9, ADR 035): 409
     * CALLS_NOT_CONFIGURED without a masking service, RIDE_NOT_ACTIVE outside accepted and in
     * progress, 503 when the service fails. Both real numbers go to the service only.
     */
    async call(user: AuthenticatedUser, rideId: string): Promise<{ number: string }> {
      const { ride, side } = await sideOf(user, rideId);
      if (!phoneMasking) throw new AppError('CALLS_NOT_CONFIGURED', 'Calls go through the ride’s messages in this deployment');
      if (!MESSAGING_STATUSES.includes(ride.status) || !ride.driverId)
        throw new AppError('RIDE_NOT_ACTIVE', 'Calls can be made only while the ride is under way: from when a driver accepts it until it ends');
      const [riderPhone, driverPhone] = await Promise.all([phoneOf(ride.riderId), phoneOf(ride.driverId)]);
      if (!riderPhone || !driverPhone) throw new AppError('CONFLICT', 'A phone number is missing for this ride: send a message instead');
      try {
        return { number: await phoneMasking.maskedNumberFor({ rideId, phones: { rider: riderPhone, driver: driverPhone } }, side) };
      } catch (error) {
        log?.warn({ err: error, rideId }, 'the number-masking service failed');
        throw new AppError('UNAVAILABLE', 'Calling is unavailable right now: send a message instead');
      }
    },

    /** The ride's driver, after completion, once (409 on a second). */
    async rateRider(user: AuthenticatedUser, rideId: string, request: RateRiderRequest): Promise<RiderRating> {
      const { ride, side } = await sideOf(user, rideId);
      if (side !== 'driver' || !ride.driverId) throw notFound('Ride');
      if (ride.status !== 'completed') throw new AppError('CONFLICT', 'You can rate the rider once the ride is completed');
      const row = await repo.insertRiderRating(db, {
        rideId,
        riderId: ride.riderId,
        driverId: ride.driverId,
        rating: request.rating,
        comment: request.comment ? request.comment : null,
        createdAt: now(),
      });
      if (!row) throw new AppError('CONFLICT', 'You have already rated the rider of this ride');
      return { rideId, rating: row.rating, comment: row.comment };
    },

    /** The driver's rating of this ride's rider, or null (the console asks before prompting). */
    async riderRatingOfRide(user: AuthenticatedUser, rideId: string): Promise<RiderRating | null> {
      const { side } = await sideOf(user, rideId);
      if (side !== 'driver') throw notFound('Ride');
      const row = await repo.ratingOfRide(db, rideId);
      return row ? { rideId, rating: row.rating, comment: row.comment } : null;
    },

    /** The drivers' average of the rider, 5.0 before any. */
    async riderRating(riderId: string): Promise<number> {
      const average = await repo.averageRiderRating(db, riderId);
      return average === null ? DEFAULT_RIDER_RATING : roundRating(average);
    },

    /** Riders and drivers of the licensee's territories (an admin's: all) averaging under 4.0 over at least 3 ratings. */
    async lowRated(user: AuthenticatedUser): Promise<LowRatedPerson[]> {
      const territoryIds = await access.scopeOf(user);
      const [riders, drivers] = await Promise.all([
        repo.lowRatedRiders(db, territoryIds, LOW_RATING_THRESHOLD, LOW_RATING_MIN_COUNT),
        repo.lowRatedDrivers(db, territoryIds, LOW_RATING_THRESHOLD, LOW_RATING_MIN_COUNT),
      ]);
      const person =
        (role: 'rider' | 'driver') =>
        (r: (typeof riders)[number]): LowRatedPerson => ({
          userId: r.userId,
          role,
          name: `${r.firstName} ${r.lastName.charAt(0)}.`,
          averageRating: roundRating(Number(r.averageRating)),
          ratings: Number(r.ratings),
        });
      return [...riders.map(person('rider')), ...drivers.map(person('driver'))];
    },
  };
}

import type { LatLng, Ride } from '@coride/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import * as driversRepo from '../drivers/repository';
import type { RealtimeHub } from '../realtime/hub';
import { etaMinutes } from '../rides/mapping';
import type { RideReader } from '../rides/reader';
import * as repo from '../rides/repository';
import type { DriverLocationIndex, NearbyDriver } from './driver-index';
import { ignoreDispatchEvents, type DispatchEvents } from './events';
import type { DispatchPort } from './port';

export type DispatchSettings = {
  offerTimeoutMs: number;
  /** How many drivers are offered a ride at once. */
  batchSize: number;
  /** The search radius of each level, widening when a level has no one left. */
  radiiMiles: number[];
};

export const defaultDispatchSettings: Omit<DispatchSettings, 'offerTimeoutMs'> = { batchSize: 3, radiiMiles: [2, 5, 10, 25, 100] };

type ActiveRide = { rideId: string; riderId: string; status: 'accepted' | 'in_progress'; pickup: LatLng; dropoff: LatLng };

export type DispatcherDeps = {
  db: Database;
  index: DriverLocationIndex;
  hub: RealtimeHub;
  settings: DispatchSettings;
  now: () => Date;
  /** Rides as the API shows them, for the messages (the repository and mapping, not the rides service). */
  rides: RideReader;
  log: FastifyBaseLogger;
  /** Told of offers made, accepted and expired (the metrics); nothing by default. */
  events?: DispatchEvents | undefined;
};

/**
 * Offers requested rides to the nearest idle, online, approved drivers of the ride's territory, in
 * batches with a timeout and a widening radius, and turns the first acceptance into the assignment.
 * Offers live in the database, so a restart picks up where it stopped. The database's unique indexes
 * guarantee a ride never gets two drivers and a driver never two active rides, whatever the races.
 */
export class Dispatcher implements DispatchPort {
  /** driver -> the ride they are on, for forwarding locations without a query per update. */
  private readonly activeRides = new Map<string, ActiveRide>();
  /** Rounds running now, per ride: a second request for the same ride waits for the running one. */
  private readonly inFlight = new Map<string, Promise<void>>();

  private readonly db: Database;
  private readonly index: DriverLocationIndex;
  private readonly hub: RealtimeHub;
  private readonly settings: DispatchSettings;
  private readonly now: () => Date;
  private readonly rides: RideReader;
  private readonly log: FastifyBaseLogger;
  private readonly events: DispatchEvents;

  constructor(deps: DispatcherDeps) {
    this.db = deps.db;
    this.index = deps.index;
    this.hub = deps.hub;
    this.settings = deps.settings;
    this.now = deps.now;
    this.rides = deps.rides;
    this.log = deps.log;
    this.events = deps.events ?? ignoreDispatchEvents;
  }

  /** Rebuilds the in-memory view of active rides from the database (at start). */
  async restore(): Promise<void> {
    this.activeRides.clear();
    const active = await this.db.query.rides.findMany({ where: (r, { inArray }) => inArray(r.status, ['accepted', 'in_progress']) });
    for (const ride of active) this.trackActive(ride);
  }

  trackActive(ride: repo.RideRow): void {
    if (!ride.driverId) return;
    if (ride.status === 'accepted' || ride.status === 'in_progress') {
      this.activeRides.set(ride.driverId, {
        rideId: ride.id,
        riderId: ride.riderId,
        status: ride.status,
        pickup: { lat: ride.pickupLat, lng: ride.pickupLng },
        dropoff: { lat: ride.dropoffLat, lng: ride.dropoffLng },
      });
    } else if (this.activeRides.get(ride.driverId)?.rideId === ride.id) {
      this.activeRides.delete(ride.driverId);
    }
  }

  activeRideOf(driverId: string): ActiveRide | undefined {
    return this.activeRides.get(driverId);
  }

  /**
   * Runs the ride's next dispatch round: offers a batch, or cancels the ride when nobody is left. If a
   * round of this ride is already running (the booking's, say), resolves when that one is done, so a
   * caller such as sweep() never returns while the ride is still being dispatched.
   */
  dispatch(rideId: string): Promise<void> {
    const running = this.inFlight.get(rideId);
    if (running) return running;
    const round = this.runRound(rideId).finally(() => this.inFlight.delete(rideId));
    this.inFlight.set(rideId, round);
    return round;
  }

  private async runRound(rideId: string): Promise<void> {
    const now = this.now();
    const outcome = await this.db.transaction(async (tx) => {
      const ride = await repo.findRideForUpdate(tx, rideId);
      // No hold, no offer: a ride is dispatched only once its fare is held on the card.
      if (!ride || ride.status !== 'requested' || !ride.fareHeldAt) return undefined;
      const pending = await tx.query.rideOffers.findFirst({
        where: (o, { and, eq, gt }) => and(eq(o.rideId, rideId), eq(o.status, 'pending'), gt(o.expiresAt, now)),
      });
      if (pending) return undefined; // this round is still running

      const offered = await repo.offeredDriverIds(tx, rideId);
      const pickup = { lat: ride.pickupLat, lng: ride.pickupLng };
      const { radiiMiles } = this.settings;
      for (let level = Math.max(ride.dispatchRound, 1); level <= radiiMiles.length; level += 1) {
        // A priority booking (rewards) is offered to a batch twice as large (docs/community-economics.md §4).
        const batch = await this.idleNearest(
          tx,
          ride.territoryId,
          pickup,
          radiiMiles[level - 1]!,
          offered,
          now,
          ride.priority ? this.settings.batchSize * 2 : this.settings.batchSize,
        );
        if (batch.length === 0) continue;
        const expiresAt = new Date(now.getTime() + this.settings.offerTimeoutMs);
        const offers = await repo.insertOffers(
          tx,
          batch.map((d) => ({ rideId, driverId: d.driverId, round: level, distanceMiles: d.distanceMiles, offeredAt: now, expiresAt })),
        );
        await repo.updateRide(tx, rideId, { dispatchRound: level });
        // The ride's first offers: how long from booking to the first offer (the metrics' dispatch latency).
        const firstAfterMs = offered.size === 0 ? now.getTime() - ride.requestedAt.getTime() : undefined;
        return { kind: 'offered' as const, offers, ride, firstAfterMs };
      }
      const cancelled = await repo.transitionRide(tx, rideId, 'requested', {
        status: 'cancelled',
        cancelledAt: now,
        cancelReason: 'no_drivers',
        cancelledBy: 'system',
      });
      return cancelled ? { kind: 'no_drivers' as const, ride: cancelled } : undefined;
    });

    if (!outcome) return;
    const ride = await this.rides.loadRide(rideId);
    if (outcome.kind === 'no_drivers') {
      this.log.info({ rideId }, 'no drivers left: ride cancelled');
      this.hub.publish(outcome.ride.riderId, { type: 'ride_cancelled', ride, reason: 'no_drivers' });
      return;
    }
    this.events.offersMade(outcome.offers.length, outcome.firstAfterMs);
    for (const offer of outcome.offers) {
      this.hub.publish(offer.driverId, { type: 'ride_request', ride, estimatedEarning: ride.subtotal, expiresAt: offer.expiresAt.toISOString() });
    }
  }

  /**
   * The nearest idle drivers within the radius, at most a batch. Busy drivers are known only to the
   * database, so the index is asked again past them until a batch is found or the radius is exhausted:
   * a crowd of busy drivers near the pickup must not hide the idle ones behind it.
   */
  private async idleNearest(
    tx: Transaction,
    territoryId: string,
    pickup: LatLng,
    radiusMiles: number,
    offered: Set<string>,
    now: Date,
    batchSize: number,
  ): Promise<NearbyDriver[]> {
    const limit = batchSize * 10;
    const skip = new Set(offered);
    const batch: NearbyDriver[] = [];
    for (;;) {
      const nearby = await this.index.nearest(territoryId, pickup, { limit, radiusMiles, exclude: skip });
      const ids = nearby.map((d) => d.driverId);
      // The index may lag the database (a process that died between "offline" and the index removal):
      // only drivers the database has online, and not busy, are offered the ride.
      const busy = await repo.busyDriverIds(tx, ids, now);
      const online = await driversRepo.onlineDriverIds(tx, ids);
      for (const driver of nearby) {
        skip.add(driver.driverId);
        if (online.has(driver.driverId) && !busy.has(driver.driverId) && batch.length < batchSize) batch.push(driver);
      }
      if (batch.length >= batchSize || nearby.length < limit) return batch;
    }
  }

  /** First acceptance wins; everyone else gets 409 and the other offers are withdrawn. */
  async accept(driverId: string, rideId: string): Promise<Ride> {
    const now = this.now();
    let withdrawn: string[] = [];
    let accepted: repo.RideRow | undefined;
    try {
      accepted = await this.db.transaction(async (tx) => {
        const offer = await repo.pendingOffer(tx, rideId, driverId, now);
        if (!offer) {
          const ride = await repo.findRide(tx, rideId);
          const wasOffered = ride ? (await repo.offeredDriverIds(tx, rideId)).has(driverId) : false;
          if (!ride || !wasOffered) throw notFound('Ride request');
          if (ride.status !== 'requested') throw new AppError('CONFLICT', 'This ride has already been taken or cancelled');
          throw new AppError('CONFLICT', 'This ride request has expired');
        }
        const ride = await repo.acceptRide(tx, rideId, driverId, now);
        if (!ride) throw new AppError('CONFLICT', 'This ride has already been taken or cancelled');
        // The pickup ETA the rider is told now (ride_accepted), kept for punctuality (reporting/driver-performance.ts).
        const eta = etaMinutes(
          'accepted',
          { lat: ride.pickupLat, lng: ride.pickupLng },
          { lat: ride.dropoffLat, lng: ride.dropoffLng },
          await this.index.get(driverId),
        );
        if (eta !== null) await repo.updateRide(tx, rideId, { pickupEtaSeconds: eta * 60 });
        await repo.setOfferStatus(tx, offer.id, 'accepted', now);
        withdrawn = await repo.withdrawPendingOffers(tx, rideId, now);
        return ride;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'rides_one_active_per_driver')) throw new AppError('CONFLICT', 'You already have an active ride');
      throw error;
    }
    this.events.offerAccepted();
    this.trackActive(accepted);
    const ride = await this.rides.loadRide(rideId);
    this.hub.publish(accepted.riderId, { type: 'ride_accepted', ride, driver: ride.driver! });
    for (const other of withdrawn) this.hub.publish(other, { type: 'ride_request_withdrawn', rideId, reason: 'taken' });
    return ride;
  }

  async decline(driverId: string, rideId: string): Promise<void> {
    const now = this.now();
    const offer = await repo.pendingOffer(this.db, rideId, driverId, now);
    if (!offer) {
      const wasOffered = (await repo.offeredDriverIds(this.db, rideId)).has(driverId);
      if (!wasOffered) throw notFound('Ride request');
      throw new AppError('CONFLICT', 'This ride request is no longer open');
    }
    await repo.setOfferStatus(this.db, offer.id, 'declined', now);
    await this.dispatch(rideId);
  }

  /** Expires overdue offers and moves their rides on. Runs every second; safe to run on several instances. */
  async sweep(): Promise<void> {
    const now = this.now();
    const expired = await repo.expireOffers(this.db, now);
    if (expired.length > 0) this.events.offersExpired(expired.length);
    for (const { rideId, driverId } of expired) this.hub.publish(driverId, { type: 'ride_request_withdrawn', rideId, reason: 'expired' });
    for (const ride of await repo.ridesAwaitingDispatch(this.db)) await this.dispatch(ride.id);
  }

  /** Withdraws every open offer of a ride (it was cancelled) and tells the drivers. */
  async withdrawOffers(rideId: string): Promise<void> {
    for (const driverId of await repo.withdrawPendingOffers(this.db, rideId, this.now())) {
      this.hub.publish(driverId, { type: 'ride_request_withdrawn', rideId, reason: 'cancelled' });
    }
  }

  /** A driver went offline: their open offers are declined and those rides move to the next driver now. */
  async releaseDriver(driverId: string): Promise<void> {
    const now = this.now();
    for (const offer of await repo.pendingOffersOfDriver(this.db, driverId, now)) {
      if (await repo.setOfferStatus(this.db, offer.id, 'declined', now)) await this.dispatch(offer.rideId);
    }
  }

  /** A driver moved: forward it to the rider of their active ride. */
  forwardLocation(driverId: string, location: LatLng & { heading?: number }): void {
    const active = this.activeRides.get(driverId);
    if (!active) return;
    const eta = etaMinutes(active.status, active.pickup, active.dropoff, location);
    this.hub.publish(active.riderId, { type: 'driver_location', driverId, rideId: active.rideId, location, etaMinutes: eta });
  }
}

import { isDefaultRideOptions, rideOptionsOf, type LatLng, type Ride, type RideOptions } from '@coride/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { driversWithFittingVehicle } from '../applications/repository';
import { driverSuspended } from '../drivers/errors';
import * as driversRepo from '../drivers/repository';
import { noNotifications, type NotifyPort } from '../notifications/service';
import type { RealtimeHub } from '../realtime/hub';
import { etaMinutes } from '../rides/mapping';
import type { RideReader } from '../rides/reader';
import * as repo from '../rides/repository';
import { findTerritory } from '../territories/repository';
import { toActiveRide, type ActiveRideStore } from './active-rides';
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

export type DispatcherDeps = {
  db: Database;
  index: DriverLocationIndex;
  hub: RealtimeHub;
  /** driver -> the ride they are on, for forwarding locations (in-process, or shared through Redis). */
  activeRides: ActiveRideStore;
  settings: DispatchSettings;
  now: () => Date;
  /** Rides as the API shows them, for the messages (the repository and mapping, not the rides service). */
  rides: RideReader;
  log: FastifyBaseLogger;
  /** Told of offers made, accepted and expired (the metrics); nothing by default. */
  events?: DispatchEvents | undefined;
  /** The rider's notifications (driver assigned, no driver found), written with the ride's change. */
  notifications?: NotifyPort | undefined;
};

/**
 * Offers requested rides to the nearest idle, online, approved drivers of the ride's territory, in
 * batches with a timeout and a widening radius, and turns the first acceptance into the assignment.
 * Offers live in the database, so a restart picks up where it stopped. The database's unique indexes
 * guarantee a ride never gets two drivers and a driver never two active rides, whatever the races.
 */
export class Dispatcher implements DispatchPort {
  /**
   * Rounds running now in this process, per ride: a second request for the same ride waits for the
   * running one. Across processes the ride's row lock is the guard.
   */
  private readonly inFlight = new Map<string, Promise<void>>();

  private readonly db: Database;
  private readonly index: DriverLocationIndex;
  private readonly hub: RealtimeHub;
  private readonly activeRides: ActiveRideStore;
  private readonly settings: DispatchSettings;
  private readonly now: () => Date;
  private readonly rides: RideReader;
  private readonly log: FastifyBaseLogger;
  private readonly events: DispatchEvents;
  private readonly notifications: NotifyPort;

  constructor(deps: DispatcherDeps) {
    this.db = deps.db;
    this.index = deps.index;
    this.hub = deps.hub;
    this.activeRides = deps.activeRides;
    this.settings = deps.settings;
    this.now = deps.now;
    this.rides = deps.rides;
    this.log = deps.log;
    this.events = deps.events ?? ignoreDispatchEvents;
    this.notifications = deps.notifications ?? noNotifications;
  }

  /** Rebuilds the view of active rides from the database at start, where it is kept in the process. */
  async restore(): Promise<void> {
    await this.activeRides.restore();
  }

  /**
   * After the commit of a ride's transition: the driver -> active ride view follows it. A failure (Redis
   * down) is logged, not thrown: the transition stands, and the store reads the database again later.
   */
  async trackActive(ride: repo.RideRow): Promise<void> {
    if (!ride.driverId) return;
    const active = toActiveRide(ride);
    try {
      if (active) await this.activeRides.set(ride.driverId, active);
      else await this.activeRides.clear(ride.driverId, ride.id);
    } catch (error) {
      this.log.warn({ err: error, rideId: ride.id }, 'active ride view not updated; it is read from the database again within a minute');
    }
  }

  /**
   * Runs the ride's next dispatch round: offers a batch, or cancels the ride when nobody is left. If a
   * round of this ride is already running (the booking's, say), resolves when that one is done, so a
   * caller such as sweep() never returns while the ride is still being dispatched.
   */
  dispatch(rideId: string, options: { skipLocked?: boolean } = {}): Promise<void> {
    const running = this.inFlight.get(rideId);
    if (running) return running;
    const round = this.runRound(rideId, options).finally(() => this.inFlight.delete(rideId));
    this.inFlight.set(rideId, round);
    return round;
  }

  /**
   * `skipLocked` (the sweep): when another transaction holds the ride's row (another process running
   * its round, or accepting it), this round does nothing instead of queueing behind it.
   */
  private async runRound(rideId: string, options: { skipLocked?: boolean }): Promise<void> {
    const now = this.now();
    const told = this.notifications.batch();
    const outcome = await this.db.transaction(async (tx) => {
      const ride = await repo.findRideForUpdate(tx, rideId, options);
      // No hold, no offer: a ride is dispatched only once its fare is held on the card.
      if (!ride || ride.status !== 'requested' || !ride.fareHeldAt) return undefined;
      const pending = await tx.query.rideOffers.findFirst({
        where: (o, { and, eq, gt }) => and(eq(o.rideId, rideId), eq(o.status, 'pending'), gt(o.expiresAt, now)),
      });
      if (pending) return undefined; // this round is still running

      const offered = await repo.offeredDriverIds(tx, rideId);
      const pickup = { lat: ride.pickupLat, lng: ride.pickupLng };
      const { radiiMiles } = this.settings;
      // A suspended territory's drivers are offered nothing (ADR 027): a ride booked before the
      // suspension, not yet accepted, ends like one nobody could take.
      const isSuspended = Boolean((await findTerritory(tx, ride.territoryId))?.suspendedAt);
      const firstLevel = isSuspended ? radiiMiles.length + 1 : Math.max(ride.dispatchRound, 1);
      for (let level = firstLevel; level <= radiiMiles.length; level += 1) {
        // A priority booking (rewards) is offered to a batch twice as large (docs/community-economics.md §4).
        const batch = await this.idleNearest(
          tx,
          ride.territoryId,
          pickup,
          radiiMiles[level - 1]!,
          offered,
          now,
          ride.priority ? this.settings.batchSize * 2 : this.settings.batchSize,
          rideOptionsOf(ride),
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
      if (!cancelled) return undefined;
      await told.notify(tx, {
        userId: cancelled.riderId,
        kind: 'ride_no_driver',
        data: { rideId, pickupAddress: cancelled.pickupAddress },
        dedupeKey: `ride-cancelled:${rideId}`,
      });
      return { kind: 'no_drivers' as const, ride: cancelled };
    });

    if (!outcome) return;
    told.publish();
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
   * The nearest idle drivers within the radius whose vehicle fits the ride's options (seats, size,
   * wheelchair access: ADR 033), at most a batch. Busy and unfitting drivers are known only to the
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
    options: RideOptions,
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
      // The defaults fit every vehicle: no need to ask.
      const fitting = isDefaultRideOptions(options) ? undefined : await driversWithFittingVehicle(tx, ids, options);
      for (const driver of nearby) {
        skip.add(driver.driverId);
        const fits = !fitting || fitting.has(driver.driverId);
        if (online.has(driver.driverId) && !busy.has(driver.driverId) && fits && batch.length < batchSize) batch.push(driver);
      }
      if (batch.length >= batchSize || nearby.length < limit) return batch;
    }
  }

  /**
   * First acceptance wins; everyone else gets 409 and the other offers are withdrawn. The winner asking
   * again (its response was lost: the process died after the commit, a proxy timed out) gets the ride
   * again, 200, not "already taken".
   */
  async accept(driverId: string, rideId: string): Promise<Ride> {
    const now = this.now();
    let withdrawn: string[] = [];
    let outcome: { ride: repo.RideRow; isRetry: boolean };
    const told = this.notifications.batch();
    try {
      outcome = await this.db.transaction(async (tx) => {
        const offer = await repo.pendingOffer(tx, rideId, driverId, now);
        if (!offer) {
          const ride = await repo.findRide(tx, rideId);
          if (ride && isAssignedTo(ride, driverId)) return { ride, isRetry: true };
          const wasOffered = ride ? (await repo.offeredDriverIds(tx, rideId)).has(driverId) : false;
          if (!ride || !wasOffered) throw notFound('Ride request');
          if (ride.status !== 'requested') throw offerClosed(ride.status);
          throw offerExpired();
        }
        // An offer made in the instant a suspension was committed (ADR 031): a suspended driver takes no ride.
        if (await driversRepo.isSuspended(tx, driverId)) throw driverSuspended();
        const ride = await repo.acceptRide(tx, rideId, driverId, now);
        if (!ride) {
          // Taken meanwhile, possibly by this driver's own request sent twice at once.
          const current = await repo.findRide(tx, rideId);
          if (current && isAssignedTo(current, driverId)) return { ride: current, isRetry: true };
          throw offerClosed(current?.status ?? 'cancelled');
        }
        // The pickup ETA the rider is told now (ride_accepted), kept for punctuality (reporting/driver-performance.ts).
        const eta = etaMinutes(
          'accepted',
          { lat: ride.pickupLat, lng: ride.pickupLng },
          { lat: ride.dropoffLat, lng: ride.dropoffLng },
          await this.index.get(driverId),
        );
        if (eta !== null) await repo.updateRide(tx, rideId, { pickupEtaSeconds: eta * 60 });
        // The offer must still be open: a sweep that expired it since it was read (this process paused
        // in between, say) wins, and the whole accept rolls back. The ride row is locked first, as by the
        // sweep, which skips a locked ride: no deadlock.
        if (!(await repo.setOfferStatus(tx, offer.id, 'accepted', now))) throw offerExpired();
        withdrawn = await repo.withdrawPendingOffers(tx, rideId, now);
        await told.notify(tx, {
          userId: ride.riderId,
          kind: 'ride_driver_assigned',
          data: { rideId, pickupAddress: ride.pickupAddress },
          dedupeKey: `ride-accepted:${rideId}`,
        });
        return { ride, isRetry: false };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'rides_one_active_per_driver')) throw new AppError('CONFLICT', 'You already have an active ride');
      throw error;
    }
    // A retry also writes the active-ride view, in case the first attempt died before it did.
    await this.trackActive(outcome.ride);
    if (outcome.isRetry) return this.rides.loadRide(rideId);
    const accepted = outcome.ride;
    this.events.offerAccepted();
    told.publish();
    const ride = await this.rides.loadRide(rideId);
    this.hub.publish(accepted.riderId, { type: 'ride_accepted', ride, driver: ride.driver! });
    for (const other of withdrawn) this.hub.publish(other, { type: 'offer_withdrawn', rideId, reason: 'taken' });
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

  /**
   * Expires overdue offers and moves waiting rides on (those whose offers ran out, and those that never
   * had one: a process died between booking and the first round). Runs every second on every
   * instance at once: offers are claimed FOR UPDATE SKIP LOCKED, so each expires once, and a ride whose
   * row another process holds is left to it instead of waited for.
   *
   * Expiry compares with the app's clock, as every timestamp of the app does (the injectable clock of
   * the tests and of TEST_CLOCK): offers are written with the clock of one host and expired with that
   * of another, so their hosts' clocks must agree (NTP keeps them within milliseconds of a 15 s offer).
   */
  async sweep(): Promise<void> {
    const now = this.now();
    const expired = await repo.expireOffers(this.db, now);
    if (expired.length > 0) this.events.offersExpired(expired.length);
    for (const { rideId, driverId } of expired) this.hub.publish(driverId, { type: 'offer_withdrawn', rideId, reason: 'expired' });
    for (const ride of await repo.ridesAwaitingDispatch(this.db)) await this.dispatch(ride.id, { skipLocked: true });
  }

  /** Withdraws every open offer of a ride (it was cancelled) and tells the drivers. */
  async withdrawOffers(rideId: string): Promise<void> {
    for (const driverId of await repo.withdrawPendingOffers(this.db, rideId, this.now())) {
      this.hub.publish(driverId, { type: 'offer_withdrawn', rideId, reason: 'cancelled' });
    }
  }

  /** A driver went offline: their open offers are declined and those rides move to the next driver now. */
  async releaseDriver(driverId: string): Promise<void> {
    const now = this.now();
    for (const offer of await repo.pendingOffersOfDriver(this.db, driverId, now)) {
      if (await repo.setOfferStatus(this.db, offer.id, 'declined', now)) await this.dispatch(offer.rideId);
    }
  }

  /** A driver moved: forward it to the rider of their active ride, whichever process made it active. */
  async forwardLocation(driverId: string, location: LatLng & { heading?: number }): Promise<void> {
    const active = await this.activeRides.get(driverId);
    if (!active) return;
    const eta = etaMinutes(active.status, active.pickup, active.dropoff, location);
    this.hub.publish(active.riderId, { type: 'driver_location', driverId, rideId: active.rideId, location, etaMinutes: eta });
  }
}

/** The ride is this driver's now (accepted or under way). */
function isAssignedTo(ride: repo.RideRow, driverId: string): boolean {
  return ride.driverId === driverId && (ride.status === 'accepted' || ride.status === 'in_progress');
}

/**
 * An accept the ride's state refuses: taken or cancelled (the reason offer_withdrawn gives the other
 * drivers), or still requested but not yet acceptable (its fare is not held: ADR 027's gate).
 */
function offerClosed(status: repo.RideRow['status']): AppError {
  if (status === 'cancelled') return new AppError('OFFER_CANCELLED', 'The rider cancelled this ride request');
  if (status === 'requested') return new AppError('CONFLICT', 'This ride cannot be accepted yet');
  return new AppError('OFFER_TAKEN', 'Another driver took this ride');
}

function offerExpired(): AppError {
  return new AppError('OFFER_EXPIRED', 'This ride request has expired');
}

import {
  ARRIVAL_RADIUS_METERS,
  DEFAULT_SCHEDULE_LEAD_MINUTES,
  MAX_PIN_ATTEMPTS,
  MAX_SCHEDULED_RIDES_PER_RIDER,
  RIDE_PAGE_KEEPS_ENDED_MS,
  estimateRoute,
  activeRideStatuses,
  checkScheduledAt,
  isActiveRideStatus,
  nextRideStatus,
  isDefaultRideOptions,
  isNearPickup,
  quoteFare,
  rideOptionsOf,
  staffCancelRideRequestSchema,
  type RideOptions,
  type ActiveRideResponse,
  type BookRideRequest,
  type QuoteRequest,
  type QuoteResponse,
  type Ride,
  type RideActor,
  type RideCommand,
  type PageQuery,
  type RideListQuery,
  type RiderStats,
  type RideCanceller,
} from '@coride/domain';
import { isFeedbackOpen } from '@coride/domain/ride-feedback';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { rides } from './tables';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Page } from '../../lib/paging';
import type { AuthenticatedUser } from '../accounts/service';
import { territoryHasFittingVehicle } from '../applications/repository';
import type { DriverLocationIndex } from '../dispatch/driver-index';
import type { RouteProvider } from '../geo/router';
import type { FaultHook, PaymentsService } from '../payments/service';
import type { RewardsService } from '../rewards/service';
import type { PricingService } from '../pricing/service';
import { noNotifications, type NotificationBatch, type NotifyPort } from '../notifications/service';
import type { RealtimeHub } from '../realtime/hub';
import { territorySuspended } from '../territories/errors';
import type { TerritoriesService } from '../territories/service';
import type { DispatchPort } from '../dispatch/port';
import { createRideReader } from './reader';
import { priceColumns } from './repository';
import * as repo from './repository';

const QUOTE_TTL_MS = 10 * 60_000;
/**
 * A booking whose hold is still unconfirmed this long after it was made lost its request (a crash, a
 * timeout): the sweep finishes it. Longer than any provider call may take (Stripe: 10 s timeout).
 */
export const UNHELD_BOOKING_RESUME_MS = 60_000;
const noFittingVehicle = () =>
  new AppError('NO_FITTING_VEHICLE', 'No vehicle in this area fits these options. Try fewer seats, another size or no wheelchair access.', {
    options: 'No vehicle here fits these options',
  });
const notServed = () =>
  new AppError('AREA_NOT_SERVED', "We're not serving this pickup area yet. Rides are available inside our licensed territories.", {
    pickupLocation: 'This pickup area is not served yet',
  });

export type RidesService = ReturnType<typeof createRidesService>;

export function createRidesService(deps: {
  db: Database;
  territories: TerritoriesService;
  router: RouteProvider;
  index: DriverLocationIndex;
  hub: RealtimeHub;
  now: () => Date;
  dispatcher: DispatchPort;
  payments: PaymentsService;
  pricing: PricingService;
  log: FastifyBaseLogger;
  rewards: RewardsService;
  /** Who is told in the bell of a ride's change (rider and driver), in the change's transaction. */
  notifications?: NotifyPort;
  /** Failure injection between the steps of a booking (tests only). */
  faults?: FaultHook;
  /** RIDE_PIN: the driver starts a ride with the rider's PIN (default on). */
  ridePin?: boolean;
  /** SCHEDULE_LEAD_MINUTES: a scheduled ride's dispatch starts this long before its time (ADR 034). */
  scheduleLeadMinutes?: number;
}) {
  const { db, territories, router, index, hub, now, payments, log } = deps;
  const fault = async (point: string) => {
    if (deps.faults) await deps.faults(point);
  };

  const { findRidePage, loadRide } = createRideReader({ db, index });
  const notifications = deps.notifications ?? noNotifications;

  /**
   * Moves the ride from `from` with `changes` and, in the same transaction, writes the notifications of
   * the new state (tellOfChange); they are pushed once it has committed. Undefined when the ride was
   * no longer in `from` (nothing written).
   */
  async function changeRide(id: string, from: repo.RideRow['status'], changes: Partial<repo.NewRide>): Promise<repo.RideRow | undefined> {
    const told = notifications.batch();
    const updated = await db.transaction(async (tx) => {
      const row = await repo.transitionRide(tx, id, from, changes);
      if (row) await tellOfChange(tx, told, row);
      return row;
    });
    told.publish();
    return updated;
  }

  /** Who the caller is to this ride, or 404: other people's rides do not exist for them. */
  async function roleOnRide(user: AuthenticatedUser, ride: repo.RideRow): Promise<RideActor | 'admin' | 'offered'> {
    if (user.role === 'admin') return 'admin';
    if (user.role === 'customer' && ride.riderId === user.id) return 'rider';
    if (user.role === 'driver' && ride.driverId === user.id) return 'driver';
    if (user.role === 'driver' && ride.status === 'requested' && (await repo.offeredDriverIds(db, ride.id)).has(user.id)) return 'offered';
    throw notFound('Ride');
  }

  /** The pickup's zip code and the territory serving it; 422 when none does or it is suspended. */
  async function placePickup(request: QuoteRequest) {
    const placed = await territories.place(request.pickupLocation);
    if (!placed?.territory) throw notServed();
    if (placed.territory.suspendedAt) throw territorySuspended('pickupLocation', 'Rides from this area are paused for now');
    return { zip: placed.zip, territory: placed.territory };
  }

  /**
   * The upfront price of the trip (a routing call when a router is configured), in the pickup's
   * pricing zone: tier × its stored current multiplier, and the territory's licensee adjustment in
   * force at `at` (docs/community-economics.md §5).
   */
  async function fareFor(request: QuoteRequest, placed: { zip: string; territory: { id: string } }, at: Date, options: RideOptions) {
    const [route, zone] = await Promise.all([
      router.route(request.pickupLocation, request.dropoffLocation),
      deps.pricing.pricingFor(placed.territory.id, placed.zip, at),
    ]);
    if (route.distanceMiles > 300)
      throw new AppError('BUSINESS_RULE', 'Trips are limited to 300 miles', { dropoffLocation: 'This destination is too far away' });
    const fare = quoteFare({
      distanceMiles: route.distanceMiles,
      durationMinutes: route.durationMinutes,
      zoneMultiplier: zone.zoneMultiplier,
      rateAdjustmentPercent: zone.rateAdjustmentPercent,
      vehicleSize: options.vehicleSize,
    });
    return { fare, zone };
  }

  /**
   * Options beyond the defaults need a vehicle that fits among the territory's approved drivers
   * (online or not): otherwise no driver could ever be offered the ride, and the rider is told now
   * (422 NO_FITTING_VEHICLE) rather than after a search (ADR 033). The defaults fit every vehicle.
   */
  async function assertSomeVehicleFits(territoryId: string, options: RideOptions): Promise<void> {
    if (isDefaultRideOptions(options)) return;
    if (!(await territoryHasFittingVehicle(db, territoryId, options))) throw noFittingVehicle();
  }

  /** Applies a ride command through the state machine; the update only lands if nobody changed the ride meanwhile. */
  async function transition(
    user: AuthenticatedUser,
    rideId: string,
    command: RideCommand,
    changes: (at: Date) => Partial<repo.NewRide>,
  ): Promise<repo.RideRow> {
    const ride = await repo.findRide(db, rideId);
    if (!ride) throw notFound('Ride');
    const role = await roleOnRide(user, ride);
    if (role === 'admin') throw new AppError('FORBIDDEN', 'Only the rider or the assigned driver can do this');
    // A driver holding an offer is refused by the ride's state (a requested ride cannot be started,
    // completed or cancelled by a driver): a state conflict, 409, like any illegal transition.
    const next = nextRideStatus(ride.status, command, role === 'offered' ? 'driver' : role);
    if (!next.ok) throw new AppError('CONFLICT', next.reason);
    if (role === 'offered') throw new AppError('FORBIDDEN', 'Only the rider or the assigned driver can do this');
    const updated = await changeRide(rideId, ride.status, { status: next.status, ...changes(now()) });
    if (!updated) throw new AppError('CONFLICT', 'The ride changed meanwhile; reload it and try again');
    await deps.dispatcher.trackActive(updated);
    return updated;
  }

  /**
   * An admin, or the licensee of the ride's territory, cancels a ride in any active state (one stuck
   * because its driver vanished), with a reason kept on the ride. Others' territories' rides are 404.
   */
  async function cancelAsStaff(user: AuthenticatedUser, id: string, reason: string | undefined): Promise<repo.RideRow> {
    const ride = await repo.findRide(db, id);
    if (!ride) throw notFound('Ride');
    if (user.role === 'licensee') await territories.access.assertInScope(user, ride.territoryId, 'Ride');
    const parsed = staffCancelRideRequestSchema.safeParse({ reason: reason ?? '' });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Say why the ride is cancelled';
      throw new AppError('VALIDATION_FAILED', message, { reason: message });
    }
    const next = nextRideStatus(ride.status, 'cancel', 'staff');
    if (!next.ok) throw new AppError('CONFLICT', 'This ride is no longer active');
    const updated = await changeRide(id, ride.status, {
      status: 'cancelled',
      cancelledAt: now(),
      cancelledBy: user.role === 'admin' ? 'admin' : 'licensee',
      cancelReason: parsed.data.reason,
    });
    if (!updated) throw new AppError('CONFLICT', 'The ride changed meanwhile; reload it and try again');
    return updated;
  }

  /**
   * What follows any cancellation, whoever made it: the open offers are withdrawn, the hold is let
   * go (the fare of an active ride is never captured yet: capture happens at completion), the reward
   * credit comes back, and rider and driver are told. Each step is retried by a sweep if it fails.
   */
  async function afterCancel(updated: repo.RideRow): Promise<Ride> {
    const id = updated.id;
    await deps.dispatcher.trackActive(updated);
    await deps.dispatcher.withdrawOffers(id);
    await payments.voidFare(id).catch((error: unknown) => log.warn({ err: error, rideId: id }, 'void of the fare hold failed; will retry'));
    await deps.rewards.restoreForRide(id).catch((error: unknown) => log.warn({ err: error, rideId: id }, 'credit restore failed; will retry'));
    const ride = await loadRide(id);
    const message = { type: 'ride_cancelled' as const, ride, reason: updated.cancelReason ?? 'cancelled' };
    hub.publish(updated.riderId, message);
    if (updated.driverId) hub.publish(updated.driverId, message);
    return ride;
  }

  /** Cancels the ride from whatever active state it is in, as the system; undefined when it is no longer active. */
  async function cancelBySystem(rideId: string, reason: string): Promise<Ride | undefined> {
    const ride = await repo.findRide(db, rideId);
    if (!ride || !isActiveRideStatus(ride.status)) return undefined;
    const updated = await changeRide(rideId, ride.status, {
      status: 'cancelled',
      cancelledAt: now(),
      cancelledBy: 'system',
      cancelReason: reason,
    });
    return updated ? afterCancel(updated) : undefined;
  }

  /**
   * Holds the fare of a booked ride, then makes it dispatchable. A refused hold (declined card, provider
   * down) cancels the ride: it was never offered to anyone, since the dispatcher only sees held rides.
   */
  async function holdThenDispatch(rideId: string): Promise<void> {
    try {
      await payments.authorizeFare(rideId);
    } catch (error) {
      const cancelled = await cancelBySystem(rideId, 'payment_failed');
      if (!cancelled) log.error({ rideId }, 'fare hold failed on a ride that is no longer active');
      throw error;
    }
    // Undefined when the rider cancelled meanwhile: that cancel lets the hold go.
    if (await repo.markFareHeld(db, rideId, now())) {
      // Dispatch in the background: the rider gets the ride at once, offers follow over the WebSocket.
      void deps.dispatcher.dispatch(rideId).catch(() => undefined);
    }
  }

  /**
   * The dispatch of a ride booked for later starts (ADR 034), once: under the ride's row lock, a
   * conditional update from `scheduled`. The fare's charge is recorded now, with the card on file
   * now, and held like any booking's (holdThenDispatch): a hold is never kept for days. The rider is
   * told in the bell (their preferences apply). A rider already on another ride then, or without a
   * card, has the scheduled ride cancelled by the system instead. True when the ride is now requested.
   */
  async function startScheduledRide(rideId: string): Promise<boolean> {
    const at = now();
    const booked = await repo.findRide(db, rideId);
    if (!booked || booked.status !== 'scheduled') return false;
    const card = await payments.chargeableMethod(booked.riderId).catch(() => undefined);
    const told = notifications.batch();
    const outcome = await db.transaction(async (tx) => {
      const ride = await repo.findRideForUpdate(tx, rideId, { skipLocked: true });
      if (!ride || !nextRideStatus(ride.status, 'dispatch', 'system').ok) return undefined;
      const data = { rideId, pickupAddress: ride.pickupAddress, scheduledAt: (ride.scheduledAt ?? at).toISOString() };
      const dedupeKey = `ride-scheduled:${rideId}`;
      const cancel = (cancelReason: string) =>
        repo.transitionRide(tx, rideId, 'scheduled', { status: 'cancelled', cancelledAt: at, cancelledBy: 'system', cancelReason });
      if (await repo.activeRideOfRider(tx, ride.riderId)) {
        const cancelled = await cancel('rider_busy');
        if (!cancelled) return undefined;
        await told.notify(tx, { userId: ride.riderId, kind: 'ride_scheduled_dispatch', data: { ...data, outcome: 'rider_busy' }, dedupeKey });
        return { kind: 'cancelled' as const, ride: cancelled };
      }
      if (!card) {
        const cancelled = await cancel('payment_failed');
        if (!cancelled) return undefined;
        await tellOfChange(tx, told, cancelled);
        return { kind: 'cancelled' as const, ride: cancelled };
      }
      const started = await repo.transitionRide(tx, rideId, 'scheduled', { status: 'requested', requestedAt: at });
      if (!started) return undefined;
      await payments.recordFareCharge(tx, started, card);
      await told.notify(tx, { userId: ride.riderId, kind: 'ride_scheduled_dispatch', data: { ...data, outcome: 'dispatching' }, dedupeKey });
      return { kind: 'started' as const, ride: started };
    });
    told.publish();
    if (!outcome) return false;
    if (outcome.kind === 'cancelled') {
      await afterCancel(outcome.ride);
      return false;
    }
    // A refused hold cancels the ride (payment_failed); a hold the provider could not answer is finished by the sweep.
    await holdThenDispatch(rideId).catch((error: unknown) => log.warn({ err: error, rideId }, 'scheduled ride: fare hold refused or unavailable'));
    return true;
  }

  /** The ride as its rider reads it: with the PIN to tell the driver (never in what a driver gets). */
  async function withPin(ride: Ride, row: repo.RideRow | undefined, user: AuthenticatedUser): Promise<Ride> {
    if (user.role !== 'customer' || !row || row.riderId !== user.id || !row.pin) return ride;
    return { ...ride, pin: row.pin };
  }

  /**
   * The PIN check of a start (ADR 028): the assigned driver of an accepted ride must give the rider's
   * PIN. Each wrong one is counted on the ride; at MAX_PIN_ATTEMPTS the ride can only be cancelled.
   * Others fall through to the state machine's answer (404, 409).
   */
  async function checkPin(driver: AuthenticatedUser, id: string, pin: string | undefined): Promise<void> {
    if (deps.ridePin === false) return;
    const ride = await repo.findRide(db, id);
    if (!ride || ride.driverId !== driver.id || ride.status !== 'accepted' || !ride.pin) return;
    if (ride.pinAttempts >= MAX_PIN_ATTEMPTS) throw pinLocked();
    // No PIN at all is a slip, not a guess: refused without using up a try.
    if (pin === undefined) {
      throw new AppError('WRONG_PIN', "Enter the rider's PIN to start the ride", {
        pin: "Enter the rider's PIN",
        triesLeft: String(MAX_PIN_ATTEMPTS - ride.pinAttempts),
      });
    }
    if (pin.length === ride.pin.length && timingSafeEqual(Buffer.from(pin), Buffer.from(ride.pin))) return;
    const counted = await repo.countWrongPin(db, id, MAX_PIN_ATTEMPTS);
    if (!counted) throw pinLocked();
    const triesLeft = MAX_PIN_ATTEMPTS - counted.pinAttempts;
    if (triesLeft === 0) throw pinLocked();
    throw new AppError('WRONG_PIN', `Wrong PIN: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`, {
      pin: 'Wrong PIN',
      triesLeft: String(triesLeft),
    });
  }

  return {
    loadRide,

    async quote(rider: AuthenticatedUser, request: QuoteRequest): Promise<QuoteResponse> {
      const placed = await placePickup(request);
      const options = rideOptionsOf(request);
      await assertSomeVehicleFits(placed.territory.id, options);
      const at = now();
      const { fare, zone } = await fareFor(request, placed, at, options);
      const expiresAt = new Date(at.getTime() + QUOTE_TTL_MS);
      const stored = await repo.insertQuote(db, {
        riderId: rider.id,
        territoryId: placed.territory.id,
        pickupAddress: request.pickupLocation.address,
        pickupLat: request.pickupLocation.lat,
        pickupLng: request.pickupLocation.lng,
        dropoffAddress: request.dropoffLocation.address,
        dropoffLat: request.dropoffLocation.lat,
        dropoffLng: request.dropoffLocation.lng,
        ...priceColumns(fare),
        zoneTier: zone.zoneTier,
        zoneMultiplier: zone.zoneMultiplier,
        rateAdjustmentPercent: zone.rateAdjustmentPercent,
        ...options,
        expiresAt,
      });
      return {
        ...fare,
        ...options,
        quoteId: stored.id,
        expiresAt: expiresAt.toISOString(),
        territoryName: placed.territory.name,
        zoneTier: zone.zoneTier,
        zoneMultiplier: zone.zoneMultiplier,
        rateAdjustmentPercent: zone.rateAdjustmentPercent,
        rateNotice: zone.rateNotice,
      };
    },

    /**
     * Books at the quoted price (a valid quote of this rider for these places), or at a fresh price.
     * A retry with the same Idempotency-Key returns the same ride; a second active ride is refused.
     */
    async book(rider: AuthenticatedUser, request: BookRideRequest, idempotencyKey: string | undefined): Promise<{ ride: Ride; isNew: boolean }> {
      if (idempotencyKey) {
        const existing = await repo.findRideByIdempotencyKey(db, rider.id, idempotencyKey);
        if (existing) return { ride: await withPin(await loadRide(existing.id), existing, rider), isNew: false };
      }
      const at = now();
      const options = rideOptionsOf(request);
      // Booked for later (ADR 034): 15 minutes to 30 days ahead, and a few at a time.
      const scheduledAt = request.scheduledAt === undefined ? undefined : new Date(request.scheduledAt);
      if (scheduledAt) {
        const check = checkScheduledAt(scheduledAt, at);
        if (!check.ok) throw new AppError(check.code, check.message, { scheduledAt: check.message });
      }
      const quote = request.quoteId ? await repo.findQuote(db, request.quoteId) : undefined;
      const isQuoteUsable =
        quote &&
        quote.riderId === rider.id &&
        quote.expiresAt > at &&
        // The quote's price was made for its options (the size's multiplier): other options are priced again.
        quote.seats === options.seats &&
        quote.vehicleSize === options.vehicleSize &&
        quote.wheelchairAccessible === options.wheelchairAccessible &&
        quote.pickupLat === request.pickupLocation.lat &&
        quote.pickupLng === request.pickupLocation.lng &&
        quote.dropoffLat === request.dropoffLocation.lat &&
        quote.dropoffLng === request.dropoffLocation.lng;
      const placed = await placePickup(request);
      await assertSomeVehicleFits(placed.territory.id, options);
      // No card, no booking: refused before anything is created.
      const card = await payments.chargeableMethod(rider.id);
      // A valid quote of this rider for these places fixes the price (and how it was made: zone tier,
      // multiplier, adjustment), even if the zone or the adjustment changed since: no need to route again.
      const price = isQuoteUsable
        ? { ...priceColumns(quote), zoneTier: quote.zoneTier, zoneMultiplier: quote.zoneMultiplier, rateAdjustmentPercent: quote.rateAdjustmentPercent }
        : await fareFor(request, placed, at, options).then(({ fare, zone }) => ({
            ...priceColumns(fare),
            zoneTier: zone.zoneTier,
            zoneMultiplier: zone.zoneMultiplier,
            rateAdjustmentPercent: zone.rateAdjustmentPercent,
          }));

      let created: repo.RideRow;
      try {
        // In one transaction with the ride: the rider's reward credit (up to the fare) and an unused
        // priority perk are taken for it (docs/community-economics.md §4).
        created = await db.transaction(async (tx) => {
          // A few booked for later at a time, counted under the rider's lock (two bookings at once included).
          if (scheduledAt && (await repo.countScheduledRidesOfLocked(tx, rider.id)) >= MAX_SCHEDULED_RIDES_PER_RIDER) {
            throw new AppError(
              'TOO_MANY_SCHEDULED_RIDES',
              `You can have at most ${MAX_SCHEDULED_RIDES_PER_RIDER} scheduled rides. Cancel one to schedule another.`,
              { scheduledAt: 'Too many scheduled rides' },
            );
          }
          const row = await repo.insertRide(tx, {
            riderId: rider.id,
            territoryId: placed.territory.id,
            status: scheduledAt ? 'scheduled' : 'requested',
            scheduledAt: scheduledAt ?? null,
            pickupAddress: request.pickupLocation.address,
            pickupLat: request.pickupLocation.lat,
            pickupLng: request.pickupLocation.lng,
            pickupZip: placed.zip,
            dropoffAddress: request.dropoffLocation.address,
            dropoffLat: request.dropoffLocation.lat,
            dropoffLng: request.dropoffLocation.lng,
            ...price,
            ...options,
            idempotencyKey: idempotencyKey ?? null,
            requestedAt: at,
            // The rider tells it to the driver at pickup (ADR 028): crypto random, 0000-9999.
            pin: String(randomInt(10_000)).padStart(4, '0'),
          });
          const booked = { ...row, ...(await deps.rewards.applyAtBooking(tx, row)) };
          await fault('book:after-ride-insert');
          // The charge is recorded with the ride: no ride is dispatched without one. A ride booked for
          // later gets its charge when its dispatch starts (startScheduledRide), with the card on file then.
          if (!scheduledAt) await payments.recordFareCharge(tx, booked, card);
          return booked;
        });
      } catch (error) {
        // A concurrent retry with the same key may trip rides_one_active_per_rider before
        // rides_idempotency (PostgreSQL checks the indexes in creation order): either way, it is a retry.
        if (idempotencyKey && isUniqueViolation(error)) {
          const existing = await repo.findRideByIdempotencyKey(db, rider.id, idempotencyKey);
          if (existing) return { ride: await loadRide(existing.id), isNew: false };
        }
        if (isUniqueViolation(error, 'rides_one_active_per_rider')) {
          throw new AppError('CONFLICT', 'You already have an active ride. Cancel it or wait until it is completed.');
        }
        throw error;
      }
      if (!scheduledAt) {
        await fault('book:before-hold');
        // The quoted total is held on the card before any driver is asked; a refusal cancels the ride.
        await holdThenDispatch(created.id);
      }
      return { ride: await withPin(await loadRide(created.id), created, rider), isNew: true };
    },

    /** A page of the caller's rides, newest first: a rider's or driver's own, staff those of their territories (all for an admin, who may search). */
    async list(user: AuthenticatedUser, query: PageQuery & Partial<RideListQuery>): Promise<Page<Ride>> {
      if (query.q !== undefined && user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only admins search rides');
      const status = query.status === 'active' ? inArray(rides.status, [...activeRideStatuses]) : undefined;
      if (user.role === 'customer') return findRidePage(and(eq(rides.riderId, user.id), status), query);
      if (user.role === 'driver') return findRidePage(and(eq(rides.driverId, user.id), status), query);
      // Staff: the rides of the territories in their scope (all for an admin).
      const scope = await territories.access.scopeOf(user);
      if (scope === 'all') return findRidePage(and(query.q === undefined ? undefined : repo.rideSearch(query.q), status), query);
      return scope.length ? findRidePage(and(inArray(rides.territoryId, scope), status), query) : { items: [], nextCursor: null };
    },

    async get(user: AuthenticatedUser, id: string): Promise<Ride> {
      const ride = await repo.findRide(db, id);
      if (!ride) throw notFound('Ride');
      if (user.role === 'licensee') {
        await territories.access.assertInScope(user, ride.territoryId, 'Ride');
      } else {
        await roleOnRide(user, ride);
      }
      return withPin(await loadRide(id), ride, user);
    },

    async active(user: AuthenticatedUser): Promise<Ride | null> {
      const ride = user.role === 'driver' ? await repo.activeRideOfDriver(db, user.id) : await repo.activeRideOfRider(db, user.id);
      return ride ? withPin(await loadRide(ride.id), ride, user) : null;
    },

    /**
     * `GET /api/rides/active`: the caller's active ride; for a rider without one, the ride that just
     * finished and still waits for its rating, so the ride page shows it after a reload or a later
     * visit on any device (contract §10).
     */
    async current(user: AuthenticatedUser): Promise<ActiveRideResponse> {
      const active = user.role === 'driver' ? await repo.activeRideOfDriver(db, user.id) : await repo.activeRideOfRider(db, user.id);
      if (active) return { ride: await withPin(await loadRide(active.id), active, user), awaitingRating: null };
      if (user.role !== 'customer') return { ride: null, awaitingRating: null };
      const ended = await repo.latestUnratedRideOfRider(db, user.id, new Date(now().getTime() - RIDE_PAGE_KEEPS_ENDED_MS));
      return { ride: null, awaitingRating: ended ? await loadRide(ended.id) : null };
    },

    async cancel(user: AuthenticatedUser, id: string, reason: string | undefined): Promise<Ride> {
      if (user.role === 'admin' || user.role === 'licensee') return afterCancel(await cancelAsStaff(user, id, reason));
      const updated = await transition(user, id, 'cancel', (at) => ({
        cancelledAt: at,
        cancelledBy: user.role === 'driver' ? 'driver' : 'rider',
        cancelReason: reason?.trim() || (user.role === 'driver' ? 'driver_cancelled' : 'rider_cancelled'),
      }));
      return afterCancel(updated);
    },

    /**
     * Finishes bookings whose request died between the ride and its hold (a crash, a lost
     * connection): the hold is asked for again with the same key (the provider answers the first
     * hold, never a second one), then the ride is dispatched, or cancelled if the card refuses.
     */
    async resumeUnheldBookings(): Promise<number> {
      const stale = await repo.unheldBookings(db, new Date(now().getTime() - UNHELD_BOOKING_RESUME_MS));
      for (const ride of stale) {
        await holdThenDispatch(ride.id).catch((error: unknown) => log.warn({ err: error, rideId: ride.id }, 'unheld booking: hold refused or unavailable'));
      }
      return stale.length;
    },

    /**
     * The scheduled rides job (ADR 034): every ride whose dispatch is due (SCHEDULE_LEAD_MINUTES before
     * its time, or later if the job was down) starts it, each once. How many were moved into dispatch.
     */
    async startDueScheduledRides(): Promise<number> {
      const leadMinutes = deps.scheduleLeadMinutes ?? DEFAULT_SCHEDULE_LEAD_MINUTES;
      const due = await repo.dueScheduledRideIds(db, new Date(now().getTime() + leadMinutes * 60_000));
      let started = 0;
      for (const id of due) {
        const isStarted = await startScheduledRide(id).catch((error: unknown) => {
          log.warn({ err: error, rideId: id }, 'scheduled ride not started; the next round tries again');
          return false;
        });
        if (isStarted) started += 1;
      }
      return started;
    },

    /** The ride's PIN, for the demo's in-process bot drivers only (a person cannot tell it to a bot). */
    async pinOf(id: string): Promise<string | undefined> {
      return (await repo.findRide(db, id))?.pin ?? undefined;
    },

    /**
     * "I've arrived" (contract §10): the assigned driver of an accepted ride, within
     * ARRIVAL_RADIUS_METERS of the pickup when their position is known, records arrivedAt once and the
     * rider is told (driver_arrived). A repeat answers the ride as it is, without telling anyone again.
     */
    async arrive(driver: AuthenticatedUser, id: string): Promise<Ride> {
      const ride = await repo.findRide(db, id);
      if (!ride) throw notFound('Ride');
      if (ride.driverId !== driver.id) throw new AppError('FORBIDDEN', 'Only the assigned driver can say they have arrived');
      if (ride.status !== 'accepted') throw new AppError('RIDE_NOT_ACCEPTED', 'You can say you have arrived only before the ride starts');
      if (ride.arrivedAt) return loadRide(id);
      const position = await index.get(driver.id);
      if (!isNearPickup({ lat: ride.pickupLat, lng: ride.pickupLng }, position)) {
        throw new AppError('TOO_FAR_FROM_PICKUP', `You are more than ${ARRIVAL_RADIUS_METERS} m from the pickup`);
      }
      const updated = await repo.markArrived(db, id, driver.id, now());
      const current = await loadRide(id);
      if (!updated) {
        // Started, cancelled or marked arrived meanwhile: the repeat's answer, or the state's conflict.
        if (current.status === 'accepted' && current.arrivedAt) return current;
        throw new AppError('RIDE_NOT_ACCEPTED', 'You can say you have arrived only before the ride starts');
      }
      // Only the rider gets this message: it carries the PIN they tell the driver.
      hub.publish(updated.riderId, { type: 'driver_arrived', ride: updated.pin ? { ...current, pin: updated.pin } : current });
      return current;
    },

    async start(driver: AuthenticatedUser, id: string, pin?: string): Promise<Ride> {
      await checkPin(driver, id, pin);
      const updated = await transition(driver, id, 'start', (at) => ({ startedAt: at }));
      const ride = await loadRide(id);
      hub.publish(updated.riderId, { type: 'ride_started', ride });
      return ride;
    },

    /**
     * Completes the ride and captures its fare into escrow. A retry by the assigned driver of a ride
     * already completed answers the ride again (and finishes a capture a failure left undone): the
     * capture posts once whatever the number of retries.
     */
    async complete(driver: AuthenticatedUser, id: string): Promise<Ride> {
      const current = await repo.findRide(db, id);
      if (current?.status === 'completed' && current.driverId === driver.id) {
        await payments.captureFare(id);
        await deps.rewards.onRideCompleted(id);
        return loadRide(id);
      }
      const updated = await transition(driver, id, 'complete', (at) => ({ completedAt: at }));
      await payments.captureFare(id).catch((error: unknown) => log.warn({ err: error, rideId: id }, 'fare capture failed; will retry'));
      // A referred rider's first completed ride earns the referrer their points (once).
      await deps.rewards.onRideCompleted(id).catch((error: unknown) => log.warn({ err: error, rideId: id }, 'referral reward failed'));
      const ride = await loadRide(id);
      hub.publish(updated.riderId, { type: 'ride_completed', ride });
      return ride;
    },

    /** Rates a completed ride once; the rating earns its reward points in the same transaction (once per ride). */
    async rate(rider: AuthenticatedUser, id: string, rating: number, comment: string | undefined, safetyRating?: number): Promise<Ride> {
      const ride = await repo.findRide(db, id);
      if (!ride || ride.riderId !== rider.id) throw notFound('Ride');
      if (ride.status !== 'completed') throw new AppError('CONFLICT', 'You can rate a ride once it is completed');
      if (!isFeedbackOpen(ride, now())) throw feedbackClosed();
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(rides)
          .set({ rating, ratingComment: comment?.trim() || null, safetyRating: safetyRating ?? null })
          .where(and(eq(rides.id, id), eq(rides.status, 'completed'), isNull(rides.rating)))
          .returning();
        if (!updated) throw new AppError('CONFLICT', 'You already rated this ride');
        await deps.rewards.awardRating(tx, updated, comment);
      });
      return loadRide(id);
    },

    /** A tip is charged on its own and goes to the driver in full (through escrow, like the fare). */
    async tip(rider: AuthenticatedUser, id: string, amount: number): Promise<Ride> {
      await payments.chargeTip(rider, id, amount);
      return loadRide(id);
    },

    /**
     * Served or not, drivers online, and the pickup ETA shown beside Request: the offline road estimate
     * (estimateRoute) of the nearest driver dispatch could offer the ride to now, among the
     * ETA_CANDIDATES nearest: one on a ride or holding another offer is skipped, as dispatch skips them.
     */
    async availability(point: { lat: number; lng: number }) {
      const placed = await territories.place(point);
      const territory = placed?.territory;
      const isServed = Boolean(territory && !territory.suspendedAt);
      const onlineDrivers = territory ? await index.countOnline(territory.id) : 0;
      const nearby = isServed && onlineDrivers > 0 ? await index.nearest(territory!.id, point, { limit: ETA_CANDIDATES, radiusMiles: ETA_RADIUS_MILES }) : [];
      const busy = await repo.busyDriverIds(
        db,
        nearby.map((driver) => driver.driverId),
        now(),
      );
      const nearest = nearby.find((driver) => !busy.has(driver.driverId));
      return {
        isServed,
        territoryName: territory?.name ?? null,
        onlineDrivers,
        pickupEtaMinutes: nearest ? estimateRoute(nearest, point).durationMinutes : null,
      };
    },

    async riderStats(rider: AuthenticatedUser): Promise<RiderStats> {
      const at = now();
      const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
      const { rating, ...stats } = await repo.riderStats(db, rider.id, monthStart);
      // The drivers' ratings of the rider (ADR 029); none yet is said as none, not as 5.0.
      return { ...stats, rating: rating === null ? null : Math.round(rating * 10) / 10 };
    },
  };
}

/**
 * The bell's side of a ride's new state: the rider hears that the trip started or ended and of a
 * cancellation by anyone else; the assigned driver of a cancellation by the rider or staff. One insert
 * per person told (driver assigned and "no driver found" are the dispatcher's).
 */
async function tellOfChange(tx: Executor, told: NotificationBatch, ride: repo.RideRow): Promise<void> {
  const rideId = ride.id;
  if (ride.status === 'in_progress') {
    await told.notify(tx, {
      userId: ride.riderId,
      kind: 'ride_started',
      data: { rideId, dropoffAddress: ride.dropoffAddress },
      dedupeKey: `ride-started:${rideId}`,
    });
  } else if (ride.status === 'completed') {
    await told.notify(tx, {
      userId: ride.riderId,
      kind: 'ride_completed',
      data: { rideId, dropoffAddress: ride.dropoffAddress },
      dedupeKey: `ride-completed:${rideId}`,
    });
  } else if (ride.status === 'cancelled') {
    const by = cancellerOf(ride.cancelledBy);
    const data = { rideId, pickupAddress: ride.pickupAddress, by };
    const dedupeKey = `ride-cancelled:${rideId}`;
    if (by !== 'rider') await told.notify(tx, { userId: ride.riderId, kind: 'ride_cancelled', data, dedupeKey });
    if (ride.driverId && by !== 'driver') await told.notify(tx, { userId: ride.driverId, kind: 'ride_cancelled', data, dedupeKey });
  }
}

const feedbackClosed = () => new AppError('FEEDBACK_CLOSED', 'A ride can be rated and tipped for 7 days after it ended');

/** Past this, no pickup ETA is shown (a driver that far would not be offered the ride first). */
const ETA_RADIUS_MILES = 25;
/** The nearest online drivers looked at for the pickup ETA; past them, all busy means no ETA. */
const ETA_CANDIDATES = 10;

const pinLocked = () => new AppError('PIN_LOCKED', 'Too many wrong PINs: this ride can no longer be started, only cancelled', { pin: 'Too many wrong PINs' });

function cancellerOf(cancelledBy: string | null): RideCanceller {
  if (cancelledBy === 'rider' || cancelledBy === 'driver' || cancelledBy === 'system') return cancelledBy;
  return 'staff';
}

import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { users } from '../accounts/tables';
import { territories } from '../territories/tables';

// Tables owned by rides: only this module writes them.

const rideStatus = ['scheduled', 'requested', 'accepted', 'in_progress', 'completed', 'cancelled'] as const;

/** Where a trip goes and how long it is: the same columns on quotes and rides. */
const tripColumns = () => ({
  pickupAddress: text('pickup_address').notNull(),
  pickupLat: doublePrecision('pickup_lat').notNull(),
  pickupLng: doublePrecision('pickup_lng').notNull(),
  dropoffAddress: text('dropoff_address').notNull(),
  dropoffLat: doublePrecision('dropoff_lat').notNull(),
  dropoffLng: doublePrecision('dropoff_lng').notNull(),
  distance: doublePrecision('distance').notNull(),
  duration: doublePrecision('duration').notNull(),
});

/** The upfront price in cents (packages/domain quoteFare): the same columns on quotes and rides. */
const fareColumns = () => ({
  baseFare: money('base_fare'),
  distanceFare: money('distance_fare'),
  timeFare: money('time_fare'),
  subtotal: money('subtotal'),
  platformFee: money('platform_fee'),
  adminFee: money('admin_fee'),
  totalFare: money('total_fare'),
  /** How the price was made (docs/community-economics.md §5): zone tier, the zone's multiplier at
   * quote time (tier factor × demand multiplier) and the licensee's adjustment in effect. */
  zoneTier: integer('zone_tier').notNull().default(2),
  zoneMultiplier: doublePrecision('zone_multiplier').notNull().default(1),
  rateAdjustmentPercent: doublePrecision('rate_adjustment_percent').notNull().default(0),
});

/** The rider's options (ADR 033): seats, the smallest vehicle size accepted, wheelchair access. The same columns on quotes and rides. */
const optionColumns = () => ({
  seats: integer('seats').notNull().default(1),
  vehicleSize: text('vehicle_size', { enum: ['any', 'compact', 'standard', 'suv', 'large'] })
    .notNull()
    .default('any'),
  wheelchairAccessible: boolean('wheelchair_accessible').notNull().default(false),
});

export const rideQuotes = pgTable('ride_quotes', {
  id: uuid('id').primaryKey().defaultRandom(),
  riderId: uuid('rider_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  territoryId: uuid('territory_id')
    .notNull()
    .references(() => territories.id, { onDelete: 'cascade' }),
  ...tripColumns(),
  ...fareColumns(),
  ...optionColumns(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const rides = pgTable(
  'rides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    driverId: uuid('driver_id').references(() => users.id, { onDelete: 'restrict' }),
    territoryId: uuid('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'restrict' }),
    status: text('status', { enum: rideStatus }).notNull().default('requested'),
    ...tripColumns(),
    pickupZip: text('pickup_zip').notNull(),
    ...fareColumns(),
    ...optionColumns(),
    tip: integer('tip').notNull().default(0),
    rating: integer('rating'),
    /** The rider's optional safety rating of the driver (1-5), next to the star rating. */
    safetyRating: integer('safety_rating'),
    /** Pickup ETA told to the rider when the driver accepted: punctuality compares the pickup with it. */
    pickupEtaSeconds: integer('pickup_eta_seconds'),
    /** Reward credit applied to this fare: the rider pays totalFare − creditApplied (docs/community-economics.md §4). */
    creditApplied: integer('credit_applied').notNull().default(0),
    /** Booked with a priority-booking reward: dispatched before other waiting requests. */
    priority: boolean('priority').notNull().default(false),
    ratingComment: text('rating_comment'),
    idempotencyKey: text('idempotency_key'),
    /** Dispatch round: each round offers a batch of drivers within a wider radius. */
    dispatchRound: integer('dispatch_round').notNull().default(0),
    /**
     * When the booking asked dispatch to start: the booking's time, or for a ride booked for later
     * (ADR 034) first the booking's time, then the moment its dispatch started.
     */
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The pickup time of a ride booked for later (ADR 034); null for a ride booked for now. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    /** When the driver said they were at the pickup (contract §10); set once, while accepted. */
    arrivedAt: timestamp('arrived_at', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by', { enum: ['rider', 'driver', 'system', 'admin', 'licensee'] }),
    /**
     * When the provider confirmed the hold of the fare (or reward credit covered it all). Until then
     * the ride is not offered to anyone, and the database refuses to let it be accepted, started or
     * completed (rides_fare_held_when_assigned): no hold, no ride.
     */
    fareHeldAt: timestamp('fare_held_at', { withTimezone: true, mode: 'date' }),
    /** The 4-digit PIN the rider tells the driver to start the ride (ADR 028); null on rides booked before it. */
    pin: text('pin'),
    /** Wrong PINs given by the driver: at MAX_PIN_ATTEMPTS the ride can only be cancelled. */
    pinAttempts: integer('pin_attempts').notNull().default(0),
  },
  (t) => [
    check('rides_status_check', sql`${t.status} in ('scheduled', 'requested', 'accepted', 'in_progress', 'completed', 'cancelled')`),
    check('rides_scheduled_has_time', sql`${t.status} <> 'scheduled' or ${t.scheduledAt} is not null`),
    check('rides_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check('rides_tip_check', sql`${t.tip} >= 0`),
    check('rides_seats_check', sql`${t.seats} between 1 and 8`),
    check('rides_pin_attempts_check', sql`${t.pinAttempts} >= 0`),
    check('rides_safety_rating_check', sql`${t.safetyRating} is null or ${t.safetyRating} between 1 and 5`),
    check('rides_credit_check', sql`${t.creditApplied} >= 0 and ${t.creditApplied} <= ${t.totalFare}`),
    check('rides_driver_when_assigned', sql`${t.status} in ('scheduled', 'requested', 'cancelled') or ${t.driverId} is not null`),
    check('rides_fare_held_when_assigned', sql`${t.status} in ('scheduled', 'requested', 'cancelled') or ${t.fareHeldAt} is not null`),
    // The marketplace's two invariants, enforced by the database whatever the races:
    // a rider has one active ride, a driver has one active ride.
    uniqueIndex('rides_one_active_per_rider')
      .on(t.riderId)
      .where(sql`${t.status} in ('requested', 'accepted', 'in_progress')`),
    uniqueIndex('rides_one_active_per_driver')
      .on(t.driverId)
      .where(sql`${t.status} in ('accepted', 'in_progress')`),
    uniqueIndex('rides_idempotency').on(t.riderId, t.idempotencyKey),
    // The rides lists' pages, newest first (lib/paging.ts): each an index range scan.
    index('rides_rider_idx').on(t.riderId, t.requestedAt, t.id),
    index('rides_driver_idx').on(t.driverId, t.requestedAt, t.id),
    index('rides_territory_idx').on(t.territoryId, t.requestedAt, t.id),
    index('rides_requested_idx').on(t.requestedAt, t.id),
    index('rides_status_idx').on(t.status),
    // The scheduled rides job: those due for dispatch, soonest first (ADR 034).
    index('rides_scheduled_idx')
      .on(t.scheduledAt)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

export const rideOffers = pgTable(
  'ride_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'expired', 'withdrawn'] })
      .notNull()
      .default('pending'),
    distanceMiles: doublePrecision('distance_miles').notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('ride_offers_ride_driver').on(t.rideId, t.driverId),
    index('ride_offers_pending_idx').on(t.status, t.expiresAt),
    index('ride_offers_driver_idx').on(t.driverId, t.status),
  ],
);

/**
 * Trip-sharing links (ADR 028): the rider's ride seen by anyone holding the link. Only the SHA-256
 * of the token is kept, like the account tokens; a link works until revoked or 1 hour after the
 * ride ended.
 */
export const rideShares = pgTable(
  'ride_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('ride_shares_token_hash').on(t.tokenHash), index('ride_shares_ride_idx').on(t.rideId)],
);

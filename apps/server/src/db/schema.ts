import { relations, sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/*
 * Tables, grouped by the module that owns them. Other modules go through the owner's service.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

// --- accounts ---------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: text('role', { enum: ['customer', 'driver', 'licensee', 'admin'] }).notNull(),
    /** Always stored lower-case; unique. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    homeAddress: text('home_address'),
    preferredPaymentMethod: text('preferred_payment_method'),
    createdAt: createdAt(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('customer', 'driver', 'licensee', 'admin')`)],
);

/** Opaque bearer tokens: only the SHA-256 of the token is stored, so a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// --- applications (driver and licensee onboarding) --------------------------------------------

const applicationStatus = ['pending', 'under_review', 'approved', 'rejected'] as const;

export const driverProfiles = pgTable(
  'driver_profiles',
  {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  licenseNumber: text('license_number').notNull(),
  insuranceNumber: text('insurance_number').notNull(),
  vehicleMake: text('vehicle_make').notNull(),
  vehicleModel: text('vehicle_model').notNull(),
  vehicleYear: text('vehicle_year').notNull(),
  vehicleAge: text('vehicle_age').notNull(),
  vehicleSize: text('vehicle_size').notNull(),
  seatCount: integer('seat_count').notNull(),
  vehicleColor: text('vehicle_color').notNull(),
  vehiclePlate: text('vehicle_plate').notNull(),
  driveArea: text('drive_area').notNull(),
  /** Zip code of the driving area when it could be placed; decides the territory. */
  homeZip: text('home_zip'),
  /** The territory the driver works in: from the driving area, or set when first going online. */
  territoryId: uuid('territory_id').references(() => territories.id, { onDelete: 'set null' }),
  isApproved: boolean('is_approved').notNull().default(false),
  approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
  approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [index('driver_profiles_territory_idx').on(t.territoryId), index('driver_profiles_home_zip_idx').on(t.homeZip)]);

export const driverApplications = pgTable(
  'driver_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: applicationStatus }).notNull().default('pending'),
    licenseDocument: text('license_document').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    reviewNotes: text('review_notes'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('driver_applications_status_idx').on(t.status, t.submittedAt),
    check('driver_applications_status_check', sql`${t.status} in ('pending', 'under_review', 'approved', 'rejected')`),
  ],
);

export const licenseeApplications = pgTable(
  'licensee_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: applicationStatus }).notNull().default('pending'),
    businessName: text('business_name').notNull(),
    businessLicense: text('business_license').notNull(),
    territoryName: text('territory_name').notNull(),
    proposedZipCodes: text('proposed_zip_codes').array().notNull(),
    businessPlan: text('business_plan').notNull(),
    experience: text('experience'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    reviewNotes: text('review_notes'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('licensee_applications_status_idx').on(t.status, t.submittedAt),
    check('licensee_applications_status_check', sql`${t.status} in ('pending', 'under_review', 'approved', 'rejected')`),
  ],
);

// --- territories ------------------------------------------------------------------------------

/** Created when an admin approves a licensee application. */
export const territories = pgTable(
  'territories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenseeId: uuid('licensee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    applicationId: uuid('application_id').references(() => licenseeApplications.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    isApproved: boolean('is_approved').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('territories_licensee_idx').on(t.licenseeId)],
);

/** The primary key makes "a zip code belongs to at most one territory" a database fact. */
export const territoryZipCodes = pgTable(
  'territory_zip_codes',
  {
    zip: text('zip').primaryKey(),
    territoryId: uuid('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'cascade' }),
  },
  (t) => [index('territory_zip_codes_territory_idx').on(t.territoryId)],
);

// --- drivers (live state) ---------------------------------------------------------------------

/** Online status and last known position; the dispatch index is rebuilt from this at start. */
export const driverPresence = pgTable(
  'driver_presence',
  {
    driverId: uuid('driver_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['online', 'offline'] }).notNull().default('offline'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    locationUpdatedAt: timestamp('location_updated_at', { withTimezone: true, mode: 'date' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('driver_presence_status_idx').on(t.status)],
);

// --- rides ------------------------------------------------------------------------------------

const rideStatus = ['requested', 'accepted', 'in_progress', 'completed', 'cancelled'] as const;
const money = (name: string) => integer(name).notNull();

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
    tip: integer('tip').notNull().default(0),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    idempotencyKey: text('idempotency_key'),
    /** Dispatch round: each round offers a batch of drivers within a wider radius. */
    dispatchRound: integer('dispatch_round').notNull().default(0),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by', { enum: ['rider', 'driver', 'system'] }),
  },
  (t) => [
    check('rides_status_check', sql`${t.status} in ('requested', 'accepted', 'in_progress', 'completed', 'cancelled')`),
    check('rides_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check('rides_tip_check', sql`${t.tip} >= 0`),
    check('rides_driver_when_assigned', sql`${t.status} in ('requested', 'cancelled') or ${t.driverId} is not null`),
    // The marketplace's two invariants, enforced by the database whatever the races:
    // a rider has one active ride, a driver has one active ride.
    uniqueIndex('rides_one_active_per_rider').on(t.riderId).where(sql`${t.status} in ('requested', 'accepted', 'in_progress')`),
    uniqueIndex('rides_one_active_per_driver').on(t.driverId).where(sql`${t.status} in ('accepted', 'in_progress')`),
    uniqueIndex('rides_idempotency').on(t.riderId, t.idempotencyKey),
    index('rides_rider_idx').on(t.riderId, t.requestedAt),
    index('rides_driver_idx').on(t.driverId, t.requestedAt),
    index('rides_status_idx').on(t.status),
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
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'expired', 'withdrawn'] }).notNull().default('pending'),
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

export const favoriteLocations = pgTable(
  'favorite_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('favorite_locations_user_idx').on(t.userId, t.createdAt)],
);

// --- relations (for drizzle's relational queries) ---------------------------------------------

export const driverProfilesRelations = relations(driverProfiles, ({ one }) => ({
  user: one(users, { fields: [driverProfiles.userId], references: [users.id] }),
}));

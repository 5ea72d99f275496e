import { relations, sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AssistantAction, DisputeMediationRecord, Split } from '@coride/domain';

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
    /** A rider's own referral code (given out on first use of rewards); unique. */
    referralCode: text('referral_code').unique(),
    /** The rider whose code this user signed up with: 50 points to them at this user's first completed ride. */
    referredBy: uuid('referred_by'),
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

/**
 * Online time: a session runs from going online (or the app reconnecting while online) until going
 * offline (or the app's last connection closing). The bonus pool's guarantee counts these hours.
 */
export const driverOnlineSessions = pgTable(
  'driver_online_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('driver_online_sessions_one_open').on(t.driverId).where(sql`${t.endedAt} is null`),
    index('driver_online_sessions_driver_started').on(t.driverId, t.startedAt),
    check('driver_online_sessions_order', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
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
  /** How the price was made (docs/community-economics.md §5): zone tier, the zone's multiplier at
   * quote time (tier factor × demand multiplier) and the licensee's adjustment in effect. */
  zoneTier: integer('zone_tier').notNull().default(2),
  zoneMultiplier: doublePrecision('zone_multiplier').notNull().default(1),
  rateAdjustmentPercent: doublePrecision('rate_adjustment_percent').notNull().default(0),
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
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
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
  },
  (t) => [
    check('rides_status_check', sql`${t.status} in ('requested', 'accepted', 'in_progress', 'completed', 'cancelled')`),
    check('rides_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check('rides_tip_check', sql`${t.tip} >= 0`),
    check('rides_safety_rating_check', sql`${t.safetyRating} is null or ${t.safetyRating} between 1 and 5`),
    check('rides_credit_check', sql`${t.creditApplied} >= 0 and ${t.creditApplied} <= ${t.totalFare}`),
    check('rides_driver_when_assigned', sql`${t.status} in ('requested', 'cancelled') or ${t.driverId} is not null`),
    check('rides_fare_held_when_assigned', sql`${t.status} in ('requested', 'cancelled') or ${t.fareHeldAt} is not null`),
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

// --- payments (methods, charges, escrow, disputes) and the ledger -----------------------------

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A card as the provider knows it: never the number, only its token and what a rider needs to recognise it. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['embedded', 'stripe'] }).notNull(),
    providerToken: text('provider_token').notNull(),
    brand: text('brand').notNull(),
    lastFour: text('last_four').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    /** Removed methods stay for the receipts that name them. */
    removedAt: at('removed_at'),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_methods_one_default').on(t.userId).where(sql`${t.isDefault} and ${t.removedAt} is null`),
  ],
);

/**
 * One charge per ride and kind: the fare (authorised at booking, captured into escrow at completion)
 * and the tip (captured at once). The escrow state of each charge lives here; the money itself moves
 * only in the ledger.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'restrict' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['fare', 'tip'] }).notNull(),
    paymentMethodId: uuid('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['embedded', 'stripe'] }).notNull(),
    providerRef: text('provider_ref'),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['authorized', 'captured', 'voided', 'failed'] }).notNull(),
    failure: text('failure'),
    /** Who gets what, fixed at capture; refundedSplit grows with each refund. */
    split: jsonb('split').$type<Split>(),
    refunded: integer('refunded').notNull().default(0),
    refundedSplit: jsonb('refunded_split').$type<Split>(),
    createdAt: at('created_at').notNull(),
    capturedAt: at('captured_at'),
    releaseAfter: at('release_after'),
    releasedAt: at('released_at'),
  },
  (t) => [
    uniqueIndex('charges_ride_kind').on(t.rideId, t.kind),
    index('charges_release_due_idx').on(t.releaseAfter).where(sql`${t.status} = 'captured' and ${t.releasedAt} is null`),
    index('charges_rider_idx').on(t.riderId, t.createdAt),
    check('charges_amount_check', sql`${t.amount} >= 0 and ${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
  ],
);

export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One dispute per ride. */
    rideId: uuid('ride_id')
      .notNull()
      .unique()
      .references(() => rides.id, { onDelete: 'restrict' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    territoryId: uuid('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
    resolution: text('resolution', { enum: ['refund_full', 'refund_partial', 'release'] }),
    refundAmount: integer('refund_amount').notNull().default(0),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: at('opened_at').notNull(),
    resolvedAt: at('resolved_at'),
    /** The assistant's proposal shown to the licensee, its rules version, and the decision taken (assistant module). */
    mediation: jsonb('mediation').$type<DisputeMediationRecord>(),
  },
  (t) => [index('disputes_territory_idx').on(t.territoryId, t.status)],
);

/**
 * Ledger accounts: `rider:<id>` (the rider's payment source), `escrow`, `driver:<id>`,
 * `licensee:<id>`, `platform_software`, `corporate_admin`, `global_csr`, `local_csr:<territoryId>`.
 * The balance is kept in the same transaction as the entries that change it.
 */
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  ownerId: uuid('owner_id'),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Append-only: triggers refuse UPDATE and DELETE; the idempotency key makes every posting happen once. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind', { enum: ['capture', 'release', 'refund', 'clawback', 'bonus_funding', 'bonus_payout'] }).notNull(),
    rideId: uuid('ride_id').references(() => rides.id, { onDelete: 'restrict' }),
    chargeId: uuid('charge_id').references(() => charges.id, { onDelete: 'restrict' }),
    disputeId: uuid('dispute_id').references(() => disputes.id, { onDelete: 'restrict' }),
    memo: text('memo'),
    postedAt: at('posted_at').notNull(),
  },
  (t) => [index('ledger_transactions_ride_idx').on(t.rideId), index('ledger_transactions_posted_idx').on(t.postedAt)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed cents: positive credits the account (money it holds or is owed), negative debits it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.accountId), index('ledger_entries_transaction_idx').on(t.transactionId), check('ledger_entries_nonzero', sql`${t.amount} <> 0`)],
);

/** The embedded payment processor's own books (what a real provider would hold on its side). */
export const embeddedCards = pgTable('embedded_cards', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  lastFour: text('last_four').notNull(),
  /** Cards ending the way the provider's decline test cards do are refused at authorisation. */
  declines: boolean('declines').notNull().default(false),
  createdAt: createdAt(),
});

export const embeddedPayments = pgTable('embedded_payments', {
  id: text('id').primaryKey(),
  cardToken: text('card_token')
    .notNull()
    .references(() => embeddedCards.token, { onDelete: 'restrict' }),
  status: text('status', { enum: ['authorized', 'captured', 'canceled'] }).notNull(),
  authorized: integer('authorized').notNull(),
  captured: integer('captured').notNull().default(0),
  refunded: integer('refunded').notNull().default(0),
  createdAt: createdAt(),
});

/** Every call the embedded provider answered, keyed so a retried call returns the first answer. */
export const embeddedOperations = pgTable('embedded_operations', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  operation: text('operation', { enum: ['authorize', 'capture', 'cancel', 'refund', 'charge'] }).notNull(),
  paymentId: text('payment_id'),
  amount: integer('amount'),
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});

// --- assistant (support chat, tickets) -------------------------------------------------------

/** A support chat of one user with the assistant (and, once escalated, with people). */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The language of the latest exchange. */
    language: text('language').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('assistant_conversations_user_idx').on(t.userId, t.updatedAt)],
);

export const assistantMessages = pgTable(
  'assistant_messages',
  {
    /** Increasing: orders the messages even when the clock gives two of them the same time. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    from: text('sender', { enum: ['user', 'assistant', 'staff'] }).notNull(),
    text: text('text').notNull(),
    intent: text('intent'),
    confidence: doublePrecision('confidence'),
    action: jsonb('action').$type<AssistantAction>(),
    /** The staff member who wrote a `staff` message. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('assistant_messages_conversation_idx').on(t.conversationId, t.id),
    check('assistant_messages_sender_check', sql`${t.from} in ('user', 'assistant', 'staff')`),
  ],
);

/** A conversation handed to people: the territory's licensee, or the admins when there is no territory. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    territoryId: uuid('territory_id').references(() => territories.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: ['low_confidence', 'asked_for_person', 'safety'] }).notNull(),
    status: text('status', { enum: ['open', 'answered', 'closed'] }).notNull().default('open'),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    answeredAt: at('answered_at'),
    closedAt: at('closed_at'),
  },
  (t) => [
    index('support_tickets_territory_idx').on(t.territoryId, t.status, t.createdAt),
    // One open ticket per conversation: a second escalation joins the open one.
    uniqueIndex('support_tickets_one_open').on(t.conversationId).where(sql`${t.status} = 'open'`),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('support_tickets_reason_check', sql`${t.reason} in ('low_confidence', 'asked_for_person', 'safety')`),
  ],
);

// --- community (tiers, bonus pool, rewards, zones: docs/community-economics.md) ----------------

/** The tier last computed for a driver (on a schedule and on demand), with the metrics it was judged on. */
export const driverTiers = pgTable(
  'driver_tiers',
  {
    driverId: uuid('driver_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    territoryId: uuid('territory_id').references(() => territories.id, { onDelete: 'set null' }),
    tier: text('tier').notNull(),
    overallScore: doublePrecision('overall_score').notNull(),
    /** Share of the territory's ranked drivers with a strictly higher score (0-1); null when unranked. */
    topFraction: doublePrecision('top_fraction'),
    metrics: jsonb('metrics').$type<Record<string, number>>().notNull(),
    computedAt: at('computed_at').notNull(),
  },
  (t) => [index('driver_tiers_territory_idx').on(t.territoryId)],
);

/** One month's bonus pool of one territory: computed and posted once (unique territory + month). */
export const bonusPoolRuns = pgTable(
  'bonus_pool_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    territoryId: uuid('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'restrict' }),
    /** 'YYYY-MM' (UTC). */
    month: text('month').notNull(),
    funding: integer('funding').notNull(),
    reserveIn: integer('reserve_in').notNull(),
    paid: integer('paid').notNull(),
    surplus: integer('surplus').notNull(),
    /** The full computation (funding lines, quintiles, each driver's payout, coverage) as shown. */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('bonus_pool_runs_territory_month').on(t.territoryId, t.month)],
);

/** The riders' points ledger: append-only, one row per earning or spending, keyed so it happens once. */
export const rewardEvents = pgTable(
  'reward_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** A reward action (rate_driver, detailed_review, ...) or 'redemption'. */
    action: text('action').notNull(),
    /** Signed: earnings positive, redemptions negative. */
    points: integer('points').notNull(),
    rideId: uuid('ride_id').references(() => rides.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('reward_events_user_idx').on(t.userId, t.createdAt), check('reward_events_nonzero', sql`${t.points} <> 0`)],
);

/** Ride credit a rider holds (from a redemption or a champion prize), used up by later fares. */
export const rewardCredits = pgTable(
  'reward_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['redemption', 'champion'] }).notNull(),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('reward_credits_user_idx').on(t.userId), check('reward_credits_remaining_check', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`)],
);

/** Which credits paid which ride, so a cancelled ride gives each credit back exactly once (restoredAt). */
export const rewardCreditUses = pgTable(
  'reward_credit_uses',
  {
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    creditId: uuid('credit_id')
      .notNull()
      .references(() => rewardCredits.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    restoredAt: at('restored_at'),
  },
  (t) => [uniqueIndex('reward_credit_uses_ride_credit').on(t.rideId, t.creditId), check('reward_credit_uses_amount_check', sql`${t.amount} > 0`)],
);

/** Time-limited rewards: priority booking (used by one ride) and champion status (a badge). */
export const rewardPerks = pgTable(
  'reward_perks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    perk: text('perk', { enum: ['priority_booking', 'champion_status'] }).notNull(),
    grantedAt: at('granted_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedRideId: uuid('used_ride_id').references(() => rides.id, { onDelete: 'set null' }),
  },
  (t) => [index('reward_perks_user_idx').on(t.userId, t.expiresAt)],
);

/** A month's community champions, decided once at month end. */
export const communityChampions = pgTable(
  'community_champions',
  {
    month: text('month').notNull(),
    rank: integer('rank').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    prizeCents: integer('prize_cents').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('community_champions_month_rank').on(t.month, t.rank), uniqueIndex('community_champions_month_user').on(t.month, t.userId)],
);

/** Route suggestions, safety reports and community feedback: points (riders) or engagement (drivers) once a licensee accepts them. */
export const communitySubmissions = pgTable(
  'community_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    territoryId: uuid('territory_id').references(() => territories.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['route_suggestion', 'safety_report', 'community_feedback'] }).notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] }).notNull().default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [index('community_submissions_territory_idx').on(t.territoryId, t.status), index('community_submissions_user_idx').on(t.userId)],
);

/** A pricing zone is one zip code of a territory, with its tier and the demand multiplier of the last refresh (every 30 s). */
export const pricingZones = pgTable(
  'pricing_zones',
  {
    zip: text('zip')
      .primaryKey()
      .references(() => territoryZipCodes.zip, { onDelete: 'cascade' }),
    territoryId: uuid('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'cascade' }),
    tier: integer('tier').notNull().default(2),
    currentMultiplier: doublePrecision('current_multiplier').notNull().default(1),
    openRequests: integer('open_requests').notNull().default(0),
    idleDrivers: integer('idle_drivers').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('pricing_zones_territory_idx').on(t.territoryId), check('pricing_zones_tier_check', sql`${t.tier} between 1 and 4`)],
);

/** A licensee's rate adjustment: announced, effective 7 days later, withdrawable during the notice. Never edited otherwise. */
export const rateAdjustments = pgTable(
  'rate_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    territoryId: uuid('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'cascade' }),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    percent: doublePrecision('percent').notNull(),
    justification: text('justification').notNull(),
    communityInput: text('community_input'),
    announcedAt: at('announced_at').notNull(),
    effectiveAt: at('effective_at').notNull(),
    withdrawnAt: at('withdrawn_at'),
  },
  (t) => [index('rate_adjustments_territory_idx').on(t.territoryId, t.announcedAt), check('rate_adjustments_percent_check', sql`${t.percent} between -10 and 10`)],
);

// --- relations (for drizzle's relational queries) ---------------------------------------------

export const driverProfilesRelations = relations(driverProfiles, ({ one }) => ({
  user: one(users, { fields: [driverProfiles.userId], references: [users.id] }),
}));

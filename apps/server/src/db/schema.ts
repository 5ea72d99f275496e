import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

export const driverProfiles = pgTable('driver_profiles', {
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
  isApproved: boolean('is_approved').notNull().default(false),
  createdAt: createdAt(),
});

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

import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

// Tables owned by applications (driver and licensee onboarding): only this module writes them.

const applicationStatus = ['pending', 'under_review', 'approved', 'rejected'] as const;

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
    // The applications lists, newest first, all or of one status (lib/paging.ts).
    index('driver_applications_status_idx').on(t.status, t.submittedAt, t.id),
    index('driver_applications_submitted_idx').on(t.submittedAt, t.id),
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
    index('licensee_applications_status_idx').on(t.status, t.submittedAt, t.id),
    index('licensee_applications_submitted_idx').on(t.submittedAt, t.id),
    check('licensee_applications_status_check', sql`${t.status} in ('pending', 'under_review', 'approved', 'rejected')`),
  ],
);

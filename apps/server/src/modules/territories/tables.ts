import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns';
import { users } from '../accounts/tables';
import { licenseeApplications } from '../applications/tables';

// Tables owned by territories: only this module writes them.

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
    /** Set while an admin has the territory suspended: no new bookings, no offers to its drivers (ADR 027). */
    suspendedAt: at('suspended_at'),
    suspendedBy: uuid('suspended_by').references(() => users.id, { onDelete: 'set null' }),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('territories_licensee_idx').on(t.licenseeId), index('territories_created_idx').on(t.createdAt, t.id)],
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

export const territoryEventKinds = ['zip_codes_changed', 'suspended', 'reinstated'] as const;
export type TerritoryEventKind = (typeof territoryEventKinds)[number];

/** The audit trail of what staff did to a territory: who, when, why, and what changed. Append-only. */
export const territoryEvents = pgTable(
  'territory_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    territoryId: uuid('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: territoryEventKinds }).notNull(),
    reason: text('reason'),
    /** For a zip code change: `{ before: string[], after: string[] }`. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('territory_events_territory_idx').on(t.territoryId, t.at),
    check('territory_events_kind_check', sql`${t.kind} in ('zip_codes_changed', 'suspended', 'reinstated')`),
  ],
);

/**
 * A licensee's business details as it keeps them in its Settings (the application's business name,
 * the account's email and phone until the first save).
 */
export const licenseeProfiles = pgTable('licensee_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  contactEmail: text('contact_email').notNull(),
  phone: text('phone').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

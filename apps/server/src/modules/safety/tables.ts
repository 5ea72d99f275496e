import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../accounts/tables';
import { rides } from '../rides/tables';
import { territories } from '../territories/tables';

// Tables owned by safety: only this module writes them (docs/architecture.md, Data; ADR 032).

/**
 * An SOS raised on a ride by its rider or its driver (contract §9): where they were, and what staff
 * did with it (acknowledged, then resolved with a note). Kept with the ride.
 */
export const safetyAlerts = pgTable(
  'safety_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    /** The ride's territory when the alert was raised: whose licensee sees it (null: admins only). */
    territoryId: uuid('territory_id').references(() => territories.id, { onDelete: 'set null' }),
    raisedBy: uuid('raised_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which side of the ride raised it. */
    raisedByRole: text('raised_by_role', { enum: ['rider', 'driver'] }).notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** `device`: the position the app sent; `driver_last_known`: the driver's last position the server had. */
    locationSource: text('location_source', { enum: ['device', 'driver_last_known'] }),
    /** How many emergency contacts were mailed the trip link. */
    contactsMailed: integer('contacts_mailed').notNull().default(0),
    createdAt: createdAt(),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolutionNote: text('resolution_note'),
  },
  (table) => [
    // The staff list, newest first: a licensee's territories, or all (admins).
    index('safety_alerts_territory_page_idx').on(table.territoryId, table.createdAt, table.id),
    index('safety_alerts_page_idx').on(table.createdAt, table.id),
    // A second press within the repeat window finds the first.
    index('safety_alerts_ride_raiser_idx').on(table.rideId, table.raisedBy, table.createdAt),
  ],
);

export type SafetyAlertRow = typeof safetyAlerts.$inferSelect;

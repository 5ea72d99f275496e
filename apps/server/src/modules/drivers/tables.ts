import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

// Tables owned by drivers (live state): only this module writes them.

/** Online status and last known position; the dispatch index is rebuilt from this at start. */
export const driverPresence = pgTable(
  'driver_presence',
  {
    driverId: uuid('driver_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['online', 'offline'] })
      .notNull()
      .default('offline'),
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
    uniqueIndex('driver_online_sessions_one_open')
      .on(t.driverId)
      .where(sql`${t.endedAt} is null`),
    index('driver_online_sessions_driver_started').on(t.driverId, t.startedAt),
    check('driver_online_sessions_order', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);

/**
 * Suspensions of drivers by staff (ADR 031): who, when and why, and who lifted it, when and why.
 * A row with `reinstated_at` null is the driver's current suspension (at most one); the rows before
 * it are the history. Written only through drivers' repository.
 */
export const driverSuspensions = pgTable(
  'driver_suspensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }).notNull(),
    suspendedBy: uuid('suspended_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    reinstatedAt: timestamp('reinstated_at', { withTimezone: true, mode: 'date' }),
    reinstatedBy: uuid('reinstated_by').references(() => users.id, { onDelete: 'set null' }),
    reinstateReason: text('reinstate_reason'),
  },
  (t) => [
    uniqueIndex('driver_suspensions_one_open')
      .on(t.driverId)
      .where(sql`${t.reinstatedAt} is null`),
    index('driver_suspensions_driver_idx').on(t.driverId, t.suspendedAt),
    check('driver_suspensions_order', sql`${t.reinstatedAt} is null or ${t.reinstatedAt} >= ${t.suspendedAt}`),
  ],
);

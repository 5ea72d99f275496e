import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../accounts/tables';
import { rides } from '../rides/tables';

// Tables owned by ride-messages: only this module writes them (docs/architecture.md, Data; ADR 029).

/** What rider and driver wrote each other during a ride (contract §9), kept with the ride. */
export const rideMessages = pgTable(
  'ride_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which side of the ride wrote it: 'rider' or 'driver'. */
    senderRole: text('sender_role', { enum: ['rider', 'driver'] }).notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('ride_messages_ride_idx').on(table.rideId, table.sentAt)],
);

/** A driver's rating of the rider of a ride they completed: one per ride (contract §9). */
export const riderRatings = pgTable(
  'rider_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('rider_ratings_ride_idx').on(table.rideId),
    index('rider_ratings_rider_idx').on(table.riderId),
    check('rider_ratings_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

export type RideMessageRow = typeof rideMessages.$inferSelect;
export type RiderRatingRow = typeof riderRatings.$inferSelect;

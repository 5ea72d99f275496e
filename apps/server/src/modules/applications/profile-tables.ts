import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../accounts/tables';
import { territories } from '../territories/tables';

// driver_profiles, owned by applications. Its own file: it references territories, whose table references
// licensee_applications (./tables.ts), and one file per side keeps the import graph free of cycles.

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
    /** Declared at sign-up (ADR 033): the vehicle takes a wheelchair, so it may be offered rides that ask for one. */
    wheelchairAccessible: boolean('wheelchair_accessible').notNull().default(false),
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
  },
  (t) => [index('driver_profiles_territory_idx').on(t.territoryId), index('driver_profiles_home_zip_idx').on(t.homeZip)],
);

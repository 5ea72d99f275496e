import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
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

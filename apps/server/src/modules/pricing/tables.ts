import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns';
import { users } from '../accounts/tables';
import { territories, territoryZipCodes } from '../territories/tables';

// Tables owned by pricing (zones, rate adjustments: docs/community-economics.md §5): only this module writes them.

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
  (t) => [
    index('rate_adjustments_territory_idx').on(t.territoryId, t.announcedAt),
    check('rate_adjustments_percent_check', sql`${t.percent} between -10 and 10`),
  ],
);

import { doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns';
import { users } from '../accounts/tables';
import { territories } from '../territories/tables';

// Tables owned by community (tiers, bonus pool: docs/community-economics.md): only this module writes them.

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

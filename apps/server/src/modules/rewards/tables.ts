import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns';
import { users } from '../accounts/tables';
import { rides } from '../rides/tables';
import { territories } from '../territories/tables';

// Tables owned by rewards (docs/community-economics.md §4): only this module writes them; it also writes
// users.referral_code and users.referred_by (documented shared columns).

/** The riders' points ledger: append-only, one row per earning or spending, keyed so it happens once. */
export const rewardEvents = pgTable(
  'reward_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** A reward action (rate_driver, detailed_review, ...) or 'redemption'. */
    action: text('action').notNull(),
    /** Signed: earnings positive, redemptions negative. */
    points: integer('points').notNull(),
    rideId: uuid('ride_id').references(() => rides.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('reward_events_user_idx').on(t.userId, t.createdAt), check('reward_events_nonzero', sql`${t.points} <> 0`)],
);

/** Ride credit a rider holds (from a redemption or a champion prize), used up by later fares. */
export const rewardCredits = pgTable(
  'reward_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['redemption', 'champion'] }).notNull(),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('reward_credits_user_idx').on(t.userId), check('reward_credits_remaining_check', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`)],
);

/** Which credits paid which ride, so a cancelled ride gives each credit back exactly once (restoredAt). */
export const rewardCreditUses = pgTable(
  'reward_credit_uses',
  {
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    creditId: uuid('credit_id')
      .notNull()
      .references(() => rewardCredits.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    restoredAt: at('restored_at'),
  },
  (t) => [uniqueIndex('reward_credit_uses_ride_credit').on(t.rideId, t.creditId), check('reward_credit_uses_amount_check', sql`${t.amount} > 0`)],
);

/** Time-limited rewards: priority booking (used by one ride) and champion status (a badge). */
export const rewardPerks = pgTable(
  'reward_perks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    perk: text('perk', { enum: ['priority_booking', 'champion_status'] }).notNull(),
    grantedAt: at('granted_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedRideId: uuid('used_ride_id').references(() => rides.id, { onDelete: 'set null' }),
  },
  (t) => [index('reward_perks_user_idx').on(t.userId, t.expiresAt)],
);

/** A month's community champions, decided once at month end. */
export const communityChampions = pgTable(
  'community_champions',
  {
    month: text('month').notNull(),
    rank: integer('rank').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    prizeCents: integer('prize_cents').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('community_champions_month_rank').on(t.month, t.rank), uniqueIndex('community_champions_month_user').on(t.month, t.userId)],
);

/** Route suggestions, safety reports and community feedback: points (riders) or engagement (drivers) once a licensee accepts them. */
export const communitySubmissions = pgTable(
  'community_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    territoryId: uuid('territory_id').references(() => territories.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['route_suggestion', 'safety_report', 'community_feedback'] }).notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [index('community_submissions_territory_idx').on(t.territoryId, t.status), index('community_submissions_user_idx').on(t.userId)],
);

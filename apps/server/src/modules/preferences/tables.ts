import type { NotificationCategory, NotificationChannel } from '@coride/domain';
import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../accounts/tables';

// Tables owned by preferences: only this module writes them (docs/architecture.md, Data; ADR 026).

/**
 * What a user turned off: one row per (category, channel) they do not want. No row is "on", so every
 * user starts with everything on and a category added later is on for everyone until they turn it off.
 * Read by the mail and notifications modules (through this module's service) in the cause's transaction.
 */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<NotificationCategory>().notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category, t.channel] }), check('notification_opt_outs_channel_check', sql`${t.channel} in ('email', 'inApp')`)],
);

export type NotificationOptOutRow = typeof notificationOptOuts.$inferSelect;

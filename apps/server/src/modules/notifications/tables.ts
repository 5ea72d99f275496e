import type { NotificationKind } from '@coride/domain';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns';
import { users } from '../accounts/tables';

// Tables owned by notifications: only this module writes them (docs/architecture.md, Data).

/**
 * The in-app notifications of each user (the consoles' bell). Written in the transaction of the event
 * that causes it, like a mail (ADR 019); the text is the web app's, from `kind` and `data`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** The values the text is written from, fixed at the event (ids, amounts in cents, names, addresses). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The event ("ride-started:<rideId>"): one notification per user and event, however often it is retried. */
    dedupeKey: text('dedupe_key'),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // A user's page, newest first (keyset paging, ADR 017).
    index('notifications_user_page_idx').on(t.userId, t.createdAt, t.id),
    // The bell's unread count: only the unread rows are in it.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_user_dedupe_idx').on(t.userId, t.dedupeKey),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

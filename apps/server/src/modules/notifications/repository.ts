import { UNREAD_COUNT_CAP, type PageQuery } from '@coride/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cursorKey, pageLimit, pageOrder, pageWhere, type Keyset } from '../../lib/paging';
import { notifications, type NotificationRow } from './tables';

const keyset: Keyset = { at: notifications.createdAt, id: notifications.id };

export type NewNotification = {
  userId: string;
  kind: NotificationRow['kind'];
  data: Record<string, unknown>;
  dedupeKey: string | null;
  createdAt: Date;
};

/** Writes a notification unless this user already has one for the event (its dedupe key); the row when written. */
export async function insertNotification(db: Executor, row: NewNotification): Promise<NotificationRow | undefined> {
  const [inserted] = await db
    .insert(notifications)
    .values(row)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning();
  return inserted;
}

/** A page of the user's notifications, newest first: `pageLimit` rows, `pageKey` their cursor (lib/paging.ts). */
export async function notificationPage(db: Executor, userId: string, page: PageQuery) {
  return db
    .select({ pageKey: cursorKey(keyset), row: notifications })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), pageWhere(keyset, page)))
    .orderBy(...pageOrder(keyset))
    .limit(pageLimit(page));
}

/** The user's unread notifications, counted up to UNREAD_COUNT_CAP (one short range of the partial index). */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .limit(UNREAD_COUNT_CAP)
    .as('capped');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}

/** Marks one of the user's notifications read (kept read if it was); undefined when the user has no such notification. */
export async function markRead(db: Executor, userId: string, id: string, at: Date): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/** Marks every unread notification of the user read; how many were. */
export async function markAllRead(db: Executor, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

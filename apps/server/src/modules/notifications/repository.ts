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

/* The personal data of notifications (modules/privacy, ADR 025). */

export async function exportNotifications(db: Executor, userId: string) {
  return db
    .select({ id: notifications.id, kind: notifications.kind, data: notifications.data, readAt: notifications.readAt, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
}

/** Keys of a notification's data that hold where a rider was picked up or dropped off. */
const placeKeys = ['pickupAddress', 'dropoffAddress'] as const;

/**
 * The person's notifications go; others' notifications about the person's trips as rider (a driver
 * told "ride cancelled at <pickup>") keep their kind and ride but lose the address.
 */
export async function eraseNotifications(db: Executor, userId: string): Promise<number> {
  const own = await db.delete(notifications).where(eq(notifications.userId, userId)).returning({ id: notifications.id });
  let others = 0;
  for (const key of placeKeys) {
    const blanked = await db
      .update(notifications)
      .set({ data: sql`jsonb_set(${notifications.data}, ${`{${key}}`}::text[], '""'::jsonb)` })
      .where(
        and(sql`${notifications.data} ->> ${key} <> ''`, sql`${notifications.data} ->> 'rideId' in (select id::text from rides where rider_id = ${userId})`),
      )
      .returning({ id: notifications.id });
    others += blanked.length;
  }
  return own.length + others;
}

import type { NotificationCategory, NotificationChannel } from '@coride/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationOptOuts } from './tables';

export type OptOut = { category: NotificationCategory; channel: NotificationChannel };

/** What the user turned off (nothing: everything is on). */
export async function optOutsOf(db: Executor, userId: string): Promise<OptOut[]> {
  return db
    .select({ category: notificationOptOuts.category, channel: notificationOptOuts.channel })
    .from(notificationOptOuts)
    .where(eq(notificationOptOuts.userId, userId));
}

/** Replaces the user's opt-outs with these (in the caller's transaction). */
export async function replaceOptOuts(tx: Executor, userId: string, optOuts: OptOut[], at: Date): Promise<void> {
  await tx.delete(notificationOptOuts).where(eq(notificationOptOuts.userId, userId));
  if (optOuts.length > 0) await tx.insert(notificationOptOuts).values(optOuts.map((o) => ({ userId, ...o, createdAt: at })));
}

/** Whether the user turned this category off on this channel: one primary-key lookup, in the caller's transaction. */
export async function isOptedOut(db: Executor, userId: string, category: NotificationCategory, channel: NotificationChannel): Promise<boolean> {
  const rows = await db
    .select({ userId: notificationOptOuts.userId })
    .from(notificationOptOuts)
    .where(and(eq(notificationOptOuts.userId, userId), eq(notificationOptOuts.category, category), eq(notificationOptOuts.channel, channel)))
    .limit(1);
  return rows.length > 0;
}

/** The account export (privacy, ADR 025): what the user turned off, and since when. */
export async function exportOptOuts(db: Executor, userId: string) {
  return db
    .select({ category: notificationOptOuts.category, channel: notificationOptOuts.channel, since: notificationOptOuts.createdAt })
    .from(notificationOptOuts)
    .where(eq(notificationOptOuts.userId, userId))
    .orderBy(notificationOptOuts.category, notificationOptOuts.channel);
}

/** Erasure of an account (privacy, ADR 025): the user's opt-outs go. How many rows. */
export async function eraseOptOuts(tx: Executor, userId: string): Promise<number> {
  const rows = await tx.delete(notificationOptOuts).where(eq(notificationOptOuts.userId, userId)).returning({ userId: notificationOptOuts.userId });
  return rows.length;
}

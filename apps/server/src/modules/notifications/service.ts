import { categoryOfNotificationKind, notificationSchema, type Notification, type NotificationRequest, type PageQuery } from '@coride/domain';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { toPage, type Page } from '../../lib/paging';
import type { ChannelPreferences } from '../preferences/service';
import type { RealtimeHub } from '../realtime/hub';
import * as repo from './repository';
import type { NotificationRow } from './tables';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * Notifications of one unit of work: `notify` writes each in the caller's transaction, `publish` pushes
 * those written once that transaction has committed. A cause that rolls back leaves no row, and its
 * caller never reaches `publish`: nobody is told of what did not happen.
 */
export type NotificationBatch = {
  notify(tx: Executor, request: NotificationRequest & { dedupeKey?: string }): Promise<void>;
  /** After the commit: each written notification goes to its user's sockets (on every instance, through the hub). */
  publish(): void;
};

/** How other modules write notifications (a port: they know nothing of the table or the hub). */
export type NotifyPort = Pick<NotificationsService, 'batch'>;

/** Writes nothing (the demo loader, and services built without notifications). */
export const noNotifications: NotifyPort = { batch: () => ({ notify: async () => undefined, publish: () => undefined }) };

export function toNotification(row: NotificationRow): Notification {
  // The row's data was written from the same schema (NotificationRequest); parsing keeps the type honest.
  return notificationSchema.parse({
    id: row.id,
    kind: row.kind,
    data: row.data,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });
}

/**
 * The consoles' bell (contract §8). A notification is one insert in its cause's transaction (as a mail,
 * ADR 019) and is pushed live over the socket after the commit, as `{ type: 'notification' }`.
 */
export function createNotificationsService(deps: {
  db: Database;
  hub: RealtimeHub;
  now: () => Date;
  /** What each user turned off (ADR 026): `notify` writes nothing in a category muted in-app. */
  preferences: ChannelPreferences;
}) {
  const { db, hub, now } = deps;

  return {
    batch(): NotificationBatch {
      const written: NotificationRow[] = [];
      return {
        async notify(tx, request) {
          // Asked in the cause's transaction, like the insert it decides (ADR 026).
          const category = categoryOfNotificationKind(request.kind);
          if (category && (await deps.preferences.isMuted(tx, request.userId, category, 'inApp'))) return;
          const row = await repo.insertNotification(tx, {
            userId: request.userId,
            kind: request.kind,
            data: request.data,
            dedupeKey: request.dedupeKey ?? null,
            createdAt: now(),
          });
          if (row) written.push(row);
        },
        publish() {
          for (const row of written.splice(0)) hub.publish(row.userId, { type: 'notification', notification: toNotification(row) });
        },
      };
    },

    /** A page of the user's own notifications, newest first. */
    async list(userId: string, page: PageQuery): Promise<Page<Notification>> {
      const rows = await repo.notificationPage(db, userId, page);
      return toPage(
        rows,
        page,
        (r) => ({ at: r.pageKey, id: r.row.id }),
        (r) => toNotification(r.row),
      );
    },

    unreadCount: async (userId: string): Promise<number> => repo.countUnread(db, userId),

    /** Marks one of the user's notifications read; 404 for anyone else's (it does not exist for them). */
    async markRead(userId: string, id: string): Promise<Notification> {
      const row = await repo.markRead(db, userId, id, now());
      if (!row) throw notFound('Notification');
      return toNotification(row);
    },

    markAllRead: async (userId: string): Promise<number> => repo.markAllRead(db, userId, now()),
  };
}

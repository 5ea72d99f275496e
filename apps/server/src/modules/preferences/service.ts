import {
  defaultNotificationPreferences,
  notificationCategories,
  notificationChannels,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreferences,
} from '@coride/domain';
import type { Database, Executor } from '../../db/client';
import * as repo from './repository';

export type PreferencesService = ReturnType<typeof createPreferencesService>;

/**
 * How the mail and notifications modules ask whether a user wants to hear of a category on a channel,
 * in the transaction of the event's cause (so the answer and the mail or notification it decides are
 * one unit of work: ADR 019, 021, 026).
 */
export type ChannelPreferences = {
  isMuted(tx: Executor, userId: string, category: NotificationCategory, channel: NotificationChannel): Promise<boolean>;
};

/** A user's notification preferences (contract §8): what they turned off is stored, everything else is on. */
export function createPreferencesService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function read(userId: string, executor: Executor = db): Promise<NotificationPreferences> {
    const preferences = defaultNotificationPreferences();
    for (const { category, channel } of await repo.optOutsOf(executor, userId)) {
      // A category dropped from the domain since it was stored is ignored, not answered.
      if ((notificationCategories as readonly string[]).includes(category)) preferences[category][channel] = false;
    }
    return preferences;
  }

  return {
    read: (userId: string) => read(userId),

    /** Stores the whole set (PUT): what is off becomes an opt-out, what is on has none. */
    async replace(userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
      const optOuts = notificationCategories.flatMap((category) =>
        notificationChannels.filter((channel) => !preferences[category][channel]).map((channel) => ({ category, channel })),
      );
      return db.transaction(async (tx) => {
        await repo.replaceOptOuts(tx, userId, optOuts, now());
        return read(userId, tx);
      });
    },

    /** The ChannelPreferences port: one primary-key lookup in the caller's transaction. */
    isMuted: (tx: Executor, userId: string, category: NotificationCategory, channel: NotificationChannel) => repo.isOptedOut(tx, userId, category, channel),
  };
}

import type { RewardAction } from '@coride/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import * as repo from './repository';

export const DAY_MS = 86_400_000;

/** What every part of the rewards module is built from. */
export type RewardsContext = {
  db: Database;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Told after a users row changed here (the referral code), so no cached sign-in serves the old row (accounts' userChanged). */
  userChanged: (userId: string) => void;
};

export type AwardEvent = { userId: string; action: RewardAction | 'redemption'; points: number; key: string; rideId?: string; at?: Date };

/** Appends one points event; false when this key already earned (nothing happens). */
export function awarder(now: () => Date) {
  return async (tx: Executor, event: AwardEvent): Promise<boolean> =>
    repo.insertRewardEvent(tx, {
      userId: event.userId,
      action: event.action,
      points: event.points,
      rideId: event.rideId ?? null,
      key: event.key,
      at: event.at ?? now(),
    });
}

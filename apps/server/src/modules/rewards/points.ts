import { randomBytes } from 'node:crypto';
import { pointsForRating, redeem, REDEMPTION_OPTIONS, REWARD_POINTS, type RedeemResponse, type RedemptionOptionId, type RewardAction } from '@coride/domain';
import type { RewardsOverview } from '@coride/domain/community/submissions';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthenticatedUser } from '../accounts/service';
import { awarder, DAY_MS, type RewardsContext } from './context';
import * as accountsRepo from '../accounts/repository';
import * as repo from './repository';

const RECENT_EVENTS = 20;

/** Points: earned when things really happen (ratings, referrals), shown in the overview, spent on redemptions. */
export function createPoints(ctx: RewardsContext) {
  const { db, now } = ctx;
  const award = awarder(now);

  /** The rider's referral code, created on first use (unique; a collision tries again). */
  async function referralCodeOf(userId: string): Promise<string> {
    const user = await repo.readReferralCode(db, userId);
    if (!user) throw notFound('User');
    if (user.code) return user.code;
    const prefix =
      user.firstName
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .slice(0, 4)
        .toUpperCase() || 'RIDE';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}`;
      try {
        const set = await accountsRepo.setReferralCodeIfUnset(db, userId, code);
        if (set) {
          ctx.userChanged(userId);
          return set;
        }
        const again = await repo.readReferralCode(db, userId);
        if (again?.code) return again.code;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new AppError('UNAVAILABLE', 'Could not create a referral code; try again');
  }

  return {
    award,

    /** Rating a completed ride: 2 points, +5 for a detailed review; once per ride (keys of the ride). */
    async awardRating(tx: Executor, ride: { id: string; riderId: string }, comment: string | undefined): Promise<void> {
      for (const { action, points } of pointsForRating(comment))
        await award(tx, { userId: ride.riderId, action, points, rideId: ride.id, key: `${action}:${ride.id}` });
    },

    /** A rider's first completed ride earns their referrer 50 points (once per referred rider). */
    async onRideCompleted(rideId: string): Promise<void> {
      const row = await repo.readRideReferral(db, rideId);
      if (!row || row.status !== 'completed' || !row.referredBy) return;
      const first = await repo.readFirstCompletedRideId(db, row.riderId);
      if (first !== rideId) return;
      await award(db, { userId: row.referredBy, action: 'referral', points: REWARD_POINTS.referral, rideId, key: `referral:${row.riderId}` });
    },

    async overview(user: AuthenticatedUser): Promise<RewardsOverview> {
      const at = now();
      const { points, lifetime } = await repo.pointsBalance(db, user.id);
      const perks = await repo.activePerks(db, user.id, at);
      const recent = await repo.recentEvents(db, user.id, RECENT_EVENTS);
      const champion = perks.filter((p) => p.perk === 'champion_status').at(-1);
      const referredCount = await repo.countReferredBy(db, user.id);
      return {
        points,
        lifetimePoints: lifetime,
        rideCreditCents: await repo.creditLeft(db, user.id),
        priorityBookings: perks.filter((p) => p.perk === 'priority_booking' && !p.usedRideId).length,
        championUntil: champion?.expiresAt.toISOString() ?? null,
        options: REDEMPTION_OPTIONS.map((o) => ({ id: o.id, points: o.points, effect: o.effect, affordable: points >= o.points })),
        recent: recent.map((e) => ({ action: e.action as RewardAction | 'redemption', points: e.points, at: e.createdAt.toISOString() })),
        referral: { code: await referralCodeOf(user.id), points: REWARD_POINTS.referral, referredCount },
      };
    },

    /**
     * Spends points in one transaction: the rider's row is locked first, so concurrent redemptions
     * of one rider run one after the other and the second sees the first's spending.
     */
    async redeem(user: AuthenticatedUser, optionId: RedemptionOptionId): Promise<RedeemResponse> {
      const at = now();
      return db.transaction(async (tx) => {
        await repo.lockUser(tx, user.id);
        const { points } = await repo.pointsBalance(tx, user.id);
        const result = redeem(points, optionId);
        if (!result.ok) {
          throw new AppError('BUSINESS_RULE', `You need ${result.needed} points for this reward; you have ${result.balance}.`, {
            optionId: 'Not enough points',
          });
        }
        await award(tx, { userId: user.id, action: 'redemption', points: -result.pointsSpent, key: `redeem:${randomBytes(12).toString('hex')}`, at });
        const { effect } = result;
        if (effect.type === 'ride_credit') {
          await repo.insertCredits(tx, [{ userId: user.id, source: 'redemption', amount: effect.cents, remaining: effect.cents, createdAt: at }]);
        } else if (effect.type === 'priority_booking') {
          const expiresAt = new Date(at.getTime() + effect.validDays * DAY_MS);
          await repo.insertPerks(
            tx,
            Array.from({ length: effect.rides }, () => ({ userId: user.id, perk: 'priority_booking' as const, grantedAt: at, expiresAt })),
          );
        } else {
          // A second champion status extends the badge from the end of the current one.
          const from = (await repo.championStatusEnd(tx, user.id, at)) ?? at;
          await repo.insertPerks(tx, [{ userId: user.id, perk: 'champion_status', grantedAt: at, expiresAt: new Date(from.getTime() + effect.days * DAY_MS) }]);
        }
        return { balance: result.balanceAfter, effect };
      });
    },
  };
}

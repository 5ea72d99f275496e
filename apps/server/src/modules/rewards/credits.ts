import type { Executor } from '../../db/client';
import { setBookingRewards } from '../rides/repository';
import type { RewardsContext } from './context';
import * as repo from './repository';

type RideForBooking = { id: string; riderId: string; totalFare: number };

/** Ride credit and priority perks: taken at booking, given back when the ride is cancelled. */
export function createCredits(ctx: RewardsContext) {
  const { db, now } = ctx;

  /**
   * A cancelled ride gives its credit back (the fare was never charged), exactly once per credit
   * use; its priority perk comes back too when no driver ever accepted the ride (it gave nothing).
   * The ride's creditApplied stays as a record of what was held.
   */
  async function restoreForRide(rideId: string): Promise<number> {
    return db.transaction(async (tx) => {
      const ride = await repo.lockRideStatus(tx, rideId);
      if (!ride || ride.status !== 'cancelled') return 0;
      const uses = await repo.restoreCreditUses(tx, rideId, now());
      if (!ride.acceptedAt) await repo.releasePerksOfRide(tx, rideId);
      return uses.reduce((sum, use) => sum + use.amount, 0);
    });
  }

  return {
    /** What the next booking would get: the credit (up to the fare) and whether it is a priority booking. */
    async pending(riderId: string): Promise<{ creditCents: number; priority: boolean }> {
      const at = now();
      const perks = await repo.activePerks(db, riderId, at);
      return { creditCents: await repo.creditLeft(db, riderId), priority: perks.some((p) => p.perk === 'priority_booking' && !p.usedRideId) };
    },

    /**
     * In the booking's transaction: takes min(credit, totalFare) from the rider's credits, oldest
     * first (rows locked), records which credit paid what, and uses one unexpired priority perk.
     */
    async applyAtBooking(tx: Executor, ride: RideForBooking): Promise<{ creditApplied: number; priority: boolean }> {
      const at = now();
      const credits = await repo.lockSpendableCredits(tx, ride.riderId);
      let due = ride.totalFare;
      let creditApplied = 0;
      for (const credit of credits) {
        if (due === 0) break;
        const take = Math.min(due, credit.remaining);
        await repo.spendCredit(tx, credit.id, ride.id, take);
        due -= take;
        creditApplied += take;
      }
      const perk = await repo.lockUsablePriorityPerk(tx, ride.riderId, at);
      if (perk) await repo.usePerk(tx, perk.id, ride.id);
      // The ride records what it got: rides owns the columns, written in the booking's transaction.
      if (creditApplied > 0 || perk) await setBookingRewards(tx, ride.id, { creditApplied, priority: Boolean(perk) });
      return { creditApplied, priority: Boolean(perk) };
    },

    restoreForRide,

    /** Background: gives back the credit of rides cancelled by the system (no drivers) or whose cancel crashed midway. */
    async restoreCancelled(): Promise<number> {
      const due = await repo.cancelledRidesWithHeldCredit(db, 100);
      let restored = 0;
      for (const rideId of due) restored += await restoreForRide(rideId);
      return restored;
    },
  };
}

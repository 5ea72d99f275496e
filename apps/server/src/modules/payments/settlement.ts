import { splitTotal } from '@coride/domain';
import { remainingSplit } from './charges';
import type { PaymentsContext } from './context';
import { accounts, payeePostings, post } from './ledger';
import * as repo from './repository';
import type { ChargeRow, DisputeRow } from './repository';

/** Escrow release and the background settlement run that retries whatever a failure left half-done. */
export function createSettlement(
  ctx: PaymentsContext,
  parts: {
    captureFare(rideId: string): Promise<boolean>;
    voidFare(rideId: string): Promise<void>;
    finishTip(tip: ChargeRow): Promise<boolean>;
    applyRefund(dispute: DisputeRow): Promise<void>;
  },
) {
  const { db, now, log, fault } = ctx;

  /**
   * Pays out every captured charge whose hold is over and whose ride has no open dispute. Rows are
   * claimed with FOR UPDATE SKIP LOCKED, so any number of instances may run this at once: each
   * charge is released by exactly one of them (and the posting's key would refuse a second anyway).
   */
  async function releaseDue(limit = 100): Promise<number> {
    const at = now();
    return db.transaction(async (tx) => {
      const due = await repo.claimDueCharges(tx, at, limit);
      await fault('release:claimed');
      // The claim's snapshot predates its row locks: a dispute committed in between is invisible to
      // it (PostgreSQL re-checks a locked row only if the row itself changed). Ask again now that the
      // rows are ours: openDispute locks the charge first, so any dispute not seen here waits for
      // this release to commit and then disputes released money (a clawback), as it would a minute later.
      const disputed = await repo.openDisputeRideIds(
        tx,
        due.map((c) => c.rideId),
      );
      const payees = await repo.readRidePayees(
        tx,
        due.map((c) => c.rideId),
      );
      let released = 0;
      for (const charge of due) {
        if (disputed.has(charge.rideId)) continue;
        const ride = payees.get(charge.rideId);
        if (!ride) {
          log.warn({ chargeId: charge.id }, 'release skipped: the ride has no driver or territory');
          continue;
        }
        const remaining = remainingSplit(charge);
        await post(tx, {
          key: `release:${charge.id}`,
          kind: 'release',
          at,
          rideId: charge.rideId,
          chargeId: charge.id,
          memo: `${charge.kind} released from escrow`,
          postings: [{ accountId: accounts.escrow, amount: -splitTotal(remaining) }, ...payeePostings(remaining, ride)],
        });
        await fault('release:in-transaction');
        await repo.markChargeReleased(tx, charge.id, at);
        released += 1;
      }
      // What was released, not what was claimed: the settlement loops while this is positive.
      return released;
    });
  }

  /**
   * The background settlement run: releases what is due, and finishes whatever a failure left
   * half-done (captures of completed rides, voids of cancelled ones, refunds of resolved disputes).
   */
  async function settle(): Promise<{ released: number; captured: number; voided: number; refunded: number }> {
    const counts = { released: 0, captured: 0, voided: 0, refunded: 0 };
    const stuck = await repo.stuckCharges(db, 100);
    for (const { charge, rideStatus } of stuck) {
      const rideId = charge.rideId;
      try {
        if (charge.kind === 'tip') counts.captured += (await parts.finishTip(charge)) ? 1 : 0;
        else if (rideStatus === 'completed') counts.captured += (await parts.captureFare(rideId)) ? 1 : 0;
        else {
          await parts.voidFare(rideId);
          counts.voided += 1;
        }
      } catch (error) {
        log.warn({ err: error, rideId }, 'settlement: will retry');
      }
    }
    const unrefunded = await repo.unrefundedDisputes(db, 100);
    for (const dispute of unrefunded) {
      try {
        await parts.applyRefund(dispute);
        counts.refunded += 1;
      } catch (error) {
        log.warn({ err: error, disputeId: dispute.id }, 'settlement: refund will be retried');
      }
    }
    for (let batch = await releaseDue(); batch > 0; batch = await releaseDue()) counts.released += batch;
    return counts;
  }

  return { releaseDue, settle };
}

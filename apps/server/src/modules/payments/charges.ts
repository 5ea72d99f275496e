import { emptySplit, splitFare, subtractSplit, tipSplit, type EscrowState, type Split } from '@coride/domain';
import { isFeedbackOpen } from '@coride/domain/ride-feedback';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthenticatedUser } from '../accounts/service';
import { setTip } from '../rides/repository';
import type { PaymentsContext } from './context';
import { accounts, post } from './ledger';
import { PaymentDeclined } from './provider';
import * as repo from './repository';
import type { ChargeRow, MethodRow } from './repository';

/** What is still owed to the payees of a charge: its split less what refunds took back. */
export function remainingSplit(charge: Pick<ChargeRow, 'split' | 'refundedSplit'>): Split {
  return subtractSplit(charge.split ?? emptySplit(), charge.refundedSplit ?? emptySplit());
}

/** Where a charge's money is, as the API shows it: held, disputed, released or refunded (or the charge's own status before capture). */
export function escrowState(charge: ChargeRow, openDispute: boolean): EscrowState {
  if (charge.status !== 'captured') return charge.status === 'authorized' ? 'authorized' : charge.status;
  if (charge.refunded === charge.amount && charge.amount > 0) return 'refunded';
  if (charge.releasedAt) return 'released';
  return openDispute ? 'disputed' : 'held';
}

/** The provider reference of a fare the reward credit pays in full: no card hold exists. */
const creditOnlyRef = (rideId: string) => `credit-only:${rideId}`;

/**
 * Rider source -> escrow for a charge just marked captured, once per charge (the key). A fare with
 * reward credit: the rider pays the charge, the platform software account pays the credit, escrow
 * receives the whole fare, so the split is unchanged (docs/community-economics.md §4).
 */
export async function postCapture(tx: Executor, charge: ChargeRow, at: Date, memo: string, creditApplied = 0): Promise<void> {
  await post(tx, {
    key: `capture:${charge.id}`,
    kind: 'capture',
    at,
    rideId: charge.rideId,
    chargeId: charge.id,
    memo,
    postings: [
      { accountId: accounts.riderSource(charge.riderId), amount: -charge.amount },
      { accountId: accounts.platformSoftware, amount: -creditApplied },
      { accountId: accounts.escrow, amount: charge.amount + creditApplied },
    ],
  });
}

/**
 * The life of a charge up to escrow: a fare is recorded with the ride, held on the card, then
 * captured at completion or voided at cancellation; a tip is charged after the ride.
 */
export function createCharges(ctx: PaymentsContext, methods: { chargeableMethod(riderId: string): Promise<MethodRow> }) {
  const { db, provider, now, settings, fault, mail, notifications } = ctx;

  /**
   * Step 1 of a fare's hold, inside the booking's transaction: the charge is recorded with the ride
   * (no provider id yet), so no ride ever exists without its charge, whatever crashes.
   */
  async function recordFareCharge(
    tx: Executor,
    ride: { id: string; riderId: string; totalFare: number; creditApplied: number },
    method: MethodRow,
  ): Promise<void> {
    await repo.insertCharge(tx, {
      rideId: ride.id,
      riderId: ride.riderId,
      kind: 'fare',
      paymentMethodId: method.id,
      provider: provider.name,
      amount: ride.totalFare - ride.creditApplied,
      status: 'authorized',
      createdAt: now(),
    });
  }

  /**
   * Step 2: holds the recorded amount on the rider's card. The provider authorises with a key of the
   * ride and the id is stored; whoever finds a charge without an id (a retry, the booking sweep, the
   * void) asks the provider again with the same key and gets the same hold. Resolves only when the
   * hold is confirmed; a declined card marks the charge failed and answers 422 PAYMENT_DECLINED.
   */
  async function authorizeFare(rideId: string): Promise<ChargeRow> {
    const charge = await repo.chargeOf(db, rideId, 'fare');
    if (!charge) throw new Error(`ride ${rideId} has no fare charge`);
    if (charge.status === 'failed') throw await declined(charge);
    if (charge.status !== 'authorized') throw new AppError('CONFLICT', `The fare of this ride is already ${charge.status}`);
    if (charge.providerRef) return charge;
    return holdWithProvider(charge);
  }

  /** The answer to a rider whose card refused the fare hold. */
  async function declined(charge: ChargeRow): Promise<AppError> {
    const method = await repo.findMethod(db, charge.paymentMethodId);
    return new AppError('PAYMENT_DECLINED', `Your card ending in ${method?.lastFour ?? '····'} was declined. Use another card in Payments and book again.`, {
      paymentMethod: 'The card was declined',
    });
  }

  /** Step 2 of authorizeFare: the provider's hold for this charge (the same one on every call). */
  async function holdWithProvider(charge: ChargeRow): Promise<ChargeRow> {
    const method = await repo.findMethod(db, charge.paymentMethodId);
    let providerRef: string;
    if (charge.amount === 0) {
      // Reward credit covers the whole fare: nothing to hold on the card.
      return repo.setChargeProviderRef(db, charge.id, creditOnlyRef(charge.rideId));
    }
    try {
      ({ id: providerRef } = await provider.authorize({
        token: method!.providerToken,
        amount: charge.amount,
        idempotencyKey: `fare-auth:${charge.rideId}`,
        description: `Ride ${charge.rideId}`,
      }));
    } catch (error) {
      if (error instanceof PaymentDeclined) {
        await repo.failAuthorizedCharge(db, charge.id, error.message);
        throw await declined(charge);
      }
      throw new AppError('UNAVAILABLE', 'Payments are unavailable right now; nothing was charged. Try again in a moment.');
    }
    await fault('authorize:after-provider');
    return repo.setChargeProviderRef(db, charge.id, providerRef);
  }

  /** The provider's id of a fare hold, asking the provider again if a crash lost it. */
  async function providerRefOf(charge: ChargeRow): Promise<string> {
    return charge.providerRef ?? (await holdWithProvider(charge)).providerRef!;
  }

  /** Lets the hold of a cancelled ride go. Safe to repeat; failures are left for the sweep to retry. */
  async function voidFare(rideId: string): Promise<void> {
    const charge = await repo.chargeOf(db, rideId, 'fare');
    if (!charge || charge.status !== 'authorized') return;
    const ref = await providerRefOf(charge);
    if (ref !== creditOnlyRef(charge.rideId)) await provider.cancel({ id: ref, idempotencyKey: `fare-void:${charge.id}` });
    await fault('void:after-provider');
    await repo.voidAuthorizedCharge(db, charge.id);
  }

  /**
   * Captures a completed ride's fare into escrow: the provider takes the held amount, then one
   * database transaction marks the charge captured (fixing the split and the release time) and posts
   * rider source -> escrow. Any number of concurrent or repeated calls post once.
   */
  async function captureFare(rideId: string): Promise<boolean> {
    const charge = await repo.chargeOf(db, rideId, 'fare');
    if (!charge || charge.status !== 'authorized') return false;
    const ride = await repo.readRide(db, rideId);
    if (!ride || ride.status !== 'completed') return false;
    // The card pays the fare less the reward credit taken at booking; the platform pays the credit.
    const paid = ride.totalFare - ride.creditApplied;
    const ref = await providerRefOf(charge);
    if (ref !== creditOnlyRef(rideId)) await provider.capture({ id: ref, amount: paid, idempotencyKey: `fare-capture:${charge.id}` });
    await fault('capture:after-provider');
    const at = now();
    const split = splitFare(ride);
    const told = notifications.batch();
    const isCaptured = await db.transaction(async (tx) => {
      // The hold runs from the end of the ride, even when a failure delayed the capture.
      const captured = await repo.markChargeCaptured(tx, charge.id, {
        amount: paid,
        capturedAt: at,
        releaseAfter: new Date((ride.completedAt ?? at).getTime() + settings.escrowHoldMs),
        split,
      });
      if (!captured) return false;
      // The rider's receipt, with the split, exists if and only if the capture does.
      await mail.enqueueToUser(tx, ride.riderId, {
        dedupeKey: `ride-receipt:${rideId}`,
        template: 'ride-receipt',
        data: {
          rideId,
          completedAt: (ride.completedAt ?? at).toISOString(),
          pickup: ride.pickupAddress,
          dropoff: ride.dropoffAddress,
          fare: {
            subtotal: ride.subtotal,
            platformFee: ride.platformFee,
            adminFee: ride.adminFee,
            totalFare: ride.totalFare,
            creditApplied: ride.creditApplied,
            paid,
          },
          split,
        },
      });
      await told.notify(tx, {
        userId: ride.riderId,
        kind: 'ride_receipt',
        data: { rideId, paid, totalFare: ride.totalFare, dropoffAddress: ride.dropoffAddress },
        dedupeKey: `ride-receipt:${rideId}`,
      });
      await fault('capture:in-transaction');
      await postCapture(
        tx,
        captured,
        at,
        ride.creditApplied > 0 ? 'fare captured into escrow (reward credit from the platform)' : 'fare captured into escrow',
        ride.creditApplied,
      );
      return true;
    });
    told.publish();
    return isCaptured;
  }

  /**
   * Charges a tip on a completed ride, once per ride, in three steps that survive a failure between
   * any two: (1) the tip is recorded as a pending charge, which fixes its amount; (2) the provider
   * charges it, keyed by the ride, so a retry never charges twice; (3) one transaction marks it
   * captured and posts rider source -> escrow. A retry (or the settlement run) resumes at step 2.
   * The tip is released with the fare, or at the next release run when the fare is already out.
   */
  async function chargeTip(rider: AuthenticatedUser, rideId: string, amount: number): Promise<void> {
    const ride = await repo.readRide(db, rideId);
    if (!ride || ride.riderId !== rider.id) throw notFound('Ride');
    if (ride.status !== 'completed') throw new AppError('CONFLICT', 'You can tip once the ride is completed');
    if (!isFeedbackOpen(ride, now())) throw new AppError('FEEDBACK_CLOSED', 'A ride can be rated and tipped for 7 days after it ended');
    let pending = await repo.chargeOf(db, rideId, 'tip');
    if (pending && (pending.status === 'captured' || pending.amount !== amount)) throw new AppError('CONFLICT', 'You already tipped for this ride');
    if (!pending) {
      const method = await methods.chargeableMethod(rider.id);
      pending = await repo.insertChargeOnce(db, {
        rideId,
        riderId: rider.id,
        kind: 'tip',
        paymentMethodId: method.id,
        provider: provider.name,
        amount,
        status: 'authorized',
        createdAt: now(),
      });
      if (!pending) throw new AppError('CONFLICT', 'You already tipped for this ride');
    }
    await finishTip(pending);
  }

  /** Steps 2 and 3 of a tip (see chargeTip); a declined card drops the pending tip so the rider may try again. */
  async function finishTip(tip: ChargeRow): Promise<boolean> {
    const method = await repo.findMethod(db, tip.paymentMethodId);
    let providerRef: string;
    try {
      ({ id: providerRef } = await provider.charge({
        token: method!.providerToken,
        amount: tip.amount,
        idempotencyKey: `tip:${tip.id}`,
        description: `Tip for ride ${tip.rideId}`,
      }));
    } catch (error) {
      if (error instanceof PaymentDeclined) {
        await repo.deleteAuthorizedCharge(db, tip.id);
        throw new AppError('PAYMENT_DECLINED', `Your card ending in ${method!.lastFour} was declined; the tip was not charged.`);
      }
      throw new AppError('UNAVAILABLE', 'Payments are unavailable right now; the tip was not charged yet. Try again in a moment.');
    }
    await fault('tip:after-provider');
    const at = now();
    return db.transaction(async (tx) => {
      const fare = await repo.chargeOf(tx, tip.rideId, 'fare');
      const fareRelease = fare?.releasedAt ? at : (fare?.releaseAfter ?? new Date(at.getTime() + settings.escrowHoldMs));
      const captured = await repo.markChargeCaptured(tx, tip.id, {
        providerRef,
        split: tipSplit(tip.amount),
        capturedAt: at,
        releaseAfter: fareRelease < at ? at : fareRelease,
      });
      if (!captured) return false;
      // The ride shows its tip: rides owns the column, written in this transaction.
      await setTip(tx, captured.rideId, captured.amount);
      await fault('tip:in-transaction');
      await postCapture(tx, captured, at, 'tip captured into escrow');
      return true;
    });
  }

  return { recordFareCharge, authorizeFare, voidFare, captureFare, chargeTip, finishTip };
}

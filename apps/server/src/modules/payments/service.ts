import {
  addSplits,
  emptySplit,
  formatExpiry,
  parseExpiry,
  splitFare,
  splitRefund,
  splitTotal,
  subtractSplit,
  tipSplit,
  type AddPaymentMethodRequest,
  type CardBrand,
  type Charge,
  type Dispute,
  type DisputeMediationRecord,
  type EscrowState,
  type OpenDisputeRequest,
  type PaymentMethod,
  type ResolveDisputeRequest,
  type Split,
  type UpdatePaymentMethodRequest,
} from '@coride/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { charges, disputes, ledgerTransactions, paymentMethods, rides, territories, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthenticatedUser } from '../accounts/service';
import type { RealtimeHub } from '../realtime/hub';
import { accounts, payeePostings, post, type RidePayees } from './ledger';
import { PaymentDeclined, type PaymentProvider } from './provider';

export type PaymentsSettings = {
  /** How long captured money stays in escrow before it is released to the payees. */
  escrowHoldMs: number;
  /** How long after completion a rider may open a dispute. */
  disputeWindowMs: number;
};

export const defaultPaymentsSettings: PaymentsSettings = { escrowHoldMs: 3 * 86_400_000, disputeWindowMs: 7 * 86_400_000 };

/**
 * Failure injection for tests: called at named points inside database transactions (a throw rolls
 * the transaction back) and between a provider call and its bookkeeping.
 */
export type FaultHook = (point: string) => void | Promise<void>;

/** The assistant's dispute mediation: what to keep on a dispute when it is resolved (proposal shown, decision, reason). */
export type DisputeMediator = {
  recordDecision(
    dispute: typeof disputes.$inferSelect,
    decision: { resolution: 'refund_full' | 'refund_partial' | 'release'; refundAmount: number; note: string; decidedBy: string; at: Date },
  ): Promise<DisputeMediationRecord>;
};

type ChargeRow = typeof charges.$inferSelect;
type MethodRow = typeof paymentMethods.$inferSelect;
type DisputeRow = typeof disputes.$inferSelect;

const toMethod = (row: MethodRow): PaymentMethod => ({
  id: row.id,
  brand: row.brand as CardBrand,
  lastFour: row.lastFour,
  expiryDate: formatExpiry(row.expMonth, row.expYear),
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

/** What is still owed to the payees of a charge: its split less what refunds took back. */
export function remainingSplit(charge: Pick<ChargeRow, 'split' | 'refundedSplit'>): Split {
  return subtractSplit(charge.split ?? emptySplit(), charge.refundedSplit ?? emptySplit());
}

function escrowState(charge: ChargeRow, openDispute: boolean): EscrowState {
  if (charge.status !== 'captured') return charge.status === 'authorized' ? 'authorized' : charge.status;
  if (charge.refunded === charge.amount && charge.amount > 0) return 'refunded';
  if (charge.releasedAt) return 'released';
  return openDispute ? 'disputed' : 'held';
}

/** The provider reference of a fare the reward credit pays in full: no card hold exists. */
const creditOnlyRef = (rideId: string) => `credit-only:${rideId}`;

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: {
  db: Database;
  provider: PaymentProvider;
  hub: RealtimeHub;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  settings?: PaymentsSettings;
  faults?: FaultHook;
  /** Reached through a closure: the mediator is built after this service. */
  mediator?: () => DisputeMediator | undefined;
}) {
  const { db, provider, hub, now, log } = deps;
  const settings = deps.settings ?? defaultPaymentsSettings;
  const fault = async (point: string) => {
    if (deps.faults) await deps.faults(point);
  };

  // --- payment methods ---------------------------------------------------------------------------

  async function methodsOf(userId: string): Promise<MethodRow[]> {
    return db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)))
      .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
  }

  async function ownMethod(userId: string, id: string): Promise<MethodRow> {
    const [row] = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)));
    if (!row) throw notFound('Payment method');
    return row;
  }

  async function makeDefault(tx: Executor, userId: string, id: string) {
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id));
  }

  /** The card a ride is charged to: the rider's default (or newest) card; 422 with a clear message when there is none. */
  async function chargeableMethod(riderId: string): Promise<MethodRow> {
    const methods = await methodsOf(riderId);
    const method = methods.find((m) => m.isDefault) ?? methods[0];
    if (!method) {
      throw new AppError('PAYMENT_METHOD_REQUIRED', 'Add a payment method before booking a ride.', { paymentMethod: 'Add a card in Payments to book' });
    }
    return method;
  }

  // --- rides as the payments module needs them -----------------------------------------------------

  async function ridePayees(tx: Executor, rideIds: string[]): Promise<Map<string, RidePayees>> {
    if (rideIds.length === 0) return new Map();
    const rows = await tx
      .select({ id: rides.id, driverId: rides.driverId, territoryId: rides.territoryId, licenseeId: territories.licenseeId })
      .from(rides)
      .innerJoin(territories, eq(territories.id, rides.territoryId))
      .where(inArray(rides.id, rideIds));
    const result = new Map<string, RidePayees>();
    for (const row of rows) {
      if (row.driverId) result.set(row.id, { driverId: row.driverId, territoryId: row.territoryId, licenseeId: row.licenseeId });
    }
    return result;
  }

  async function openDisputeRideIds(tx: Executor, rideIds: string[]): Promise<Set<string>> {
    if (rideIds.length === 0) return new Set();
    const rows = await tx
      .select({ rideId: disputes.rideId })
      .from(disputes)
      .where(and(inArray(disputes.rideId, rideIds), eq(disputes.status, 'open')));
    return new Set(rows.map((r) => r.rideId));
  }

  async function chargeOf(tx: Executor, rideId: string, kind: 'fare' | 'tip'): Promise<ChargeRow | undefined> {
    const [row] = await tx
      .select()
      .from(charges)
      .where(and(eq(charges.rideId, rideId), eq(charges.kind, kind)));
    return row;
  }

  /**
   * Rider source -> escrow for a charge just marked captured, once per charge (the key). A fare with
   * reward credit: the rider pays the charge, the platform software account pays the credit, escrow
   * receives the whole fare, so the split is unchanged (docs/community-economics.md §4).
   */
  async function postCapture(tx: Executor, charge: ChargeRow, at: Date, memo: string, creditApplied = 0): Promise<void> {
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

  // --- the life of a fare --------------------------------------------------------------------------

  /**
   * Step 1 of a fare's hold, inside the booking's transaction: the charge is recorded with the ride
   * (no provider id yet), so no ride ever exists without its charge, whatever crashes.
   */
  async function recordFareCharge(tx: Executor, ride: { id: string; riderId: string; totalFare: number; creditApplied: number }, method: MethodRow): Promise<void> {
    await tx
      .insert(charges)
      .values({ rideId: ride.id, riderId: ride.riderId, kind: 'fare', paymentMethodId: method.id, provider: provider.name, amount: ride.totalFare - ride.creditApplied, status: 'authorized', createdAt: now() });
  }

  /**
   * Step 2: holds the recorded amount on the rider's card. The provider authorises with a key of the
   * ride and the id is stored; whoever finds a charge without an id (a retry, the booking sweep, the
   * void) asks the provider again with the same key and gets the same hold. Resolves only when the
   * hold is confirmed; a declined card marks the charge failed and answers 422 PAYMENT_DECLINED.
   */
  async function authorizeFare(rideId: string): Promise<ChargeRow> {
    const charge = await chargeOf(db, rideId, 'fare');
    if (!charge) throw new Error(`ride ${rideId} has no fare charge`);
    if (charge.status === 'failed') throw await declined(charge);
    if (charge.status !== 'authorized') throw new AppError('CONFLICT', `The fare of this ride is already ${charge.status}`);
    if (charge.providerRef) return charge;
    return holdWithProvider(charge);
  }

  /** The answer to a rider whose card refused the fare hold. */
  async function declined(charge: ChargeRow): Promise<AppError> {
    const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, charge.paymentMethodId));
    return new AppError('PAYMENT_DECLINED', `Your card ending in ${method?.lastFour ?? '····'} was declined. Use another card in Payments and book again.`, {
      paymentMethod: 'The card was declined',
    });
  }

  /** Step 2 of authorizeFare: the provider's hold for this charge (the same one on every call). */
  async function holdWithProvider(charge: ChargeRow): Promise<ChargeRow> {
    const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, charge.paymentMethodId));
    let providerRef: string;
    if (charge.amount === 0) {
      // Reward credit covers the whole fare: nothing to hold on the card.
      const [updated] = await db.update(charges).set({ providerRef: creditOnlyRef(charge.rideId) }).where(eq(charges.id, charge.id)).returning();
      return updated!;
    }
    try {
      ({ id: providerRef } = await provider.authorize({ token: method!.providerToken, amount: charge.amount, idempotencyKey: `fare-auth:${charge.rideId}`, description: `Ride ${charge.rideId}` }));
    } catch (error) {
      if (error instanceof PaymentDeclined) {
        await db
          .update(charges)
          .set({ status: 'failed', failure: error.message })
          .where(and(eq(charges.id, charge.id), eq(charges.status, 'authorized')));
        throw await declined(charge);
      }
      throw new AppError('UNAVAILABLE', 'Payments are unavailable right now; nothing was charged. Try again in a moment.');
    }
    await fault('authorize:after-provider');
    const [updated] = await db.update(charges).set({ providerRef }).where(eq(charges.id, charge.id)).returning();
    return updated!;
  }

  /** The provider's id of a fare hold, asking the provider again if a crash lost it. */
  async function providerRefOf(charge: ChargeRow): Promise<string> {
    return charge.providerRef ?? (await holdWithProvider(charge)).providerRef!;
  }

  /** Lets the hold of a cancelled ride go. Safe to repeat; failures are left for the sweep to retry. */
  async function voidFare(rideId: string): Promise<void> {
    const charge = await chargeOf(db, rideId, 'fare');
    if (!charge || charge.status !== 'authorized') return;
    const ref = await providerRefOf(charge);
    if (ref !== creditOnlyRef(charge.rideId)) await provider.cancel({ id: ref, idempotencyKey: `fare-void:${charge.id}` });
    await fault('void:after-provider');
    await db
      .update(charges)
      .set({ status: 'voided' })
      .where(and(eq(charges.id, charge.id), eq(charges.status, 'authorized')));
  }

  /**
   * Captures a completed ride's fare into escrow: the provider takes the held amount, then one
   * database transaction marks the charge captured (fixing the split and the release time) and posts
   * rider source -> escrow. Any number of concurrent or repeated calls post once.
   */
  async function captureFare(rideId: string): Promise<boolean> {
    const charge = await chargeOf(db, rideId, 'fare');
    if (!charge || charge.status !== 'authorized') return false;
    const [ride] = await db.select().from(rides).where(eq(rides.id, rideId));
    if (!ride || ride.status !== 'completed') return false;
    // The card pays the fare less the reward credit taken at booking; the platform pays the credit.
    const paid = ride.totalFare - ride.creditApplied;
    const ref = await providerRefOf(charge);
    if (ref !== creditOnlyRef(rideId)) await provider.capture({ id: ref, amount: paid, idempotencyKey: `fare-capture:${charge.id}` });
    await fault('capture:after-provider');
    const at = now();
    return db.transaction(async (tx) => {
      const [captured] = await tx
        .update(charges)
        // The hold runs from the end of the ride, even when a failure delayed the capture.
        .set({ status: 'captured', amount: paid, capturedAt: at, releaseAfter: new Date((ride.completedAt ?? at).getTime() + settings.escrowHoldMs), split: splitFare(ride) })
        .where(and(eq(charges.id, charge.id), eq(charges.status, 'authorized')))
        .returning();
      if (!captured) return false;
      await fault('capture:in-transaction');
      await postCapture(tx, captured, at, ride.creditApplied > 0 ? 'fare captured into escrow (reward credit from the platform)' : 'fare captured into escrow', ride.creditApplied);
      return true;
    });
  }

  /**
   * Charges a tip on a completed ride, once per ride, in three steps that survive a failure between
   * any two: (1) the tip is recorded as a pending charge, which fixes its amount; (2) the provider
   * charges it, keyed by the ride, so a retry never charges twice; (3) one transaction marks it
   * captured and posts rider source -> escrow. A retry (or the settlement run) resumes at step 2.
   * The tip is released with the fare, or at the next release run when the fare is already out.
   */
  async function chargeTip(rider: AuthenticatedUser, rideId: string, amount: number): Promise<void> {
    const [ride] = await db.select().from(rides).where(eq(rides.id, rideId));
    if (!ride || ride.riderId !== rider.id) throw notFound('Ride');
    if (ride.status !== 'completed') throw new AppError('CONFLICT', 'You can tip once the ride is completed');
    let pending = await chargeOf(db, rideId, 'tip');
    if (pending && (pending.status === 'captured' || pending.amount !== amount)) throw new AppError('CONFLICT', 'You already tipped for this ride');
    if (!pending) {
      const method = await chargeableMethod(rider.id);
      [pending] = await db
        .insert(charges)
        .values({ rideId, riderId: rider.id, kind: 'tip', paymentMethodId: method.id, provider: provider.name, amount, status: 'authorized', createdAt: now() })
        .onConflictDoNothing()
        .returning();
      if (!pending) throw new AppError('CONFLICT', 'You already tipped for this ride');
    }
    await finishTip(pending);
  }

  /** Steps 2 and 3 of a tip (see chargeTip); a declined card drops the pending tip so the rider may try again. */
  async function finishTip(tip: ChargeRow): Promise<boolean> {
    const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, tip.paymentMethodId));
    let providerRef: string;
    try {
      ({ id: providerRef } = await provider.charge({ token: method!.providerToken, amount: tip.amount, idempotencyKey: `tip:${tip.id}`, description: `Tip for ride ${tip.rideId}` }));
    } catch (error) {
      if (error instanceof PaymentDeclined) {
        await db.delete(charges).where(and(eq(charges.id, tip.id), eq(charges.status, 'authorized')));
        throw new AppError('PAYMENT_DECLINED', `Your card ending in ${method!.lastFour} was declined; the tip was not charged.`);
      }
      throw new AppError('UNAVAILABLE', 'Payments are unavailable right now; the tip was not charged yet. Try again in a moment.');
    }
    await fault('tip:after-provider');
    const at = now();
    return db.transaction(async (tx) => {
      const fare = await chargeOf(tx, tip.rideId, 'fare');
      const fareRelease = fare?.releasedAt ? at : (fare?.releaseAfter ?? new Date(at.getTime() + settings.escrowHoldMs));
      const [captured] = await tx
        .update(charges)
        .set({ status: 'captured', providerRef, split: tipSplit(tip.amount), capturedAt: at, releaseAfter: fareRelease < at ? at : fareRelease })
        .where(and(eq(charges.id, tip.id), eq(charges.status, 'authorized')))
        .returning();
      if (!captured) return false;
      await tx.update(rides).set({ tip: captured.amount }).where(eq(rides.id, captured.rideId));
      await fault('tip:in-transaction');
      await postCapture(tx, captured, at, 'tip captured into escrow');
      return true;
    });
  }

  /**
   * Pays out every captured charge whose hold is over and whose ride has no open dispute. Rows are
   * claimed with FOR UPDATE SKIP LOCKED, so any number of instances may run this at once: each
   * charge is released by exactly one of them (and the posting's key would refuse a second anyway).
   */
  async function releaseDue(limit = 100): Promise<number> {
    const at = now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(charges)
        .where(
          and(
            eq(charges.status, 'captured'),
            isNull(charges.releasedAt),
            lte(charges.releaseAfter, at),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(disputes)
                .where(and(eq(disputes.rideId, charges.rideId), eq(disputes.status, 'open'))),
            ),
          ),
        )
        .orderBy(asc(charges.releaseAfter))
        .limit(limit)
        .for('update', { skipLocked: true });
      await fault('release:claimed');
      // The claim's snapshot predates its row locks: a dispute committed in between is invisible to
      // it (PostgreSQL re-checks a locked row only if the row itself changed). Ask again now that the
      // rows are ours: openDispute locks the charge first, so any dispute not seen here waits for
      // this release to commit and then disputes released money (a clawback), as it would a minute later.
      const disputed = await openDisputeRideIds(
        tx,
        due.map((c) => c.rideId),
      );
      const payees = await ridePayees(
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
        await tx.update(charges).set({ releasedAt: at }).where(eq(charges.id, charge.id));
        released += 1;
      }
      // What was released, not what was claimed: the settlement loops while this is positive.
      return released;
    });
  }

  // --- disputes ------------------------------------------------------------------------------------

  async function disputeViews(where: ReturnType<typeof and>): Promise<Dispute[]> {
    const rows = await db
      .select({ dispute: disputes, ride: rides, riderFirst: users.firstName, riderLast: users.lastName })
      .from(disputes)
      .innerJoin(rides, eq(rides.id, disputes.rideId))
      .innerJoin(users, eq(users.id, disputes.riderId))
      .where(where)
      .orderBy(desc(disputes.openedAt));
    const driverIds = [...new Set(rows.map((r) => r.ride.driverId).filter((id): id is string => Boolean(id)))];
    const drivers = driverIds.length ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, driverIds)) : [];
    const fares = rows.length
      ? await db
          .select()
          .from(charges)
          .where(
            and(
              inArray(
                charges.rideId,
                rows.map((r) => r.ride.id),
              ),
              eq(charges.kind, 'fare'),
            ),
          )
      : [];
    return rows.map(({ dispute, ride, riderFirst, riderLast }) => {
      const driver = drivers.find((d) => d.id === ride.driverId);
      const fare = fares.find((c) => c.rideId === ride.id);
      return {
        id: dispute.id,
        rideId: ride.id,
        reason: dispute.reason as Dispute['reason'],
        description: dispute.description,
        status: dispute.status,
        resolution: dispute.resolution,
        refundAmount: dispute.refundAmount,
        resolutionNote: dispute.resolutionNote,
        openedAt: dispute.openedAt.toISOString(),
        resolvedAt: dispute.resolvedAt?.toISOString() ?? null,
        mediation: dispute.mediation ?? null,
        disputableAmount: fare && fare.status === 'captured' ? fare.amount - fare.refunded : 0,
        rider: { id: dispute.riderId, name: `${riderFirst} ${riderLast.slice(0, 1)}.` },
        ride: {
          pickupAddress: ride.pickupAddress,
          dropoffAddress: ride.dropoffAddress,
          totalFare: ride.totalFare,
          tip: ride.tip,
          completedAt: ride.completedAt?.toISOString() ?? null,
          driverName: driver ? `${driver.firstName} ${driver.lastName.slice(0, 1)}.` : null,
        },
      };
    });
  }

  async function disputeView(id: string): Promise<Dispute> {
    const [view] = await disputeViews(and(eq(disputes.id, id)));
    if (!view) throw notFound('Dispute');
    return view;
  }

  /**
   * Gives a resolved dispute's refund back to the rider, once: from escrow when the charge is still
   * held, else as a clawback from each payee's account (their future earnings; docs/money.md).
   */
  async function applyRefund(dispute: DisputeRow): Promise<void> {
    if (dispute.status !== 'resolved' || dispute.refundAmount === 0) return;
    const key = `refund:${dispute.id}`;
    const [done] = await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key));
    if (done) return;
    const fare = await chargeOf(db, dispute.rideId, 'fare');
    if (!fare || fare.status !== 'captured' || !fare.providerRef) return; // retried by the sweep once captured
    await provider.refund({ id: fare.providerRef, amount: dispute.refundAmount, idempotencyKey: key });
    await fault('refund:after-provider');
    const at = now();
    await db.transaction(async (tx) => {
      const [charge] = await tx.select().from(charges).where(eq(charges.id, fare.id)).for('update');
      const payees = (await ridePayees(tx, [dispute.rideId])).get(dispute.rideId);
      if (!charge || !payees) return;
      const taken = splitRefund(remainingSplit(charge), dispute.refundAmount);
      const refundTarget = { accountId: accounts.riderSource(dispute.riderId), amount: dispute.refundAmount };
      const posted = await post(tx, {
        key,
        kind: charge.releasedAt ? 'clawback' : 'refund',
        at,
        rideId: dispute.rideId,
        chargeId: charge.id,
        disputeId: dispute.id,
        memo: charge.releasedAt ? 'dispute refund taken back from the payees' : 'dispute refund from escrow',
        postings: charge.releasedAt ? [refundTarget, ...payeePostings(taken, payees, -1)] : [refundTarget, { accountId: accounts.escrow, amount: -dispute.refundAmount }],
      });
      if (!posted) return;
      await fault('refund:in-transaction');
      await tx
        .update(charges)
        .set({ refunded: charge.refunded + dispute.refundAmount, refundedSplit: addSplits(charge.refundedSplit ?? emptySplit(), taken) })
        .where(eq(charges.id, charge.id));
    });
  }

  async function licenseeTerritoryIds(licenseeId: string): Promise<string[]> {
    const rows = await db.select({ id: territories.id }).from(territories).where(eq(territories.licenseeId, licenseeId));
    return rows.map((r) => r.id);
  }

  return {
    // payment methods
    async listMethods(user: AuthenticatedUser): Promise<PaymentMethod[]> {
      return (await methodsOf(user.id)).map(toMethod);
    },

    async addMethod(user: AuthenticatedUser, request: AddPaymentMethodRequest): Promise<PaymentMethod> {
      const expiry = parseExpiry(request.expiryDate)!;
      const existing = await methodsOf(user.id);
      if (existing.length >= 10) throw new AppError('BUSINESS_RULE', 'You can keep up to 10 payment methods');
      let card;
      try {
        card = await provider.tokenize({ number: request.cardNumber, expMonth: expiry.month, expYear: expiry.year, cvc: request.cvc });
      } catch (error) {
        if (error instanceof PaymentDeclined) throw new AppError('VALIDATION_FAILED', 'This card was refused', { cardNumber: error.message });
        throw new AppError('UNAVAILABLE', 'Payments are unavailable right now; the card was not saved. Try again in a moment.');
      }
      const isDefault = request.isDefault === true || existing.length === 0;
      return db.transaction(async (tx) => {
        if (isDefault) await tx.update(paymentMethods).set({ isDefault: false }).where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.isDefault, true)));
        const [row] = await tx
          .insert(paymentMethods)
          .values({ userId: user.id, provider: provider.name, providerToken: card.token, brand: card.brand, lastFour: card.lastFour, expMonth: expiry.month, expYear: expiry.year, isDefault, createdAt: now() })
          .returning();
        return toMethod(row!);
      });
    },

    async updateMethod(user: AuthenticatedUser, id: string, request: UpdatePaymentMethodRequest): Promise<PaymentMethod> {
      await ownMethod(user.id, id);
      await db.transaction(async (tx) => {
        if (request.expiryDate) {
          const expiry = parseExpiry(request.expiryDate)!;
          await tx.update(paymentMethods).set({ expMonth: expiry.month, expYear: expiry.year }).where(eq(paymentMethods.id, id));
        }
        if (request.isDefault) await makeDefault(tx, user.id, id);
      });
      return toMethod(await ownMethod(user.id, id));
    },

    async removeMethod(user: AuthenticatedUser, id: string): Promise<void> {
      const method = await ownMethod(user.id, id);
      await db.transaction(async (tx) => {
        await tx.update(paymentMethods).set({ removedAt: now(), isDefault: false }).where(eq(paymentMethods.id, id));
        if (method.isDefault) {
          const [next] = await tx
            .select()
            .from(paymentMethods)
            .where(and(eq(paymentMethods.userId, user.id), isNull(paymentMethods.removedAt), ne(paymentMethods.id, id)))
            .orderBy(desc(paymentMethods.createdAt))
            .limit(1);
          if (next) await makeDefault(tx, user.id, next.id);
        }
      });
    },

    chargeableMethod,
    recordFareCharge,
    authorizeFare,
    voidFare,
    captureFare,
    chargeTip,
    releaseDue,
    applyRefund,

    /**
     * The background settlement run: releases what is due, and finishes whatever a failure left
     * half-done (captures of completed rides, voids of cancelled ones, refunds of resolved disputes).
     */
    async settle(): Promise<{ released: number; captured: number; voided: number; refunded: number }> {
      const counts = { released: 0, captured: 0, voided: 0, refunded: 0 };
      const stuck = await db
        .select({ charge: charges, rideStatus: rides.status })
        .from(charges)
        .innerJoin(rides, eq(rides.id, charges.rideId))
        .where(and(eq(charges.status, 'authorized'), inArray(rides.status, ['completed', 'cancelled'])))
        .limit(100);
      for (const { charge, rideStatus } of stuck) {
        const rideId = charge.rideId;
        try {
          if (charge.kind === 'tip') counts.captured += (await finishTip(charge)) ? 1 : 0;
          else if (rideStatus === 'completed') counts.captured += (await captureFare(rideId)) ? 1 : 0;
          else {
            await voidFare(rideId);
            counts.voided += 1;
          }
        } catch (error) {
          log.warn({ err: error, rideId }, 'settlement: will retry');
        }
      }
      const unrefunded = await db
        .select()
        .from(disputes)
        .where(
          and(
            eq(disputes.status, 'resolved'),
            sql`${disputes.refundAmount} > 0`,
            notExists(
              db
                .select({ one: sql`1` })
                .from(ledgerTransactions)
                .where(eq(ledgerTransactions.disputeId, disputes.id)),
            ),
          ),
        )
        .limit(100);
      for (const dispute of unrefunded) {
        try {
          await applyRefund(dispute);
          counts.refunded += 1;
        } catch (error) {
          log.warn({ err: error, disputeId: dispute.id }, 'settlement: refund will be retried');
        }
      }
      for (let batch = await releaseDue(); batch > 0; batch = await releaseDue()) counts.released += batch;
      return counts;
    },

    // disputes
    async openDispute(rider: AuthenticatedUser, rideId: string, request: OpenDisputeRequest): Promise<Dispute> {
      const [ride] = await db.select().from(rides).where(eq(rides.id, rideId));
      if (!ride || ride.riderId !== rider.id) throw notFound('Ride');
      if (ride.status !== 'completed' || !ride.completedAt) throw new AppError('CONFLICT', 'You can report a problem once the ride is completed');
      const at = now();
      if (at.getTime() - ride.completedAt.getTime() > settings.disputeWindowMs) {
        throw new AppError('BUSINESS_RULE', `Disputes can be opened within ${Math.round(settings.disputeWindowMs / 86_400_000)} days of the ride`);
      }
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          // Waits for a release of this ride in progress, so the dispute sees a settled state.
          await tx.select({ id: charges.id }).from(charges).where(eq(charges.rideId, rideId)).for('update');
          const [row] = await tx
            .insert(disputes)
            .values({ rideId, riderId: rider.id, territoryId: ride.territoryId, reason: request.reason, description: request.description, openedAt: at })
            .returning();
          return row!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'A dispute is already open for this ride');
        throw error;
      }
      const view = await disputeView(id);
      const licensee = await db.select({ licenseeId: territories.licenseeId }).from(territories).where(eq(territories.id, ride.territoryId));
      if (licensee[0]) hub.publish(licensee[0].licenseeId, { type: 'dispute_opened', dispute: view });
      return view;
    },

    async disputesFor(user: AuthenticatedUser): Promise<Dispute[]> {
      if (user.role === 'admin') return disputeViews(undefined);
      if (user.role === 'customer') return disputeViews(eq(disputes.riderId, user.id));
      if (user.role === 'licensee') {
        const ids = await licenseeTerritoryIds(user.id);
        return ids.length ? disputeViews(inArray(disputes.territoryId, ids)) : [];
      }
      throw new AppError('FORBIDDEN', 'Only riders, licensees and admins see disputes');
    },

    async resolveDispute(user: AuthenticatedUser, id: string, request: ResolveDisputeRequest): Promise<Dispute> {
      const [dispute] = await db.select().from(disputes).where(eq(disputes.id, id));
      if (!dispute) throw notFound('Dispute');
      if (user.role === 'licensee' && !(await licenseeTerritoryIds(user.id)).includes(dispute.territoryId)) throw notFound('Dispute');
      if (user.role !== 'licensee' && user.role !== 'admin') throw new AppError('FORBIDDEN', "Disputes are resolved by the territory's licensee");
      if (dispute.status !== 'open') throw new AppError('CONFLICT', 'This dispute is already resolved');
      const fare = await chargeOf(db, dispute.rideId, 'fare');
      const disputable = fare && fare.status === 'captured' ? fare.amount - fare.refunded : 0;
      if (request.resolution !== 'release' && disputable === 0) throw new AppError('CONFLICT', 'Nothing has been captured on this ride yet; resolve it once the fare is charged');
      let refundAmount = 0;
      if (request.resolution === 'refund_full') refundAmount = disputable;
      if (request.resolution === 'refund_partial') {
        refundAmount = request.refundAmount ?? 0;
        if (refundAmount > disputable) throw new AppError('VALIDATION_FAILED', 'The refund is more than the fare paid', { refundAmount: `At most ${disputable} cents can be refunded` });
      }
      const at = now();
      const mediation = await deps.mediator?.()?.recordDecision(dispute, { resolution: request.resolution, refundAmount, note: request.note, decidedBy: user.id, at });
      const [resolved] = await db
        .update(disputes)
        .set({ status: 'resolved', resolution: request.resolution, refundAmount, resolutionNote: request.note, resolvedBy: user.id, resolvedAt: at, ...(mediation ? { mediation } : {}) })
        .where(and(eq(disputes.id, id), eq(disputes.status, 'open')))
        .returning();
      if (!resolved) throw new AppError('CONFLICT', 'This dispute is already resolved');
      try {
        await applyRefund(resolved);
      } catch (error) {
        log.warn({ err: error, disputeId: id }, 'dispute refund failed; the settlement run will retry it');
      }
      const view = await disputeView(id);
      hub.publish(resolved.riderId, { type: 'dispute_resolved', dispute: view });
      return view;
    },

    // views
    async chargesOfRides(rideIds: string[]): Promise<ChargeRow[]> {
      return rideIds.length ? db.select().from(charges).where(inArray(charges.rideId, rideIds)) : [];
    },

    async disputeOfRide(rideId: string): Promise<Dispute | null> {
      const [view] = await disputeViews(and(eq(disputes.rideId, rideId)));
      return view ?? null;
    },

    toCharge(charge: ChargeRow, openDispute: boolean): Charge {
      return {
        id: charge.id,
        kind: charge.kind,
        status: charge.status,
        amount: charge.amount,
        refunded: charge.refunded,
        escrow: escrowState(charge, openDispute),
        releaseAfter: charge.releaseAfter?.toISOString() ?? null,
        releasedAt: charge.releasedAt?.toISOString() ?? null,
        capturedAt: charge.capturedAt?.toISOString() ?? null,
        split: remainingSplit(charge),
      };
    },

    escrowState,
    settings,
    licenseeTerritoryIds,
    hasReleasedCharges: async (rideId: string) =>
      (
        await db
          .select({ id: charges.id })
          .from(charges)
          .where(and(eq(charges.rideId, rideId), isNotNull(charges.releasedAt)))
      ).length > 0,
  };
}

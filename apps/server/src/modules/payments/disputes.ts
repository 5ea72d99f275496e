import {
  addSplits,
  DISPUTE_RESOLVE_DAYS,
  emptySplit,
  splitRefund,
  type Dispute,
  type DisputeMediationRecord,
  type OpenDisputeRequest,
  type PageQuery,
  type ResolveDisputeRequest,
} from '@coride/domain';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { mapPage, toPage, type Page } from '../../lib/paging';
import type { AuthenticatedUser } from '../accounts/service';
import type { TerritoryAccess } from '../territories/access';
import { remainingSplit } from './charges';
import type { PaymentsContext } from './context';
import { accounts, payeePostings, post } from './ledger';
import * as repo from './repository';
import type { DisputeFilter, DisputeRow } from './repository';

/**
 * The port payments resolves disputes through (implemented by assistant/mediation.ts): what to keep on
 * a dispute when it is resolved (the proposal shown, the decision, its reason). Declared here, where
 * it is used, so payments never imports the assistant.
 */
export type DisputeMediator = {
  recordDecision(
    dispute: DisputeRow,
    decision: { resolution: 'refund_full' | 'refund_partial' | 'release'; refundAmount: number; note: string; decidedBy: string; at: Date },
  ): Promise<DisputeMediationRecord>;
};

/** Territory scope as disputes need it: the territories a licensee holds (territories/access.ts). */
export type TerritoryScopePort = Pick<TerritoryAccess, 'licenseeTerritoryIds'>;

/**
 * What dispute mediation may read and write of the disputes payments owns (its `MediationRecords`
 * port), backed by the repository alone: no call back into the payments service, so the wiring is
 * one-way (mediation -> these records; payments -> the mediator).
 */
export function createMediationRecords(db: PaymentsContext['db']) {
  return {
    findDispute: (id: string) => repo.findDispute(db, id),
    priorDisputesOf: (dispute: DisputeRow) => repo.priorDisputesOf(db, dispute),
    fareOf: (rideId: string) => repo.chargeOf(db, rideId, 'fare'),
    /** Keeps the proposal shown on a dispute while it is open. */
    keepShownProposal: (id: string, record: DisputeMediationRecord) => repo.setOpenDisputeMediation(db, id, record),
  };
}

/** Disputes: opened by the rider, resolved by the territory's licensee (or an admin), refunded from escrow or clawed back. */
export function createDisputes(ctx: PaymentsContext, access: TerritoryScopePort, mediator?: DisputeMediator) {
  const { db, provider, hub, now, log, settings, fault, mail, notifications } = ctx;

  async function disputeViews(filter: DisputeFilter): Promise<Dispute[]> {
    return toDisputeViews(await repo.disputesWithRides(db, filter));
  }

  async function disputePage(filter: DisputeFilter, page: PageQuery): Promise<Page<Dispute>> {
    const rows = await repo.disputesWithRides(db, filter, page);
    return mapPage(
      toPage(
        rows,
        page,
        (row) => ({ at: row.pageKey, id: row.dispute.id }),
        (row) => row,
      ),
      toDisputeViews,
    );
  }

  async function toDisputeViews(rows: repo.DisputeDetails[]): Promise<Dispute[]> {
    const driverIds = [...new Set(rows.map((r) => r.ride.driverId).filter((id): id is string => Boolean(id)))];
    const drivers = await repo.readUserNames(db, driverIds);
    const fares = await repo.fareChargesOfRides(
      db,
      rows.map((r) => r.ride.id),
    );
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
    const [view] = await disputeViews({ id });
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
    if (await repo.isPosted(db, key)) return;
    const fare = await repo.chargeOf(db, dispute.rideId, 'fare');
    if (!fare || fare.status !== 'captured' || !fare.providerRef) return; // retried by the sweep once captured
    await provider.refund({ id: fare.providerRef, amount: dispute.refundAmount, idempotencyKey: key });
    await fault('refund:after-provider');
    const at = now();
    await db.transaction(async (tx) => {
      const charge = await repo.lockCharge(tx, fare.id);
      const payees = (await repo.readRidePayees(tx, [dispute.rideId])).get(dispute.rideId);
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
        postings: charge.releasedAt
          ? [refundTarget, ...payeePostings(taken, payees, -1)]
          : [refundTarget, { accountId: accounts.escrow, amount: -dispute.refundAmount }],
      });
      if (!posted) return;
      await fault('refund:in-transaction');
      await repo.setChargeRefunded(tx, charge.id, charge.refunded + dispute.refundAmount, addSplits(charge.refundedSplit ?? emptySplit(), taken));
    });
  }

  async function licenseeTerritoryIds(licenseeId: string): Promise<string[]> {
    return access.licenseeTerritoryIds(licenseeId);
  }

  return {
    applyRefund,
    licenseeTerritoryIds,

    async openDispute(rider: AuthenticatedUser, rideId: string, request: OpenDisputeRequest): Promise<Dispute> {
      const ride = await repo.readRide(db, rideId);
      if (!ride || ride.riderId !== rider.id) throw notFound('Ride');
      if (ride.status !== 'completed' || !ride.completedAt) throw new AppError('CONFLICT', 'You can report a problem once the ride is completed');
      const at = now();
      if (at.getTime() - ride.completedAt.getTime() > settings.disputeWindowMs) {
        throw new AppError('BUSINESS_RULE', `Disputes can be opened within ${Math.round(settings.disputeWindowMs / 86_400_000)} days of the ride`);
      }
      let id: string;
      const told = notifications.batch();
      try {
        id = await db.transaction(async (tx) => {
          // Waits for a release of this ride in progress, so the dispute sees a settled state.
          await repo.lockChargesOfRide(tx, rideId);
          const row = await repo.insertDispute(tx, {
            rideId,
            riderId: rider.id,
            territoryId: ride.territoryId,
            reason: request.reason,
            description: request.description,
            openedAt: at,
          });
          await mail.enqueueToUser(tx, rider.id, {
            dedupeKey: `dispute-opened:${row.id}`,
            template: 'dispute-opened',
            data: {
              disputeId: row.id,
              completedAt: ride.completedAt!.toISOString(),
              pickup: ride.pickupAddress,
              dropoff: ride.dropoffAddress,
              reviewDays: DISPUTE_RESOLVE_DAYS,
            },
          });
          await told.notify(tx, { userId: rider.id, kind: 'dispute_opened', data: { disputeId: row.id, rideId }, dedupeKey: `dispute-opened:${row.id}` });
          return row.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'A dispute is already open for this ride');
        throw error;
      }
      told.publish();
      const view = await disputeView(id);
      const licenseeId = await repo.readTerritoryLicensee(db, ride.territoryId);
      if (licenseeId) hub.publish(licenseeId, { type: 'dispute_opened', dispute: view });
      return view;
    },

    /** A page of the disputes the caller sees, newest first: a rider's own, a licensee's territories', all for an admin. */
    async disputesFor(user: AuthenticatedUser, page: PageQuery): Promise<Page<Dispute>> {
      if (user.role === 'admin') return disputePage({ all: true }, page);
      if (user.role === 'customer') return disputePage({ riderId: user.id }, page);
      if (user.role === 'licensee') {
        const ids = await licenseeTerritoryIds(user.id);
        return ids.length ? disputePage({ territoryIds: ids }, page) : { items: [], nextCursor: null };
      }
      throw new AppError('FORBIDDEN', 'Only riders, licensees and admins see disputes');
    },

    async resolveDispute(user: AuthenticatedUser, id: string, request: ResolveDisputeRequest): Promise<Dispute> {
      const dispute = await repo.findDispute(db, id);
      if (!dispute) throw notFound('Dispute');
      if (user.role === 'licensee' && !(await licenseeTerritoryIds(user.id)).includes(dispute.territoryId)) throw notFound('Dispute');
      if (user.role !== 'licensee' && user.role !== 'admin') throw new AppError('FORBIDDEN', "Disputes are resolved by the territory's licensee");
      if (dispute.status !== 'open') throw new AppError('CONFLICT', 'This dispute is already resolved');
      const fare = await repo.chargeOf(db, dispute.rideId, 'fare');
      const disputable = fare && fare.status === 'captured' ? fare.amount - fare.refunded : 0;
      if (request.resolution !== 'release' && disputable === 0)
        throw new AppError('CONFLICT', 'Nothing has been captured on this ride yet; resolve it once the fare is charged');
      let refundAmount = 0;
      if (request.resolution === 'refund_full') refundAmount = disputable;
      if (request.resolution === 'refund_partial') {
        refundAmount = request.refundAmount ?? 0;
        if (refundAmount > disputable)
          throw new AppError('VALIDATION_FAILED', 'The refund is more than the fare paid', { refundAmount: `At most ${disputable} cents can be refunded` });
      }
      const at = now();
      const mediation = await mediator?.recordDecision(dispute, { resolution: request.resolution, refundAmount, note: request.note, decidedBy: user.id, at });
      const ride = await repo.readRide(db, dispute.rideId);
      const told = notifications.batch();
      const resolved = await db.transaction(async (tx) => {
        const row = await repo.resolveOpenDispute(tx, id, {
          resolution: request.resolution,
          refundAmount,
          resolutionNote: request.note,
          resolvedBy: user.id,
          resolvedAt: at,
          ...(mediation ? { mediation } : {}),
        });
        // The rider hears of the decision (and of the refund decided) if and only if it is recorded.
        if (row)
          await told.notify(tx, {
            userId: row.riderId,
            kind: 'dispute_resolved',
            data: { disputeId: row.id, rideId: row.rideId, resolution: request.resolution, refundAmount },
            dedupeKey: `dispute-resolved:${row.id}`,
          });
        if (row && ride)
          await mail.enqueueToUser(tx, row.riderId, {
            dedupeKey: `dispute-resolved:${row.id}`,
            template: 'dispute-resolved',
            data: {
              disputeId: row.id,
              completedAt: (ride.completedAt ?? row.openedAt).toISOString(),
              pickup: ride.pickupAddress,
              dropoff: ride.dropoffAddress,
              resolution: request.resolution,
              refundAmount,
              note: request.note || null,
            },
          });
        return row;
      });
      if (!resolved) throw new AppError('CONFLICT', 'This dispute is already resolved');
      told.publish();
      try {
        await applyRefund(resolved);
      } catch (error) {
        log.warn({ err: error, disputeId: id }, 'dispute refund failed; the settlement run will retry it');
      }
      const view = await disputeView(id);
      hub.publish(resolved.riderId, { type: 'dispute_resolved', dispute: view });
      return view;
    },

    async disputeOfRide(rideId: string): Promise<Dispute | null> {
      const [view] = await disputeViews({ rideId });
      return view ?? null;
    },
  };
}

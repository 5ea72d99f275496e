import { MINUTES_PER_MILE, ROAD_FACTOR, type DisputeMediationRecord, type Mediation, type MediationFacts } from '@coride/domain';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AuthenticatedUser } from '../accounts/service';
import type { DisputeRow } from '../payments/repository';
import { disputedRideFacts } from '../reporting/ride-facts';
import type { TerritoryAccess } from '../territories/access';
import { cautions, mediationRules, propose } from './mediation-rules';

type FareCharge = { status: string; amount: number; refunded: number; releasedAt: Date | null };

/**
 * What mediation needs of the disputes and charges payments owns (payments/disputes.ts
 * `createMediationRecords` implements it from the payments repository). Mediation reads through it
 * and keeps the shown proposal through it; payments calls back only through its own `DisputeMediator`
 * port, so neither service reaches the other.
 */
export type MediationRecords = {
  findDispute(id: string): Promise<DisputeRow | undefined>;
  priorDisputesOf(dispute: DisputeRow): Promise<Pick<DisputeRow, 'status' | 'resolution'>[]>;
  fareOf(rideId: string): Promise<FareCharge | undefined>;
  keepShownProposal(disputeId: string, record: DisputeMediationRecord): Promise<void>;
};
const minutesBetween = (from: Date | null, to: Date | null) => (from && to ? Math.round(((to.getTime() - from.getTime()) / 60_000) * 10) / 10 : null);

export type MediationService = ReturnType<typeof createMediationService>;

/**
 * Dispute mediation (contract §6): gathers the facts of a disputed ride, proposes a resolution from the
 * written rules (mediation-rules.ts), keeps the proposal shown on the dispute, and records at
 * resolution whether the licensee followed it (payments' resolveDispute calls `recordDecision`).
 */
export function createMediationService(deps: {
  db: Database;
  records: MediationRecords;
  access: Pick<TerritoryAccess, 'licenseeTerritoryIds'>;
  now: () => Date;
}) {
  const { db, records, access, now } = deps;

  async function factsOf(dispute: DisputeRow): Promise<MediationFacts> {
    const found = await disputedRideFacts(db, dispute.rideId);
    if (!found) throw notFound('Ride');
    const { ride, acceptedOfferDistanceMiles } = found;
    const fare = await records.fareOf(ride.id);
    const prior = await records.priorDisputesOf(dispute);
    const actualDuration = minutesBetween(ride.startedAt, ride.completedAt);
    return {
      rideId: ride.id,
      reason: dispute.reason,
      description: dispute.description,
      quotedDistance: ride.distance,
      quotedDuration: ride.duration,
      actualDuration,
      durationRatio: actualDuration !== null && ride.duration > 0 ? Math.round((actualDuration / ride.duration) * 100) / 100 : null,
      waitMinutes: minutesBetween(ride.acceptedAt, ride.startedAt),
      // The offer's distance is the straight line from the driver to the pickup; the estimate router's speed turns it into minutes.
      etaAtAcceptMinutes: acceptedOfferDistanceMiles !== null ? Math.max(1, Math.round(acceptedOfferDistanceMiles * ROAD_FACTOR * MINUTES_PER_MILE)) : null,
      totalFare: ride.totalFare,
      timeFare: ride.timeFare,
      tip: ride.tip,
      disputable: fare && fare.status === 'captured' ? fare.amount - fare.refunded : 0,
      released: Boolean(fare?.releasedAt),
      rating: ride.rating,
      ratingComment: ride.ratingComment,
      priorDisputes: {
        count: prior.length,
        refundedFull: prior.filter((d) => d.resolution === 'refund_full').length,
        refundedPartial: prior.filter((d) => d.resolution === 'refund_partial').length,
        released: prior.filter((d) => d.resolution === 'release').length,
        open: prior.filter((d) => d.status === 'open').length,
      },
    };
  }

  async function visibleDispute(user: AuthenticatedUser, id: string): Promise<DisputeRow> {
    const dispute = await records.findDispute(id);
    if (!dispute) throw notFound('Dispute');
    if (user.role === 'licensee' && !(await access.licenseeTerritoryIds(user.id)).includes(dispute.territoryId)) throw notFound('Dispute');
    if (user.role !== 'licensee' && user.role !== 'admin') throw notFound('Dispute');
    return dispute;
  }

  return {
    /** GET /api/disputes/:id/mediation: the facts and the proposal; the first proposal shown on an open dispute is kept on it. */
    async show(user: AuthenticatedUser, id: string): Promise<Mediation> {
      const dispute = await visibleDispute(user, id);
      const facts = await factsOf(dispute);
      const proposal = propose(facts);
      if (
        dispute.status === 'open' &&
        (!dispute.mediation ||
          dispute.mediation.rulesVersion !== mediationRules.version ||
          dispute.mediation.proposal.rule !== proposal.rule ||
          dispute.mediation.proposal.refundAmount !== proposal.refundAmount)
      ) {
        const record: DisputeMediationRecord = { rulesVersion: mediationRules.version, proposal, shownAt: now().toISOString(), decision: null };
        await records.keepShownProposal(id, record);
      }
      return { disputeId: dispute.id, facts, proposal, rulesVersion: mediationRules.version, cautions: cautions(facts) };
    },

    /**
     * What to keep on a dispute being resolved: the proposal that was shown (or, if nobody looked,
     * the one the rules give now), and the decision with the licensee's note as its reason.
     */
    async recordDecision(
      dispute: DisputeRow,
      decision: { resolution: 'refund_full' | 'refund_partial' | 'release'; refundAmount: number; note: string; decidedBy: string; at: Date },
    ): Promise<DisputeMediationRecord> {
      const shown = dispute.mediation;
      const base: Omit<DisputeMediationRecord, 'decision'> = shown ?? {
        rulesVersion: mediationRules.version,
        proposal: propose(await factsOf(dispute)),
        shownAt: null,
      };
      const followedProposal =
        decision.resolution === base.proposal.resolution && (decision.resolution !== 'refund_partial' || decision.refundAmount === base.proposal.refundAmount);
      return {
        ...base,
        decision: {
          resolution: decision.resolution,
          refundAmount: decision.refundAmount,
          followedProposal,
          reason: decision.note,
          decidedBy: decision.decidedBy,
          decidedAt: decision.at.toISOString(),
        },
      };
    },
  };
}

import type { MediationFacts, MediationProposal } from '@coride/domain';

/*
 * The written rules the assistant proposes dispute resolutions from (contract §6: "proposes a
 * resolution from written rules, and the licensee accepts or changes it").
 *
 * Versioning: change `version` whenever a rule, a threshold or the order changes (date + a counter:
 * '2026-11-1', '2026-11-2', …). Every proposal carries the version it came from, and the proposal
 * shown to the licensee is stored on the dispute with the decision, so past decisions can always be
 * read against the rules that were in force. Rule ids are never reused for a different rule.
 *
 * The rules are tried in order; the first that applies decides. The last one always applies.
 */

/** A ride "took longer than quoted" beyond this ratio of actual to quoted minutes. */
export const LONGER_THAN_QUOTED_RATIO = 1.2;
/** A wait counts as long beyond the ETA given at acceptance plus this many minutes… */
export const LONG_WAIT_GRACE_MINUTES = 10;
/** …and the refund for it is this share of the fare. */
export const LONG_WAIT_REFUND_SHARE = 0.1;
/** Ratings at or below this, with a conduct complaint, support it. */
export const LOW_RATING = 2;
/** Share of the fare refunded for a conduct complaint backed by a low rating. */
export const CONDUCT_REFUND_SHARE = 0.5;
/** Prior disputes from which a proposal comes with a caution for a person's look. */
export const REPEAT_DISPUTES = 3;

export type MediationRule = {
  id: string;
  /** The rule as written, shown in docs/assistant.md and to licensees. */
  text: string;
  propose(facts: MediationFacts): Omit<MediationProposal, 'rule'> | undefined;
};

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A partial refund, capped at what can still be refunded; the whole disputable amount becomes a full refund. */
function partial(facts: MediationFacts, amount: number, reason: string): Omit<MediationProposal, 'rule'> {
  const refund = Math.min(Math.max(0, Math.round(amount)), facts.disputable);
  if (refund >= facts.disputable) return { resolution: 'refund_full', refundAmount: facts.disputable, reason };
  if (refund === 0) return { resolution: 'release', refundAmount: 0, reason };
  return { resolution: 'refund_partial', refundAmount: refund, reason };
}

export const mediationRules: { version: string; rules: MediationRule[] } = {
  version: '2026-11-1',
  rules: [
    {
      id: 'M1-safety',
      text: 'A safety report is refunded in full, whatever the other facts; the licensee also follows up with the driver.',
      propose: (facts) =>
        facts.reason === 'safety'
          ? { resolution: 'refund_full', refundAmount: facts.disputable, reason: 'The rider reported a safety problem: the fare is refunded in full.' }
          : undefined,
    },
    {
      id: 'M2-nothing-charged',
      text: 'When nothing of the fare is left to refund (not captured, or already refunded), the proposal is to release: there is no money to move.',
      propose: (facts) => (facts.disputable === 0 ? { resolution: 'release', refundAmount: 0, reason: 'Nothing of the fare is left to refund.' } : undefined),
    },
    {
      id: 'M3-longer-than-quoted',
      text:
        'When the ride took more than 20% longer than quoted (startedAt to completedAt against the quoted minutes), the rider is refunded the difference ' +
        'between the time charge of the actual minutes and that of the quoted minutes (the quoted per-minute rate times the extra minutes), at most the fare.',
      propose: (facts) => {
        if (facts.actualDuration === null || facts.quotedDuration <= 0 || facts.actualDuration <= facts.quotedDuration * LONGER_THAN_QUOTED_RATIO)
          return undefined;
        const extraMinutes = facts.actualDuration - facts.quotedDuration;
        const difference = (facts.timeFare / facts.quotedDuration) * extraMinutes;
        const percent = Math.round((facts.durationRatio! - 1) * 100);
        return partial(
          facts,
          difference,
          `The ride took ${Math.round(facts.actualDuration)} min against ${Math.round(facts.quotedDuration)} quoted (${percent}% longer): the time charge of the ${Math.round(extraMinutes)} extra minutes, ${dollars(Math.round(difference))}, is refunded.`,
        );
      },
    },
    {
      id: 'M4-long-wait',
      text: `When the wait from acceptance to pickup exceeded the driver's ETA at acceptance by more than ${LONG_WAIT_GRACE_MINUTES} minutes, ${LONG_WAIT_REFUND_SHARE * 100}% of the fare is refunded.`,
      propose: (facts) => {
        if (facts.waitMinutes === null || facts.etaAtAcceptMinutes === null || facts.waitMinutes <= facts.etaAtAcceptMinutes + LONG_WAIT_GRACE_MINUTES)
          return undefined;
        return partial(
          facts,
          facts.totalFare * LONG_WAIT_REFUND_SHARE,
          `The rider waited ${Math.round(facts.waitMinutes)} min for a driver expected in ${Math.round(facts.etaAtAcceptMinutes)}: ${LONG_WAIT_REFUND_SHARE * 100}% of the fare is refunded.`,
        );
      },
    },
    {
      id: 'M5-conduct-low-rating',
      text: `A complaint about the driver's conduct backed by a rating of ${LOW_RATING} or less is refunded ${CONDUCT_REFUND_SHARE * 100}% of the fare.`,
      propose: (facts) =>
        facts.reason === 'driver_conduct' && facts.rating !== null && facts.rating <= LOW_RATING
          ? partial(
              facts,
              facts.totalFare * CONDUCT_REFUND_SHARE,
              `The rider rated the ride ${facts.rating}/5 and reported the driver's conduct: half the fare is refunded.`,
            )
          : undefined,
    },
    {
      id: 'M6-lost-item',
      text: 'A lost item is not a fare problem: the fare is released and the licensee puts the rider in touch with the driver.',
      propose: (facts) =>
        facts.reason === 'lost_item'
          ? { resolution: 'release', refundAmount: 0, reason: 'A lost item does not change the fare; the licensee connects the rider and the driver.' }
          : undefined,
    },
    {
      id: 'M7-matches-quote',
      text: 'Otherwise the ride matched its quote (price fixed at booking, duration within 20%): the fare is released to the payees.',
      propose: (facts) => ({
        resolution: 'release',
        refundAmount: 0,
        reason:
          facts.actualDuration === null
            ? 'Nothing in the ride record contradicts the quote: the fare is released.'
            : `The ride took ${Math.round(facts.actualDuration)} min against ${Math.round(facts.quotedDuration)} quoted and was charged the quoted price: the fare is released.`,
      }),
    },
  ],
};

/** The first rule that applies (the last always does). */
export function propose(facts: MediationFacts): MediationProposal {
  for (const rule of mediationRules.rules) {
    const proposal = rule.propose(facts);
    if (proposal) return { ...proposal, rule: rule.id };
  }
  throw new Error('the last mediation rule must always apply');
}

/** Things a person should weigh before following the proposal. */
export function cautions(facts: MediationFacts): string[] {
  const list: string[] = [];
  if (facts.priorDisputes.count >= REPEAT_DISPUTES) {
    list.push(
      `The rider has opened ${facts.priorDisputes.count} disputes before (${facts.priorDisputes.refundedFull + facts.priorDisputes.refundedPartial} refunded).`,
    );
  }
  if (facts.released) list.push('The fare has already been released: a refund is clawed back from the payees.');
  if (facts.actualDuration === null) list.push('The ride has no start or completion time: its duration is unknown.');
  return list;
}

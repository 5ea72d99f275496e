import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { createChampions, monthOf, monthRange, previousMonth } from './champions';
import type { RewardsContext } from './context';
import { createCredits } from './credits';
import { createPoints } from './points';
import { createSubmissions } from './submissions';

export { monthOf, monthRange, previousMonth };

export type RewardsService = ReturnType<typeof createRewardsService>;

/**
 * Rider rewards (docs/community-economics.md §4): points earned when things really happen, written to
 * the append-only reward_events with an idempotency key (each earning happens once), redemptions
 * under a lock (no double spend), ride credit and priority applied at the next booking, community
 * submissions reviewed by the territory's licensee, referrals, and the monthly champions.
 * A façade over points.ts, credits.ts, submissions.ts and champions.ts; all SQL is in repository.ts.
 */
export function createRewardsService(deps: {
  db: Database;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  userChanged?: (userId: string) => void;
}) {
  const ctx: RewardsContext = { db: deps.db, now: deps.now, log: deps.log, userChanged: deps.userChanged ?? (() => undefined) };
  const points = createPoints(ctx);
  const credits = createCredits(ctx);
  const submissions = createSubmissions(ctx);
  const champions = createChampions(ctx);

  return {
    award: points.award,
    monthOf,
    awardRating: points.awardRating,
    onRideCompleted: points.onRideCompleted,
    overview: points.overview,
    redeem: points.redeem,

    pending: credits.pending,
    applyAtBooking: credits.applyAtBooking,
    restoreForRide: credits.restoreForRide,
    restoreCancelled: credits.restoreCancelled,

    // --- submissions ---
    submit: submissions.submit,
    ownSubmissions: submissions.ownSubmissions,
    submissionsToReview: submissions.submissionsToReview,
    review: submissions.review,

    // --- champions ---
    runChampions: champions.runChampions,
    runDueChampions: champions.runDueChampions,
    champions: champions.champions,
  };
}

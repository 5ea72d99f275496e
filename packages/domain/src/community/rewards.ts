import { z } from 'zod';
import { splitFare, type Split } from '../money';
import type { FareBreakdown } from '../pricing';
import { DETAILED_REVIEW_MIN_CHARS, REWARD_POINTS, rewardActions, SMALLEST_CREDIT, type RewardAction } from './reward-rules';
import { assertCents, assertCount } from './shared';

/**
 * Rider rewards (spec §9 "Rider rewards"): points per action, redemptions, ride credits applied to a
 * fare, and the monthly community champions. Rewards cost the platform, never the driver: see
 * applyRideCredit and docs/community-economics.md.
 */

export { DETAILED_REVIEW_MIN_CHARS, REWARD_POINTS, rewardActions, SMALLEST_CREDIT, type RewardAction } from './reward-rules';

/**
 * Points for rating a ride: 2 for the rating, plus 5 when the comment is a detailed review (so 7).
 * Once per ride: the server awards it with the rating, which a ride has at most once.
 */
export function pointsForRating(comment?: string): { action: RewardAction; points: number }[] {
  const awards: { action: RewardAction; points: number }[] = [{ action: 'rate_driver', points: REWARD_POINTS.rate_driver }];
  if ((comment?.trim().length ?? 0) >= DETAILED_REVIEW_MIN_CHARS) awards.push({ action: 'detailed_review', points: REWARD_POINTS.detailed_review });
  return awards;
}

export const redemptionEffectSchema = z.discriminatedUnion('type', [
  /** Ride credit in cents, used on the next fares (applyRideCredit). */
  z.object({ type: z.literal('ride_credit'), cents: z.number().int() }),
  /** The next `rides` bookings within `validDays` are dispatched before other waiting requests. */
  z.object({ type: z.literal('priority_booking'), rides: z.number().int(), validDays: z.number().int() }),
  /** A "Community Champion" badge on the profile for `days`. */
  z.object({ type: z.literal('champion_status'), days: z.number().int() }),
]);
export type RedemptionEffect = z.infer<typeof redemptionEffectSchema>;

export const redemptionOptionIds = ['credit_1', 'credit_5', 'priority_booking', 'champion_status', 'credit_25'] as const;
export type RedemptionOptionId = (typeof redemptionOptionIds)[number];

/**
 * Spec §9: "25 points for $1 credit, 100 for $5, 150 priority booking, 300 champion status, 500 for
 * $25 credit". What priority booking and champion status do, and for how long, is our choice.
 */
export const REDEMPTION_OPTIONS: readonly { id: RedemptionOptionId; points: number; effect: RedemptionEffect }[] = [
  { id: 'credit_1', points: SMALLEST_CREDIT.points, effect: { type: 'ride_credit', cents: SMALLEST_CREDIT.cents } },
  { id: 'credit_5', points: 100, effect: { type: 'ride_credit', cents: 500 } },
  { id: 'priority_booking', points: 150, effect: { type: 'priority_booking', rides: 1, validDays: 30 } },
  { id: 'champion_status', points: 300, effect: { type: 'champion_status', days: 30 } },
  { id: 'credit_25', points: 500, effect: { type: 'ride_credit', cents: 2500 } },
];

export type RedemptionResult =
  | { ok: true; option: RedemptionOptionId; pointsSpent: number; balanceAfter: number; effect: RedemptionEffect }
  | { ok: false; code: 'INSUFFICIENT_POINTS'; needed: number; balance: number };

/** Spends points on an option; a balance never goes negative. */
export function redeem(balance: number, optionId: RedemptionOptionId): RedemptionResult {
  assertCount('balance', balance);
  const option = REDEMPTION_OPTIONS.find((candidate) => candidate.id === optionId);
  if (!option) throw new RangeError(`unknown redemption option ${optionId}`);
  if (balance < option.points) return { ok: false, code: 'INSUFFICIENT_POINTS', needed: option.points, balance };
  return { ok: true, option: option.id, pointsSpent: option.points, balanceAfter: balance - option.points, effect: option.effect };
}

export type CreditedFare = {
  creditApplied: number;
  /** What the rider's card is charged; 0 when the credit covers the whole fare. */
  riderPays: number;
  creditLeft: number;
  /** The settlement of the fare: exactly splitFare(fare), the credit changes nothing in it. */
  split: Split;
  /** The capture transaction: rider and the platform software account pay escrow the total fare. */
  capture: { account: 'rider' | 'platformSoftware' | 'escrow'; cents: number }[];
};

/**
 * Applies a rider's ride credit to a fare. The credit lowers what the rider pays, never below zero,
 * and is paid into escrow by the platform software account (rewards are the platform's cost), so the
 * fare's split — the driver's whole subtotal included — is exactly what it would be without credit.
 * Credits do not pay tips.
 */
export function applyRideCredit(fare: Pick<FareBreakdown, 'subtotal' | 'platformFee' | 'adminFee' | 'totalFare'>, creditCents: number): CreditedFare {
  assertCents('creditCents', creditCents);
  assertCents('totalFare', fare.totalFare);
  if (fare.totalFare !== fare.subtotal + fare.platformFee + fare.adminFee) throw new RangeError('totalFare must be subtotal + fees');
  const creditApplied = Math.min(creditCents, fare.totalFare);
  const riderPays = fare.totalFare - creditApplied;
  return {
    creditApplied,
    riderPays,
    creditLeft: creditCents - creditApplied,
    split: splitFare(fare),
    capture: [
      { account: 'rider', cents: -riderPays },
      { account: 'platformSoftware', cents: -creditApplied },
      { account: 'escrow', cents: fare.totalFare },
    ],
  };
}

/** Spec §9: "Monthly champions: top contributor $50, top 5 $20 each, top 20 a badge". Prizes are ride credit. */
export const CHAMPION_PRIZES = {
  topContributorCents: 5_000,
  top5Cents: 2_000,
  top5Ranks: 5,
  badgeRanks: 20,
} as const;

export type ChampionCandidate = {
  userId: string;
  /** Points earned in the month (not the balance: spending points must not cost a place). */
  points: number;
  /** When the rider earned their last point of the month (ISO 8601). */
  lastEarnedAt: string;
};

export const championSchema = z.object({
  rank: z.number().int(),
  userId: z.string(),
  points: z.number().int(),
  title: z.enum(['top_contributor', 'top_5', 'top_20']),
  /** Ride credit won, cents. */
  prizeCents: z.number().int(),
  badge: z.boolean(),
});
export type Champion = z.infer<typeof championSchema>;

/**
 * The month's champions: riders with points, most points first; a tie goes to whoever reached the
 * total first (earlier lastEarnedAt), then to the smaller userId, so every rank is unique and the
 * same input always gives the same board. Rank 1 wins $50, ranks 2-5 $20 (the top contributor
 * gets the $50 only), ranks 1-20 a badge.
 */
export function monthlyChampions(candidates: readonly ChampionCandidate[]): Champion[] {
  for (const candidate of candidates) {
    assertCount('points', candidate.points);
    if (Number.isNaN(Date.parse(candidate.lastEarnedAt))) throw new RangeError('lastEarnedAt must be an ISO date');
  }
  if (new Set(candidates.map((candidate) => candidate.userId)).size !== candidates.length) throw new RangeError('duplicate userId');
  return candidates
    .filter((candidate) => candidate.points > 0)
    .sort((a, b) => b.points - a.points || Date.parse(a.lastEarnedAt) - Date.parse(b.lastEarnedAt) || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
    .slice(0, CHAMPION_PRIZES.badgeRanks)
    .map((candidate, i) => {
      const rank = i + 1;
      const title = rank === 1 ? 'top_contributor' : rank <= CHAMPION_PRIZES.top5Ranks ? 'top_5' : 'top_20';
      const prizeCents = rank === 1 ? CHAMPION_PRIZES.topContributorCents : rank <= CHAMPION_PRIZES.top5Ranks ? CHAMPION_PRIZES.top5Cents : 0;
      return { rank, userId: candidate.userId, points: candidate.points, title, prizeCents, badge: true };
    });
}

/** GET rewards balance. */
export const rewardsBalanceSchema = z.object({
  points: z.number().int(),
  /** Points earned ever (for the profile; the leaderboard uses the month's). */
  lifetimePoints: z.number().int(),
  rideCreditCents: z.number().int(),
  priorityBookings: z.number().int(),
  championUntil: z.string().nullable(),
  options: z.array(z.object({ id: z.enum(redemptionOptionIds), points: z.number().int(), effect: redemptionEffectSchema, affordable: z.boolean() })),
  recent: z.array(z.object({ action: z.enum(rewardActions).or(z.literal('redemption')), points: z.number().int(), at: z.string() })),
});
export type RewardsBalance = z.infer<typeof rewardsBalanceSchema>;

/** POST a redemption. */
export const redeemRequestSchema = z.object({
  optionId: z.enum(redemptionOptionIds, { error: 'Choose a reward' }),
});
export type RedeemRequest = z.infer<typeof redeemRequestSchema>;

export const redeemResponseSchema = z.object({
  balance: z.number().int(),
  effect: redemptionEffectSchema,
});
export type RedeemResponse = z.infer<typeof redeemResponseSchema>;

export const championsResponseSchema = z.object({ month: z.string(), champions: z.array(championSchema) });
export type ChampionsResponse = z.infer<typeof championsResponseSchema>;

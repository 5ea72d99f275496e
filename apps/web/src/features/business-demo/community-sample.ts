/**
 * The community tab's sample: the visitor's rider actions earn REWARD_POINTS, a redemption goes
 * through redeem(), a ride credit through applyRideCredit on the sample fare, and the month's board
 * through monthlyChampions with fictional riders. The territory's money comes from territory-sample.
 */
import {
  applyRideCredit,
  monthlyChampions,
  REDEMPTION_OPTIONS,
  redeem,
  REWARD_POINTS,
  rewardActions,
  type Champion,
  type CreditedFare,
  type RedemptionOptionId,
  type RedemptionResult,
  type RewardAction,
} from '@coride/domain/community/rewards';
import type { FareExample } from './fare-example';

export const MAX_ACTIONS = 100;
export type RewardCounts = Record<RewardAction, number>;
export const DEFAULT_REWARD_COUNTS: RewardCounts = {
  rate_driver: 12,
  detailed_review: 3,
  route_suggestion: 1,
  safety_report: 0,
  community_feedback: 2,
  referral: 1,
};

export function parseActionCount(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= MAX_ACTIONS ? value : null;
}

/** Points per action and in all (spec: rate 2, review 5, route 10, safety 15, feedback 8, referral 50). */
export function pointsFor(counts: RewardCounts): { byAction: { action: RewardAction; count: number; points: number }[]; total: number } {
  const byAction = rewardActions.map((action) => ({ action, count: counts[action], points: counts[action] * REWARD_POINTS[action] }));
  return { byAction, total: byAction.reduce((sum, row) => sum + row.points, 0) };
}

/** Fictional riders of the month (points earned, when they earned their last point). */
export const SAMPLE_RIDERS: readonly { userId: string; name: string; points: number; lastEarnedAt: string }[] = [
  { userId: 'r1', name: 'Grace H.', points: 212, lastEarnedAt: '2026-01-20T10:00:00Z' },
  { userId: 'r2', name: 'Ada L.', points: 164, lastEarnedAt: '2026-01-18T09:00:00Z' },
  { userId: 'r3', name: 'Tomás G.', points: 120, lastEarnedAt: '2026-01-22T17:30:00Z' },
  { userId: 'r4', name: 'Fatima Z.', points: 120, lastEarnedAt: '2026-01-12T08:15:00Z' },
  { userId: 'r5', name: 'Chen W.', points: 96, lastEarnedAt: '2026-01-25T12:00:00Z' },
  { userId: 'r6', name: 'Noah B.', points: 60, lastEarnedAt: '2026-01-05T19:45:00Z' },
  { userId: 'r7', name: 'Lena M.', points: 18, lastEarnedAt: '2026-01-09T07:00:00Z' },
];
export const YOU_RIDER = 'you';
/** The visitor earns their last point at the end of the sample month, so a tie goes to the rider who got there first. */
const YOU_LAST_EARNED = '2026-01-31T23:00:00Z';

export type CommunitySample = {
  points: ReturnType<typeof pointsFor>;
  redemption: RedemptionResult;
  /** The redemption's ride credit on the sample fare, when it is a credit and affordable. */
  credited: CreditedFare | null;
  champions: Champion[];
  yourRank: Champion | null;
};

export function communitySample(input: { counts: RewardCounts; option: RedemptionOptionId; fare: FareExample }): CommunitySample {
  const points = pointsFor(input.counts);
  const redemption = redeem(points.total, input.option);
  const credited = redemption.ok && redemption.effect.type === 'ride_credit' ? applyRideCredit(input.fare, redemption.effect.cents) : null;
  const champions = monthlyChampions([
    ...SAMPLE_RIDERS.map(({ userId, points: p, lastEarnedAt }) => ({ userId, points: p, lastEarnedAt })),
    { userId: YOU_RIDER, points: points.total, lastEarnedAt: YOU_LAST_EARNED },
  ]);
  return { points, redemption, credited, champions, yourRank: champions.find((c) => c.userId === YOU_RIDER) ?? null };
}

export const riderName = (userId: string) => SAMPLE_RIDERS.find((rider) => rider.userId === userId)?.name ?? null;
export { REDEMPTION_OPTIONS };

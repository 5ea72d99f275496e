// Rider reward points as plain constants, without zod, so the landing page can quote them within its
// first-screen budget (rewards.ts keeps the schemas and re-exports these).

export const rewardActions = ['rate_driver', 'detailed_review', 'route_suggestion', 'safety_report', 'community_feedback', 'referral'] as const;
export type RewardAction = (typeof rewardActions)[number];

/** Spec §9: "rate driver 2, detailed review 5, route suggestion 10, safety report 15, community feedback 8, referral 50". */
export const REWARD_POINTS: Record<RewardAction, number> = {
  rate_driver: 2,
  detailed_review: 5,
  route_suggestion: 10,
  safety_report: 15,
  community_feedback: 8,
  referral: 50,
};

/** Our choice: a rating's comment of at least this many characters (trimmed) is a detailed review. */
export const DETAILED_REVIEW_MIN_CHARS = 50;

/** Spec §9: "25 points for $1 credit", the smallest redemption (REDEMPTION_OPTIONS' credit_1). */
export const SMALLEST_CREDIT = { points: 25, cents: 100 } as const;

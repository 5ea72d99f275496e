import { z } from 'zod';
import { text } from '../text';
import { REWARD_POINTS, rewardsBalanceSchema } from './rewards';

/**
 * Community submissions (spec §9 "route suggestion, safety report, community feedback"): riders and
 * drivers send them, the territory's licensee accepts or rejects them. An accepted rider submission
 * earns its points (REWARD_POINTS); an accepted driver submission counts as community engagement for
 * the driver's tier and earns no points. See docs/community-economics.md §4.
 */
export const submissionKinds = ['route_suggestion', 'safety_report', 'community_feedback'] as const;
export type SubmissionKind = (typeof submissionKinds)[number];

export const SUBMISSION_MIN_CHARS = 10;
export const SUBMISSION_MAX_CHARS = 2000;

/** Points an accepted rider submission earns. */
export const submissionPoints = (kind: SubmissionKind): number => REWARD_POINTS[kind];

export const createSubmissionRequestSchema = z.object({
  kind: z.enum(submissionKinds, { error: 'Choose what you are sending' }),
  text: text({ error: 'Describe your suggestion', multiline: true })
    .min(SUBMISSION_MIN_CHARS, `Write at least ${SUBMISSION_MIN_CHARS} characters`)
    .max(SUBMISSION_MAX_CHARS, `Keep it under ${SUBMISSION_MAX_CHARS} characters`),
});
export type CreateSubmissionRequest = z.infer<typeof createSubmissionRequestSchema>;

export const reviewSubmissionRequestSchema = z.object({
  decision: z.enum(['accepted', 'rejected'], { error: 'Accept or reject' }),
});
export type ReviewSubmissionRequest = z.infer<typeof reviewSubmissionRequestSchema>;

export const submissionSchema = z.object({
  id: z.string(),
  kind: z.enum(submissionKinds),
  text: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  /** Shortened name of the author ("Ana P.") and their role. */
  author: z.string(),
  authorRole: z.enum(['customer', 'driver']),
  territoryId: z.string().nullable(),
  territoryName: z.string().nullable(),
  /** Points the author earns when it is accepted (0 for drivers). */
  points: z.number().int(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;
export const submissionListSchema = z.object({ submissions: z.array(submissionSchema) });

/** "Ana Pérez" -> "Ana P." */
export function shortName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}

/** The leaderboard as shown: champions with shortened names, no user ids of others beyond their own. */
export const championsBoardSchema = z.object({
  month: z.string(),
  champions: z.array(
    z.object({
      rank: z.number().int(),
      name: z.string(),
      points: z.number().int(),
      title: z.enum(['top_contributor', 'top_5', 'top_20']),
      prizeCents: z.number().int(),
      badge: z.boolean(),
      isMe: z.boolean(),
    }),
  ),
});
export type ChampionsBoard = z.infer<typeof championsBoardSchema>;

/** The rider's referral code and what it earns. */
export const referralSchema = z.object({ code: z.string(), points: z.number().int(), referredCount: z.number().int() });
export type Referral = z.infer<typeof referralSchema>;

/** GET /api/rewards: the balance (domain rewardsBalanceSchema) plus the rider's referral code. */
export const rewardsOverviewSchema = rewardsBalanceSchema.extend({ referral: referralSchema });
export type RewardsOverview = z.infer<typeof rewardsOverviewSchema>;

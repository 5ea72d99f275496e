import { shortName, submissionPoints, type CreateSubmissionRequest, type Submission } from '@coride/domain/community/submissions';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthenticatedUser } from '../accounts/service';
import { awarder, type RewardsContext } from './context';
import * as repo from './repository';
import type { SubmissionFilter } from './repository';

/** Community submissions: sent by riders and drivers, reviewed by the territory's licensee (accepted rider submissions earn points). */
export function createSubmissions(ctx: RewardsContext) {
  const { db, now, log } = ctx;
  const award = awarder(now);

  async function submissionViews(filter: SubmissionFilter): Promise<Submission[]> {
    const rows = await repo.submissionsWithAuthors(db, filter);
    return rows.map(({ submission, firstName, lastName, role, territoryName }) => ({
      id: submission.id,
      kind: submission.kind,
      text: submission.text,
      status: submission.status,
      author: shortName(firstName, lastName),
      authorRole: role === 'driver' ? 'driver' : 'customer',
      territoryId: submission.territoryId,
      territoryName: territoryName ?? null,
      points: role === 'customer' ? submissionPoints(submission.kind) : 0,
      createdAt: submission.createdAt.toISOString(),
      reviewedAt: submission.reviewedAt?.toISOString() ?? null,
    }));
  }

  /** The territory a submission is for: a driver's own, a rider's latest ride's. */
  async function territoryOfAuthor(user: AuthenticatedUser): Promise<string | null> {
    if (user.role === 'driver') return repo.readDriverTerritory(db, user.id);
    return repo.readLatestRideTerritory(db, user.id);
  }

  return {
    async submit(user: AuthenticatedUser, request: CreateSubmissionRequest): Promise<Submission> {
      if (user.role !== 'customer' && user.role !== 'driver') throw new AppError('FORBIDDEN', 'Only riders and drivers send community submissions');
      const territoryId = await territoryOfAuthor(user);
      const created = await repo.insertSubmission(db, { userId: user.id, territoryId, kind: request.kind, text: request.text.trim(), createdAt: now() });
      return (await submissionViews({ id: created.id }))[0]!;
    },

    async ownSubmissions(user: AuthenticatedUser): Promise<Submission[]> {
      return submissionViews({ userId: user.id });
    },

    /** A licensee sees the submissions of their own territories; the admin sees all. */
    async submissionsToReview(user: AuthenticatedUser, territoryIds: string[] | 'all'): Promise<Submission[]> {
      if (territoryIds === 'all') return submissionViews({ all: true });
      return territoryIds.length ? submissionViews({ territoryIds }) : [];
    },

    /**
     * Accepts or rejects a pending submission once (the update only lands on a pending row). An
     * accepted rider submission earns its points in the same transaction (keyed by the submission).
     */
    async review(user: AuthenticatedUser, id: string, decision: 'accepted' | 'rejected', territoryIds: string[] | 'all'): Promise<Submission> {
      const row = await repo.findSubmission(db, id);
      if (!row || (territoryIds !== 'all' && (!row.territoryId || !territoryIds.includes(row.territoryId)))) throw notFound('Submission');
      const at = now();
      await db.transaction(async (tx) => {
        const reviewed = await repo.reviewPendingSubmission(tx, id, { status: decision, reviewedBy: user.id, reviewedAt: at });
        if (!reviewed) throw new AppError('CONFLICT', 'This submission was already reviewed');
        if (decision !== 'accepted') return;
        if ((await repo.readUserRole(tx, reviewed.userId)) === 'customer')
          await award(tx, { userId: reviewed.userId, action: reviewed.kind, points: submissionPoints(reviewed.kind), key: `submission:${reviewed.id}`, at });
      });
      log.info({ submissionId: id, decision }, 'community submission reviewed');
      return (await submissionViews({ id }))[0]!;
    },
  };
}

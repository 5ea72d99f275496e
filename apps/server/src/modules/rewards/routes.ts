import { idParamsSchema, redeemRequestSchema, redeemResponseSchema } from '@coride/domain';
import {
  championsBoardSchema,
  createSubmissionRequestSchema,
  reviewSubmissionRequestSchema,
  rewardsOverviewSchema,
  submissionListSchema,
  submissionSchema,
} from '@coride/domain/community/submissions';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { currentUser, requireRole } from '../../plugins/auth';
import type { TerritoriesService } from '../territories/service';
import type { RewardsService } from './service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM');

/** The rewards API. Its background work (champions, credit given back) is the rewards sweep in src/jobs.ts. */
export function rewardsRoutes(rewards: RewardsService, territories: TerritoriesService) {
  /** Which territories' submissions the caller reviews (licensees and admins only): the territory-scope policy. */
  const reviewScope = (user: { id: string; role: string }) => territories.access.scopeOf(user);

  return async (app: AppInstance) => {
    app.get('/api/rewards', { onRequest: requireRole('customer'), schema: { response: { 200: rewardsOverviewSchema, ...errors } } }, async (request) =>
      rewards.overview(currentUser(request)),
    );

    app.post(
      '/api/rewards/redeem',
      { onRequest: requireRole('customer'), schema: { body: redeemRequestSchema, response: { 200: redeemResponseSchema, ...errors } } },
      async (request) => rewards.redeem(currentUser(request), request.body.optionId),
    );

    app.get(
      '/api/rewards/champions',
      { onRequest: requireRole(), schema: { querystring: z.object({ month: monthSchema.optional() }), response: { 200: championsBoardSchema, ...errors } } },
      async (request) => rewards.champions(currentUser(request), request.query.month),
    );

    app.post(
      '/api/admin/champions/run',
      {
        onRequest: requireRole('admin'),
        schema: {
          body: z.object({ month: monthSchema }),
          response: { 200: z.object({ month: z.string(), created: z.boolean(), champions: z.number().int() }), ...errors },
        },
      },
      async (request) => rewards.runChampions(request.body.month),
    );

    app.post(
      '/api/community/submissions',
      { onRequest: requireRole('customer', 'driver'), schema: { body: createSubmissionRequestSchema, response: { 201: submissionSchema, ...errors } } },
      async (request, reply) => reply.code(201).send(await rewards.submit(currentUser(request), request.body)),
    );

    app.get(
      '/api/community/submissions',
      { onRequest: requireRole('customer', 'driver'), schema: { response: { 200: submissionListSchema, ...errors } } },
      async (request) => ({
        submissions: await rewards.ownSubmissions(currentUser(request)),
      }),
    );

    app.get(
      '/api/licensee/submissions',
      { onRequest: requireRole('licensee', 'admin'), schema: { response: { 200: submissionListSchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        return { submissions: await rewards.submissionsToReview(user, await reviewScope(user)) };
      },
    );

    app.post(
      '/api/licensee/submissions/:id/review',
      {
        onRequest: requireRole('licensee', 'admin'),
        schema: { params: idParamsSchema, body: reviewSubmissionRequestSchema, response: { 200: submissionSchema, ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        return rewards.review(user, request.params.id, request.body.decision, await reviewScope(user));
      },
    );
  };
}

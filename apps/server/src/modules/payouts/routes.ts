import {
  createPayoutSchema,
  pageQuerySchema,
  payoutAccountInputSchema,
  payoutOverviewSchema,
  payoutSchema,
  payoutStatementSchema,
  statementParamsSchema,
} from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { errorResponses } from '../../lib/error-responses';
import { sendPage } from '../../lib/paging';
import { currentUser, requireRole } from '../../plugins/auth';
import type { PayoutsService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 503);
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(1).max(200).optional() });
/** Drivers and licensees are paid out; every other role is 403. */
const payees = requireRole('driver', 'licensee');

/** Payout account, payouts and weekly statements of the caller (contract §8, ADR 024). */
export function payoutsRoutes(payouts: PayoutsService) {
  return async (app: AppInstance) => {
    app.get('/api/payouts/account', { onRequest: payees, schema: { response: { 200: payoutOverviewSchema, ...errors } } }, async (request) =>
      payouts.overview(currentUser(request)),
    );

    app.put(
      '/api/payouts/account',
      { onRequest: payees, schema: { body: payoutAccountInputSchema, response: { 200: payoutOverviewSchema, ...errors } } },
      async (request) => payouts.saveAccount(currentUser(request), request.body),
    );

    app.post(
      '/api/payouts',
      { onRequest: payees, schema: { body: createPayoutSchema, headers: idempotencyHeaders, response: { 200: payoutSchema, 201: payoutSchema, ...errors } } },
      async (request, reply) => {
        const { payout, isNew } = await payouts.requestPayout(currentUser(request), request.body ?? {}, request.headers['idempotency-key']);
        return reply.status(isNew ? 201 : 200).send(payout);
      },
    );

    // Paged (lib/paging.ts): ?limit=&before=, the next page's cursor in X-Next-Cursor.
    app.get(
      '/api/payouts',
      { onRequest: payees, schema: { querystring: pageQuerySchema, response: { 200: z.array(payoutSchema), ...errors } } },
      async (request, reply) => sendPage(reply, await payouts.list(currentUser(request), request.query)),
    );

    app.get(
      '/api/payouts/statements/:week',
      { onRequest: payees, schema: { params: statementParamsSchema, response: { 200: payoutStatementSchema, ...errors } } },
      async (request) => payouts.statement(currentUser(request), request.params.week),
    );
  };
}

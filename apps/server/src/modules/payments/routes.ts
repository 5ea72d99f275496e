import {
  addPaymentMethodSchema,
  apiErrorSchema,
  disputeSchema,
  driverEarningsSchema,
  idParamsSchema,
  openDisputeSchema,
  pageQuerySchema,
  paymentHistoryItemSchema,
  paymentMethodSchema,
  receiptSchema,
  resolveDisputeSchema,
  updatePaymentMethodSchema,
} from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { currentUser, requireRole } from '../../plugins/auth';
import type { PaymentsService } from './service';
import type { PaymentViews } from '../reporting/payment-views';
import { errorResponses } from '../../lib/error-responses';
import { sendPage } from '../../lib/paging';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 503);

/** Payment methods, receipts, payment history, driver earnings and disputes (contract section 2). */
export function paymentsRoutes(payments: PaymentsService, views: PaymentViews) {
  return async (app: AppInstance) => {
    app.get(
      '/api/payment-methods',
      { onRequest: requireRole('customer'), schema: { response: { 200: z.array(paymentMethodSchema), ...errors } } },
      async (request) => payments.listMethods(currentUser(request)),
    );

    app.post(
      '/api/payment-methods',
      // Limited per user (CARD_RATE_LIMIT_PER_HOUR), declined cards included: trying stolen cards is made of declines.
      {
        onRequest: requireRole('customer'),
        preHandler: app.rateLimits.addCard,
        schema: { body: addPaymentMethodSchema, response: { 201: paymentMethodSchema, ...errors, 429: apiErrorSchema } },
      },
      async (request, reply) => reply.status(201).send(await payments.addMethod(currentUser(request), request.body)),
    );

    app.patch(
      '/api/payment-methods/:id',
      {
        onRequest: requireRole('customer'),
        schema: { params: idParamsSchema, body: updatePaymentMethodSchema, response: { 200: paymentMethodSchema, ...errors } },
      },
      async (request) => payments.updateMethod(currentUser(request), request.params.id, request.body),
    );

    app.delete(
      '/api/payment-methods/:id',
      { onRequest: requireRole('customer'), schema: { params: idParamsSchema, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
      async (request) => {
        await payments.removeMethod(currentUser(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/payments',
      { onRequest: requireRole('customer'), schema: { response: { 200: z.array(paymentHistoryItemSchema), ...errors } } },
      async (request) => views.history(currentUser(request)),
    );

    app.get(
      '/api/rides/:id/receipt',
      { onRequest: requireRole('customer', 'driver', 'admin'), schema: { params: idParamsSchema, response: { 200: receiptSchema, ...errors } } },
      async (request) => views.receipt(currentUser(request), request.params.id),
    );

    app.post(
      '/api/rides/:id/disputes',
      { onRequest: requireRole('customer'), schema: { params: idParamsSchema, body: openDisputeSchema, response: { 201: disputeSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await payments.openDispute(currentUser(request), request.params.id, request.body)),
    );

    app.get(
      '/api/disputes',
      {
        onRequest: requireRole('customer', 'licensee', 'admin'),
        schema: { querystring: pageQuerySchema, response: { 200: z.array(disputeSchema), ...errors } },
      },
      async (request, reply) => sendPage(reply, await payments.disputesFor(currentUser(request), request.query)),
    );

    app.post(
      '/api/disputes/:id/resolve',
      {
        onRequest: requireRole('licensee', 'admin'),
        schema: { params: idParamsSchema, body: resolveDisputeSchema, response: { 200: disputeSchema, ...errors } },
      },
      async (request) => payments.resolveDispute(currentUser(request), request.params.id, request.body),
    );

    app.get('/api/drivers/earnings', { onRequest: requireRole('driver'), schema: { response: { 200: driverEarningsSchema, ...errors } } }, async (request) =>
      views.driverEarnings(currentUser(request)),
    );

    app.post(
      '/api/admin/settlement/run',
      {
        onRequest: requireRole('admin'),
        schema: {
          response: {
            200: z.object({ released: z.number().int(), captured: z.number().int(), voided: z.number().int(), refunded: z.number().int() }),
            ...errors,
          },
        },
      },
      async () => payments.settle(),
    );
  };
}

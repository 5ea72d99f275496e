import { idParamsSchema, resolveSafetyAlertSchema, safetyAlertListQuerySchema, safetyAlertSchema, sosRequestSchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { errorResponses } from '../../lib/error-responses';
import { sendPage } from '../../lib/paging';
import { currentUser, requireRole } from '../../plugins/auth';
import type { SafetyService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** SOS on a ride (its rider or driver) and the staff's safety alerts (contract §9, ADR 032). */
export function safetyRoutes(service: SafetyService) {
  return async (app: AppInstance) => {
    app.post(
      '/api/rides/:id/sos',
      {
        onRequest: requireRole('customer', 'driver'),
        schema: { params: idParamsSchema, body: sosRequestSchema, response: { 200: safetyAlertSchema, 201: safetyAlertSchema, ...errors } },
      },
      async (request, reply) => {
        // A repeat within the minute answers the alert already raised (200), a new one 201.
        const { alert, created } = await service.raise(currentUser(request), request.params.id, request.body);
        return reply.status(created ? 201 : 200).send(alert);
      },
    );

    app.get(
      '/api/safety/alerts',
      {
        onRequest: requireRole('licensee', 'admin'),
        schema: { querystring: safetyAlertListQuerySchema, response: { 200: z.array(safetyAlertSchema), ...errors } },
      },
      async (request, reply) => sendPage(reply, await service.list(currentUser(request), request.query)),
    );

    app.post(
      '/api/safety/alerts/:id/acknowledge',
      { onRequest: requireRole('licensee', 'admin'), schema: { params: idParamsSchema, response: { 200: safetyAlertSchema, ...errors } } },
      async (request) => service.acknowledge(currentUser(request), request.params.id),
    );

    app.post(
      '/api/safety/alerts/:id/resolve',
      {
        onRequest: requireRole('licensee', 'admin'),
        schema: { params: idParamsSchema, body: resolveSafetyAlertSchema, response: { 200: safetyAlertSchema, ...errors } },
      },
      async (request) => service.resolve(currentUser(request), request.params.id, request.body.note),
    );
  };
}

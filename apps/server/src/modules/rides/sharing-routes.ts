import { idParamsSchema, sharedTripSchema, tripShareLinkSchema, tripShareTokenParamsSchema, apiErrorSchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { errorResponses } from '../../lib/error-responses';
import { currentUser, requireRole } from '../../plugins/auth';
import type { TripSharing } from './sharing';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Trip sharing (ADR 028): the rider's link, and the public, rate-limited view of it. */
export function tripSharingRoutes(sharing: TripSharing) {
  return async (app: AppInstance) => {
    app.post(
      '/api/rides/:id/share',
      { onRequest: requireRole('customer'), schema: { params: idParamsSchema, response: { 201: tripShareLinkSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await sharing.share(currentUser(request), request.params.id)),
    );

    app.delete(
      '/api/rides/:id/share',
      { onRequest: requireRole('customer'), schema: { params: idParamsSchema, response: { 200: z.object({ revoked: z.number().int() }), ...errors } } },
      async (request) => sharing.revoke(currentUser(request), request.params.id),
    );

    // Public: no sign-in; the token is the permission. Limited per address like the other public routes.
    app.get(
      '/api/shared-trips/:token',
      {
        preHandler: app.rateLimits.sharedTrip,
        schema: {
          params: tripShareTokenParamsSchema,
          response: { 200: sharedTripSchema, ...errorResponses(400, 404), 410: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request) => sharing.view(request.params.token),
    );
  };
}

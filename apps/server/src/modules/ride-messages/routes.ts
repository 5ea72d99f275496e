import {
  idParamsSchema,
  lowRatedPersonSchema,
  rateRiderRequestSchema,
  rideCallSchema,
  rideMessageRequestSchema,
  rideMessageSchema,
  riderRatingSchema,
} from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { errorResponses } from '../../lib/error-responses';
import { currentUser, requireRole } from '../../plugins/auth';
import type { RideMessagesService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const callErrors = errorResponses(400, 401, 403, 404, 409, 503);

/** The ride's thread and the driver's rating of the rider (contract §9); people not on the ride get 404 (403 for other roles). */
export function rideMessagesRoutes(service: RideMessagesService) {
  return async (app: AppInstance) => {
    app.get(
      '/api/rides/:id/messages',
      { onRequest: requireRole('customer', 'driver'), schema: { params: idParamsSchema, response: { 200: z.array(rideMessageSchema), ...errors } } },
      async (request) => service.list(currentUser(request), request.params.id),
    );

    app.post(
      '/api/rides/:id/messages',
      {
        onRequest: requireRole('customer', 'driver'),
        schema: { params: idParamsSchema, body: rideMessageRequestSchema, response: { 201: rideMessageSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await service.send(currentUser(request), request.params.id, request.body.text)),
    );

    // The masked number that rings the other side (ADR 035); 409 CALLS_NOT_CONFIGURED without a masking service.
    app.post(
      '/api/rides/:id/call',
      { onRequest: requireRole('customer', 'driver'), schema: { params: idParamsSchema, response: { 200: rideCallSchema, ...callErrors } } },
      async (request) => service.call(currentUser(request), request.params.id),
    );

    app.post(
      '/api/rides/:id/rate-rider',
      { onRequest: requireRole('driver'), schema: { params: idParamsSchema, body: rateRiderRequestSchema, response: { 201: riderRatingSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await service.rateRider(currentUser(request), request.params.id, request.body)),
    );

    app.get(
      '/api/rides/:id/rate-rider',
      {
        onRequest: requireRole('driver'),
        schema: { params: idParamsSchema, response: { 200: z.object({ rating: riderRatingSchema.nullable() }), ...errors } },
      },
      async (request) => ({ rating: await service.riderRatingOfRide(currentUser(request), request.params.id) }),
    );

    app.get(
      '/api/licensee/low-rated',
      { onRequest: requireRole('licensee', 'admin'), schema: { response: { 200: z.array(lowRatedPersonSchema), ...errors } } },
      async (request) => service.lowRated(currentUser(request)),
    );
  };
}

import {
  activeRideResponseSchema,
  apiErrorSchema,
  bookRideRequestSchema,
  cancelRideRequestSchema,
  idParamsSchema,
  quoteRequestSchema,
  quoteResponseSchema,
  rateRideRequestSchema,
  rideListQuerySchema,
  rideSchema,
  riderStatsSchema,
  startRideRequestSchema,
  reverseGeocodeQuerySchema,
  availabilitySchema,
  tipRideRequestSchema,
} from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { currentUser, requireRole, requireVerifiedEmail } from '../../plugins/auth';
import type { Dispatcher } from '../dispatch/dispatcher';
import type { RidesService } from './service';
import { errorResponses } from '../../lib/error-responses';
import { sendPage } from '../../lib/paging';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(1).max(200).optional() });

export function ridesRoutes(rides: RidesService, dispatcher: Dispatcher) {
  return async (app: AppInstance) => {
    app.post(
      '/api/rides/quote',
      { onRequest: requireRole('customer'), schema: { body: quoteRequestSchema, response: { 200: quoteResponseSchema, ...errors } } },
      async (request) => rides.quote(currentUser(request), request.body),
    );

    app.post(
      '/api/rides',
      {
        onRequest: requireRole('customer'),
        // Every attempt counts (BOOKING_RATE_LIMIT_PER_HOUR per user): each may place a card hold.
        preHandler: [requireVerifiedEmail, app.rateLimits.booking],
        schema: { body: bookRideRequestSchema, headers: idempotencyHeaders, response: { 200: rideSchema, 201: rideSchema, ...errors, 429: apiErrorSchema } },
      },
      async (request, reply) => {
        const { ride, isNew } = await rides.book(currentUser(request), request.body, request.headers['idempotency-key']);
        return reply.status(isNew ? 201 : 200).send(ride);
      },
    );

    // Paged (lib/paging.ts): ?limit=&before=, the next page's cursor in X-Next-Cursor; admins search with ?q=.
    app.get(
      '/api/rides',
      { onRequest: requireRole(), schema: { querystring: rideListQuerySchema, response: { 200: z.array(rideSchema), ...errors } } },
      async (request, reply) => sendPage(reply, await rides.list(currentUser(request), request.query)),
    );

    app.get(
      '/api/rides/active',
      { onRequest: requireRole('customer', 'driver'), schema: { response: { 200: activeRideResponseSchema, ...errors } } },
      async (request) => rides.current(currentUser(request)),
    );

    app.get('/api/rides/:id', { onRequest: requireRole(), schema: { params: idParamsSchema, response: { 200: rideSchema, ...errors } } }, async (request) =>
      rides.get(currentUser(request), request.params.id),
    );

    app.post(
      '/api/rides/:id/accept',
      { onRequest: requireRole('driver'), schema: { params: idParamsSchema, response: { 200: rideSchema, ...errors } } },
      async (request) => dispatcher.accept(currentUser(request).id, request.params.id),
    );

    app.post(
      '/api/rides/:id/decline',
      { onRequest: requireRole('driver'), schema: { params: idParamsSchema, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
      async (request) => {
        await dispatcher.decline(currentUser(request).id, request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/rides/:id/arrive',
      { onRequest: requireRole('driver'), schema: { params: idParamsSchema, response: { 200: rideSchema, ...errors } } },
      async (request) => rides.arrive(currentUser(request), request.params.id),
    );

    app.post(
      '/api/rides/:id/start',
      // The body's PIN is the rider's (ADR 028); optional in the schema so RIDE_PIN=false deployments start without one.
      {
        onRequest: requireRole('driver'),
        schema: { params: idParamsSchema, body: startRideRequestSchema.partial().optional(), response: { 200: rideSchema, ...errors } },
      },
      async (request) => rides.start(currentUser(request), request.params.id, request.body?.pin),
    );

    app.post(
      '/api/rides/:id/complete',
      { onRequest: requireRole('driver'), schema: { params: idParamsSchema, response: { 200: rideSchema, ...errors } } },
      async (request) => rides.complete(currentUser(request), request.params.id),
    );

    app.post(
      '/api/rides/:id/cancel',
      {
        // Admins and the territory's licensee cancel any active ride (a stuck one), with a reason.
        onRequest: requireRole('customer', 'driver', 'admin', 'licensee'),
        schema: { params: idParamsSchema, body: cancelRideRequestSchema.optional(), response: { 200: rideSchema, ...errors } },
      },
      async (request) => rides.cancel(currentUser(request), request.params.id, request.body?.reason),
    );

    app.post(
      '/api/rides/:id/rate',
      { onRequest: requireRole('customer'), schema: { params: idParamsSchema, body: rateRideRequestSchema, response: { 200: rideSchema, ...errors } } },
      async (request) => rides.rate(currentUser(request), request.params.id, request.body.rating, request.body.comment, request.body.safetyRating),
    );

    app.post(
      '/api/rides/:id/tip',
      { onRequest: requireRole('customer'), schema: { params: idParamsSchema, body: tipRideRequestSchema, response: { 200: rideSchema, ...errors } } },
      async (request) => rides.tip(currentUser(request), request.params.id, request.body.amount),
    );

    // Live updates card of the booking page: is this place served, and how many drivers are online there.
    app.get(
      '/api/rides/availability',
      {
        onRequest: requireRole('customer'),
        schema: { querystring: reverseGeocodeQuerySchema, response: { 200: availabilitySchema, ...errors } },
      },
      async (request) => rides.availability(request.query),
    );

    app.get('/api/users/stats', { onRequest: requireRole('customer'), schema: { response: { 200: riderStatsSchema, ...errors } } }, async (request) =>
      rides.riderStats(currentUser(request)),
    );
  };
}

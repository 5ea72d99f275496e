import { driverMeSchema, driverOfferSchema, driverPerformanceSchema, driverStatusRequestSchema, pageQuerySchema, rideSchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { assertVerifiedEmail, currentUser, requireRole } from '../../plugins/auth';
import type { RidesService } from '../rides/service';
import type { PerformanceReader } from '../reporting/driver-performance';
import type { DriversService } from './service';
import { errorResponses } from '../../lib/error-responses';
import { sendPage } from '../../lib/paging';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

export function driversRoutes(drivers: DriversService, rides: RidesService, performance: PerformanceReader) {
  return async (app: AppInstance) => {
    app.get('/api/drivers/me', { onRequest: requireRole('driver'), schema: { response: { 200: driverMeSchema, ...errors } } }, async (request) =>
      drivers.me(currentUser(request)),
    );

    app.patch(
      '/api/drivers/status',
      {
        onRequest: requireRole('driver'),
        schema: { body: driverStatusRequestSchema, response: { 200: z.object({ status: z.enum(['online', 'offline']) }), ...errors } },
      },
      async (request) => {
        if (request.body.status === 'online') assertVerifiedEmail(request);
        return drivers.setStatus(currentUser(request), request.body.status, request.body.location);
      },
    );

    app.get(
      '/api/drivers/rides',
      { onRequest: requireRole('driver'), schema: { querystring: pageQuerySchema, response: { 200: z.array(rideSchema), ...errors } } },
      async (request, reply) => sendPage(reply, await rides.list(currentUser(request), request.query)),
    );

    app.get(
      '/api/drivers/performance',
      { onRequest: requireRole('driver'), schema: { response: { 200: driverPerformanceSchema, ...errors } } },
      async (request) => performance.of(currentUser(request).id),
    );

    // After a reconnect the driver app re-reads its open offers here, so nothing is missed.
    app.get(
      '/api/drivers/offers',
      { onRequest: requireRole('driver'), schema: { response: { 200: z.array(driverOfferSchema), ...errors } } },
      async (request) => {
        const offers = await drivers.pendingOffers(currentUser(request));
        return Promise.all(
          offers.map(async (offer) => {
            const ride = await rides.loadRide(offer.rideId);
            return { ride, estimatedEarning: ride.subtotal, expiresAt: offer.expiresAt.toISOString() };
          }),
        );
      },
    );
  };
}

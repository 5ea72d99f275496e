import { driverReinstateRequestSchema, driverSuspendRequestSchema, driverSuspensionStateSchema, idParamsSchema } from '@coride/domain';
import type { AppInstance } from '../../lib/app-instance';
import { errorResponses } from '../../lib/error-responses';
import { currentUser, requireRole } from '../../plugins/auth';
import type { DriverSuspensions } from './suspension';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Suspend and reinstate a driver (contract §9, ADR 031). Admins use the same routes as licensees:
 * the territory scope decides whose drivers each may touch (a licensee's own territories, an admin all).
 */
export function driverSuspensionRoutes(suspensions: DriverSuspensions) {
  return async (app: AppInstance) => {
    app.post(
      '/api/licensee/drivers/:id/suspend',
      {
        onRequest: requireRole('licensee', 'admin'),
        schema: { params: idParamsSchema, body: driverSuspendRequestSchema, response: { 200: driverSuspensionStateSchema, ...errors } },
      },
      async (request) => suspensions.suspend(currentUser(request), request.params.id, request.body.reason),
    );

    app.post(
      '/api/licensee/drivers/:id/reinstate',
      {
        onRequest: requireRole('licensee', 'admin'),
        schema: { params: idParamsSchema, body: driverReinstateRequestSchema, response: { 200: driverSuspensionStateSchema, ...errors } },
      },
      async (request) => suspensions.reinstate(currentUser(request), request.params.id, request.body?.reason),
    );
  };
}

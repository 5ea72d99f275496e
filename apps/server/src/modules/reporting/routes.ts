import {
  driverEarningsDailyQuerySchema,
  driverEarningsDailySchema,
  licenseeAnalyticsQuerySchema,
  licenseeAnalyticsSchema,
  platformAnalyticsSchema,
} from '@coride/domain';
import type { AppInstance } from '../../lib/app-instance';
import { currentUser, requireRole } from '../../plugins/auth';
import type { AnalyticsService } from './analytics';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404);

/** Reporting's analytics: the driver's daily earnings, a territory's analytics, platform statistics. */
export function analyticsRoutes(analytics: AnalyticsService) {
  return async (app: AppInstance) => {
    app.get(
      '/api/drivers/earnings/daily',
      { onRequest: requireRole('driver'), schema: { querystring: driverEarningsDailyQuerySchema, response: { 200: driverEarningsDailySchema, ...errors } } },
      async (request) => ({ days: await analytics.driverDaily(currentUser(request).id, request.query.days) }),
    );

    app.get(
      '/api/licensee/analytics',
      {
        onRequest: requireRole('licensee', 'admin'),
        schema: { querystring: licenseeAnalyticsQuerySchema, response: { 200: licenseeAnalyticsSchema, ...errors } },
      },
      async (request) => analytics.territory(currentUser(request), request.query.territoryId),
    );

    app.get('/api/admin/analytics', { onRequest: requireRole('admin'), schema: { response: { 200: platformAnalyticsSchema, ...errors } } }, async () =>
      analytics.platform(),
    );
  };
}

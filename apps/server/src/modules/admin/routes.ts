import { adminDashboardSchema, platformStatsSchema } from '@coride/domain';
import type { AppInstance } from '../../lib/app-instance';
import { requireRole } from '../../plugins/auth';
import type { DashboardReports } from '../reporting/dashboards';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403);

/** The admin's dashboard figures and platform statistics, from the reporting read model. */
export function adminRoutes(reports: DashboardReports) {
  return async (app: AppInstance) => {
    app.get('/api/admin/dashboard', { onRequest: requireRole('admin'), schema: { response: { 200: adminDashboardSchema, ...errors } } }, async () =>
      reports.adminDashboard(),
    );

    app.get('/api/admin/platform-stats', { onRequest: requireRole('admin'), schema: { response: { 200: platformStatsSchema, ...errors } } }, async () =>
      reports.platformStats(),
    );
  };
}

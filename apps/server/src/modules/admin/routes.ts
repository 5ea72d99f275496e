import { adminDashboardSchema, adminUserListQuerySchema, adminUserSchema, platformStatsSchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { requireRole } from '../../plugins/auth';
import type { DashboardReports } from '../reporting/dashboards';
import type { UserDirectory } from '../reporting/user-directory';
import { errorResponses } from '../../lib/error-responses';
import { sendPage } from '../../lib/paging';

const errors = errorResponses(401, 403);

/** The admin's dashboard figures, platform statistics and users list, from the reporting read model. */
export function adminRoutes(reports: DashboardReports, userDirectory: UserDirectory) {
  return async (app: AppInstance) => {
    app.get('/api/admin/dashboard', { onRequest: requireRole('admin'), schema: { response: { 200: adminDashboardSchema, ...errors } } }, async () =>
      reports.adminDashboard(),
    );

    app.get('/api/admin/platform-stats', { onRequest: requireRole('admin'), schema: { response: { 200: platformStatsSchema, ...errors } } }, async () =>
      reports.platformStats(),
    );

    // Paged (lib/paging.ts), newest sign-up first; ?q= searches email, name and phone, ?role= filters.
    app.get(
      '/api/admin/users',
      {
        onRequest: requireRole('admin'),
        schema: { querystring: adminUserListQuerySchema, response: { 200: z.array(adminUserSchema), ...errorResponses(400, 401, 403) } },
      },
      async (request, reply) => sendPage(reply, await userDirectory.list(request.query)),
    );
  };
}

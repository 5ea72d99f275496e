import { idParamsSchema, licenseeDriverSchema, licenseeMetricsSchema, territorySummarySchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { currentUser, requireRole } from '../../plugins/auth';
import type { ApplicationsService } from '../applications/service';
import type { DriversService } from '../drivers/service';
import type { DashboardReports } from '../reporting/dashboards';
import type { TerritoriesService } from './service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 409);
function monthStartOf(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

export function territoriesRoutes(deps: {
  territories: TerritoriesService;
  drivers: DriversService;
  applications: ApplicationsService;
  reports: DashboardReports;
  now: () => Date;
}) {
  const { territories, drivers, applications, reports, now } = deps;
  return async (app: AppInstance) => {
    app.get(
      '/api/licensee/territories',
      { onRequest: requireRole('licensee'), schema: { response: { 200: z.array(territorySummarySchema), ...errors } } },
      async (request) => reports.licenseeTerritories(currentUser(request).id),
    );

    app.get(
      '/api/licensee/drivers',
      { onRequest: requireRole('licensee'), schema: { response: { 200: z.array(licenseeDriverSchema), ...errors } } },
      async (request) => drivers.driversOfTerritories(await territories.access.licenseeTerritoryIds(currentUser(request).id), monthStartOf(now())),
    );

    app.get('/api/licensee/metrics', { onRequest: requireRole('licensee'), schema: { response: { 200: licenseeMetricsSchema, ...errors } } }, async (request) =>
      reports.licenseeMetrics(currentUser(request).id),
    );

    app.post(
      '/api/licensee/drivers/:id/approve',
      { onRequest: requireRole('licensee'), schema: { params: idParamsSchema, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
      async (request) => {
        await applications.approveDriverByLicensee(currentUser(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}

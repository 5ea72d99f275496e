import {
  adminTerritoryListQuerySchema,
  adminTerritorySchema,
  idParamsSchema,
  licenseeBusinessProfileSchema,
  licenseeDriverSchema,
  licenseeMetricsSchema,
  territoryStatusRequestSchema,
  territorySummarySchema,
  territoryZipCodesRequestSchema,
} from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { currentUser, requireRole } from '../../plugins/auth';
import type { ApplicationsService } from '../applications/service';
import type { DriversService } from '../drivers/service';
import type { DashboardReports } from '../reporting/dashboards';
import type { TerritoriesService } from './service';
import { errorResponses } from '../../lib/error-responses';
import { sendPage } from '../../lib/paging';

const errors = errorResponses(401, 403, 404, 409);
const changeErrors = errorResponses(400, 401, 403, 404, 409, 422);

const territoryEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['zip_codes_changed', 'suspended', 'reinstated']),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
  actor: z.object({ name: z.string(), email: z.string() }).nullable(),
});
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

    // The admin's Territory tab (ADR 027): paged like every list that grows, newest first.
    app.get(
      '/api/admin/territories',
      {
        onRequest: requireRole('admin'),
        schema: { querystring: adminTerritoryListQuerySchema, response: { 200: z.array(adminTerritorySchema), ...errorResponses(400, 401, 403) } },
      },
      async (request, reply) => sendPage(reply, await territories.listForAdmin(request.query)),
    );

    app.put(
      '/api/admin/territories/:id/zip-codes',
      {
        onRequest: requireRole('admin'),
        schema: { params: idParamsSchema, body: territoryZipCodesRequestSchema, response: { 200: adminTerritorySchema, ...changeErrors } },
      },
      async (request) => territories.changeZipCodes(currentUser(request), request.params.id, request.body.zipCodes),
    );

    app.post(
      '/api/admin/territories/:id/suspend',
      {
        onRequest: requireRole('admin'),
        schema: { params: idParamsSchema, body: territoryStatusRequestSchema, response: { 200: adminTerritorySchema, ...changeErrors } },
      },
      async (request) => territories.suspend(currentUser(request), request.params.id, request.body.reason),
    );

    app.post(
      '/api/admin/territories/:id/reinstate',
      {
        onRequest: requireRole('admin'),
        schema: { params: idParamsSchema, body: territoryStatusRequestSchema, response: { 200: adminTerritorySchema, ...changeErrors } },
      },
      async (request) => territories.reinstate(currentUser(request), request.params.id, request.body.reason),
    );

    app.get(
      '/api/admin/territories/:id/events',
      { onRequest: requireRole('admin'), schema: { params: idParamsSchema, response: { 200: z.array(territoryEventSchema), ...errors } } },
      async (request) => territories.events(request.params.id),
    );

    // The licensee's own business details (its Settings tab): only the licensee itself, no id in the path.
    app.get(
      '/api/licensee/business-profile',
      { onRequest: requireRole('licensee'), schema: { response: { 200: licenseeBusinessProfileSchema, ...errors } } },
      async (request) => territories.businessProfile(currentUser(request).id),
    );

    app.put(
      '/api/licensee/business-profile',
      {
        onRequest: requireRole('licensee'),
        schema: { body: licenseeBusinessProfileSchema, response: { 200: licenseeBusinessProfileSchema, ...errorResponses(400, 401, 403) } },
      },
      async (request) => territories.saveBusinessProfile(currentUser(request).id, request.body),
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

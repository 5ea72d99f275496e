import {
  apiErrorSchema,
  applicationListQuerySchema,
  driverApplicationSchema,
  idParamsSchema,
  licenseeApplicationSchema,
  reviewApplicationRequestSchema,
} from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { currentUser, requireRole } from '../../plugins/auth';
import type { ApplicationsService } from './service';
import { errorResponses } from '../../lib/error-responses';
import { mapPage, sendPage } from '../../lib/paging';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const ok = z.object({ ok: z.literal(true) });
const errors = errorResponses(400, 403, 404, 409, 422);

export function applicationsRoutes(applications: ApplicationsService) {
  return async (app: AppInstance) => {
    app.get(
      '/api/driver-applications',
      {
        onRequest: requireRole('admin', 'licensee'),
        schema: { querystring: applicationListQuerySchema, response: { 200: z.array(driverApplicationSchema), 400: apiErrorSchema, 403: apiErrorSchema } },
      },
      async (request, reply) =>
        sendPage(
          reply,
          await mapPage(await applications.listDriverApplications(currentUser(request), request.query), (rows) =>
            rows.map(({ application, user, vehicle, insuranceNumber, phone }) => ({
              id: application.id,
              status: application.status,
              submittedAt: application.submittedAt.toISOString(),
              licenseDocument: application.licenseDocument,
              driverId: application.userId,
              insuranceNumber,
              phone,
              reviewNotes: application.reviewNotes,
              reviewedAt: iso(application.reviewedAt),
              user,
              vehicle,
            })),
          ),
        ),
    );

    app.get(
      '/api/licensee-applications',
      {
        onRequest: requireRole('admin'),
        schema: { querystring: applicationListQuerySchema, response: { 200: z.array(licenseeApplicationSchema), 400: apiErrorSchema, 403: apiErrorSchema } },
      },
      async (request, reply) =>
        sendPage(
          reply,
          await mapPage(await applications.listLicenseeApplications(request.query), (rows) =>
            rows.map(({ application, user }) => ({
              id: application.id,
              status: application.status,
              submittedAt: application.submittedAt.toISOString(),
              businessName: application.businessName,
              territoryName: application.territoryName,
              proposedZipCodes: application.proposedZipCodes,
              businessPlan: application.businessPlan,
              experience: application.experience,
              reviewNotes: application.reviewNotes,
              reviewedAt: iso(application.reviewedAt),
              user,
            })),
          ),
        ),
    );

    app.post(
      '/api/driver-applications/:id/review',
      {
        onRequest: requireRole('admin', 'licensee'),
        schema: { params: idParamsSchema, body: reviewApplicationRequestSchema, response: { 200: ok, ...errors } },
      },
      async (request) => {
        await applications.reviewDriverApplication(currentUser(request), request.params.id, request.body);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/licensee-applications/:id/review',
      {
        onRequest: requireRole('admin'),
        schema: { params: idParamsSchema, body: reviewApplicationRequestSchema, response: { 200: ok, ...errors } },
      },
      async (request) => {
        await applications.reviewLicenseeApplication(currentUser(request), request.params.id, request.body);
        return { ok: true as const };
      },
    );
  };
}

import { apiErrorSchema, driverApplicationSchema, driverProfileSchema, licenseeApplicationSchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { currentUser, requireRole } from '../../plugins/auth';
import * as repo from './repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function applicationsRoutes(db: Database) {
  return async (app: AppInstance) => {
    // Licensees will see the driver applications of their own territory once territories exist
    // (the marketplace issue); until then only admins review.
    app.get(
      '/api/driver-applications',
      { onRequest: requireRole('admin'), schema: { response: { 200: z.array(driverApplicationSchema), 403: apiErrorSchema } } },
      async () =>
        (await repo.listDriverApplications(db)).map(({ application, user, vehicle }) => ({
          id: application.id,
          status: application.status,
          submittedAt: application.submittedAt.toISOString(),
          licenseDocument: application.licenseDocument,
          reviewNotes: application.reviewNotes,
          reviewedAt: iso(application.reviewedAt),
          user,
          vehicle,
        })),
    );

    app.get(
      '/api/licensee-applications',
      { onRequest: requireRole('admin'), schema: { response: { 200: z.array(licenseeApplicationSchema), 403: apiErrorSchema } } },
      async () =>
        (await repo.listLicenseeApplications(db)).map(({ application, user }) => ({
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
    );

    app.get(
      '/api/drivers/me',
      { onRequest: requireRole('driver'), schema: { response: { 200: driverProfileSchema, 404: apiErrorSchema } } },
      async (request) => {
        const found = await repo.findDriverProfile(db, currentUser(request).id);
        if (!found) throw notFound('Driver profile');
        const { profile, application } = found;
        return {
          vehicleMake: profile.vehicleMake,
          vehicleModel: profile.vehicleModel,
          vehicleYear: profile.vehicleYear,
          vehicleColor: profile.vehicleColor,
          vehiclePlate: profile.vehiclePlate,
          seatCount: profile.seatCount,
          vehicleSize: profile.vehicleSize,
          vehicleAge: profile.vehicleAge,
          driveArea: profile.driveArea,
          isApproved: profile.isApproved,
          applicationStatus: application?.status ?? 'pending',
          rating: null,
          totalRides: 0,
        };
      },
    );
  };
}

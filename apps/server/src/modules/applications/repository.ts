import { desc, eq } from 'drizzle-orm';
import type { DriverRegistration, LicenseeRegistration } from '@coride/domain';
import { parseZipCodes } from '@coride/domain';
import type { Executor } from '../../db/client';
import { driverApplications, driverProfiles, licenseeApplications, users } from '../../db/schema';

/** A new driver's vehicle profile and pending application, in the caller's transaction. */
export async function createDriverApplication(tx: Executor, userId: string, form: DriverRegistration): Promise<void> {
  await tx.insert(driverProfiles).values({
    userId,
    licenseNumber: form.licenseNumber,
    insuranceNumber: form.insuranceNumber,
    vehicleMake: form.vehicleMake,
    vehicleModel: form.vehicleModel,
    vehicleYear: form.vehicleYear,
    vehicleAge: form.vehicleAge,
    vehicleSize: form.vehicleSize,
    seatCount: form.seatCount,
    vehicleColor: form.vehicleColor,
    vehiclePlate: form.vehiclePlate,
    driveArea: form.driveArea,
  });
  await tx.insert(driverApplications).values({ userId, licenseDocument: form.licenseNumber });
}

export async function createLicenseeApplication(tx: Executor, userId: string, form: LicenseeRegistration): Promise<void> {
  await tx.insert(licenseeApplications).values({
    userId,
    businessName: form.businessName,
    businessLicense: form.businessLicense,
    territoryName: form.territoryName,
    proposedZipCodes: parseZipCodes(form.zipCodes),
    businessPlan: form.businessPlan,
    experience: form.experience ?? null,
  });
}

const applicant = { firstName: users.firstName, lastName: users.lastName, email: users.email };

export async function listDriverApplications(db: Executor) {
  return db
    .select({
      application: driverApplications,
      user: applicant,
      vehicle: {
        make: driverProfiles.vehicleMake,
        model: driverProfiles.vehicleModel,
        year: driverProfiles.vehicleYear,
        color: driverProfiles.vehicleColor,
        plate: driverProfiles.vehiclePlate,
        seatCount: driverProfiles.seatCount,
        size: driverProfiles.vehicleSize,
        age: driverProfiles.vehicleAge,
        driveArea: driverProfiles.driveArea,
      },
    })
    .from(driverApplications)
    .innerJoin(users, eq(users.id, driverApplications.userId))
    .innerJoin(driverProfiles, eq(driverProfiles.userId, driverApplications.userId))
    .orderBy(desc(driverApplications.submittedAt), desc(driverApplications.id));
}

export async function listLicenseeApplications(db: Executor) {
  return db
    .select({ application: licenseeApplications, user: applicant })
    .from(licenseeApplications)
    .innerJoin(users, eq(users.id, licenseeApplications.userId))
    .orderBy(desc(licenseeApplications.submittedAt), desc(licenseeApplications.id));
}

export async function findDriverProfile(db: Executor, userId: string) {
  const [row] = await db
    .select({ profile: driverProfiles, application: driverApplications })
    .from(driverProfiles)
    .leftJoin(driverApplications, eq(driverApplications.userId, driverProfiles.userId))
    .where(eq(driverProfiles.userId, userId))
    .orderBy(desc(driverApplications.submittedAt))
    .limit(1);
  return row;
}

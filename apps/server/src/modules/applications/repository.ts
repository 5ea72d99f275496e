import { and, arrayContains, count, desc, eq, gte, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ApplicationListQuery, ApplicationStatus, DriverRegistration, LicenseeRegistration, RideOptions } from '@coride/domain';
import { AWAITING_REVIEW, parseZipCodes, sizesThatFit } from '@coride/domain';
import type { Executor } from '../../db/client';
import { containsPattern, cursorKey, pageLimit, pageOrder, pageWhere, type Keyset } from '../../lib/paging';
import { users } from '../accounts/tables';
import { driverProfiles } from './profile-tables';
import { driverApplications, licenseeApplications } from './tables';

/** A new driver's vehicle profile and pending application, in the caller's transaction; the application's id. */
export async function createDriverApplication(
  tx: Executor,
  userId: string,
  form: DriverRegistration,
  placement: { homeZip: string; territoryId: string | null } | undefined,
): Promise<string> {
  await tx.insert(driverProfiles).values({
    userId,
    homeZip: placement?.homeZip ?? null,
    territoryId: placement?.territoryId ?? null,
    licenseNumber: form.licenseNumber,
    insuranceNumber: form.insuranceNumber,
    vehicleMake: form.vehicleMake,
    vehicleModel: form.vehicleModel,
    vehicleYear: form.vehicleYear,
    vehicleAge: form.vehicleAge,
    vehicleSize: form.vehicleSize,
    seatCount: form.seatCount,
    wheelchairAccessible: form.wheelchairAccessible ?? false,
    vehicleColor: form.vehicleColor,
    vehiclePlate: form.vehiclePlate,
    driveArea: form.driveArea,
  });
  const [application] = await tx.insert(driverApplications).values({ userId, licenseDocument: form.licenseNumber }).returning({ id: driverApplications.id });
  return application!.id;
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

/** `?status=`: one status, or `awaiting` for pending and under review alike. */
function statusFilter(column: typeof driverApplications.status | typeof licenseeApplications.status, status: ApplicationListQuery['status']): SQL | undefined {
  if (status === undefined) return undefined;
  return status === AWAITING_REVIEW ? inArray(column, ['pending', 'under_review']) : eq(column, status);
}

/** `?q=`: the applicant's email or name ("first last"), case-insensitive, anywhere in the text. */
function applicantSearch(q: string | undefined): SQL | undefined {
  if (q === undefined) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(users.email, pattern), sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`);
}

const driverApplicationKeyset: Keyset = { at: driverApplications.submittedAt, id: driverApplications.id };
const licenseeApplicationKeyset: Keyset = { at: licenseeApplications.submittedAt, id: licenseeApplications.id };

/**
 * A page of driver applications (all, or only those of drivers in the given territories), newest
 * first, optionally of one status and matching `q` (name, email, plate, driving area): read with
 * `pageLimit` rows, `pageKey` their cursor (lib/paging.ts).
 */
export async function listDriverApplications(db: Executor, territoryIds: string[] | undefined, query: ApplicationListQuery) {
  if (territoryIds && territoryIds.length === 0) return [];
  return db
    .select({
      pageKey: cursorKey(driverApplicationKeyset),
      application: driverApplications,
      user: applicant,
      insuranceNumber: driverProfiles.insuranceNumber,
      phone: users.phone,
      vehicle: {
        make: driverProfiles.vehicleMake,
        model: driverProfiles.vehicleModel,
        year: driverProfiles.vehicleYear,
        color: driverProfiles.vehicleColor,
        plate: driverProfiles.vehiclePlate,
        seatCount: driverProfiles.seatCount,
        size: driverProfiles.vehicleSize,
        age: driverProfiles.vehicleAge,
        wheelchairAccessible: driverProfiles.wheelchairAccessible,
        driveArea: driverProfiles.driveArea,
      },
    })
    .from(driverApplications)
    .innerJoin(users, eq(users.id, driverApplications.userId))
    .innerJoin(driverProfiles, eq(driverProfiles.userId, driverApplications.userId))
    .where(
      and(
        territoryIds ? inArray(driverProfiles.territoryId, territoryIds) : undefined,
        statusFilter(driverApplications.status, query.status),
        query.q === undefined
          ? undefined
          : or(
              applicantSearch(query.q),
              ilike(driverProfiles.vehiclePlate, containsPattern(query.q)),
              ilike(driverProfiles.driveArea, containsPattern(query.q)),
            ),
        pageWhere(driverApplicationKeyset, query),
      ),
    )
    .orderBy(...pageOrder(driverApplicationKeyset))
    .limit(pageLimit(query));
}

/** How many driver applications (all, or of drivers in the given territories) are in one of the statuses. */
export async function countDriverApplications(db: Executor, territoryIds: string[] | undefined, statuses: ApplicationStatus[]): Promise<number> {
  if (territoryIds && territoryIds.length === 0) return 0;
  const [row] = await db
    .select({ count: count() })
    .from(driverApplications)
    .innerJoin(driverProfiles, eq(driverProfiles.userId, driverApplications.userId))
    .where(and(territoryIds ? inArray(driverProfiles.territoryId, territoryIds) : undefined, inArray(driverApplications.status, statuses)));
  return row?.count ?? 0;
}

/**
 * A page of licensee applications, newest first, optionally of one status and matching `q` (name,
 * email, business or territory name, a proposed zip code).
 */
export async function listLicenseeApplications(db: Executor, query: ApplicationListQuery) {
  return db
    .select({ pageKey: cursorKey(licenseeApplicationKeyset), application: licenseeApplications, user: applicant })
    .from(licenseeApplications)
    .innerJoin(users, eq(users.id, licenseeApplications.userId))
    .where(
      and(
        statusFilter(licenseeApplications.status, query.status),
        query.q === undefined
          ? undefined
          : or(
              applicantSearch(query.q),
              ilike(licenseeApplications.businessName, containsPattern(query.q)),
              ilike(licenseeApplications.territoryName, containsPattern(query.q)),
              arrayContains(licenseeApplications.proposedZipCodes, [query.q]),
            ),
        pageWhere(licenseeApplicationKeyset, query),
      ),
    )
    .orderBy(...pageOrder(licenseeApplicationKeyset))
    .limit(pageLimit(query));
}

export async function findDriverApplication(db: Executor, id: string) {
  const [row] = await db
    .select({ application: driverApplications, profile: driverProfiles })
    .from(driverApplications)
    .innerJoin(driverProfiles, eq(driverProfiles.userId, driverApplications.userId))
    .where(eq(driverApplications.id, id))
    .limit(1);
  return row;
}

export async function findLicenseeApplication(db: Executor, id: string) {
  const [row] = await db.select().from(licenseeApplications).where(eq(licenseeApplications.id, id)).limit(1);
  return row;
}

type Review = { status: 'under_review' | 'approved' | 'rejected'; notes: string | null; reviewerId: string; at: Date };

/** Records a review unless the application was decided meanwhile; returns whether it did. */
export async function recordDriverReview(db: Executor, id: string, review: Review): Promise<boolean> {
  const rows = await db
    .update(driverApplications)
    .set({ status: review.status, reviewNotes: review.notes, reviewedAt: review.at, reviewedBy: review.reviewerId })
    .where(and(eq(driverApplications.id, id), inArray(driverApplications.status, ['pending', 'under_review'])))
    .returning({ id: driverApplications.id });
  return rows.length === 1;
}

export async function recordLicenseeReview(db: Executor, id: string, review: Review): Promise<boolean> {
  const rows = await db
    .update(licenseeApplications)
    .set({ status: review.status, reviewNotes: review.notes, reviewedAt: review.at, reviewedBy: review.reviewerId })
    .where(and(eq(licenseeApplications.id, id), inArray(licenseeApplications.status, ['pending', 'under_review'])))
    .returning({ id: licenseeApplications.id });
  return rows.length === 1;
}

export async function approveDriverProfile(db: Executor, driverId: string, approverId: string, at: Date): Promise<void> {
  await db.update(driverProfiles).set({ isApproved: true, approvedAt: at, approvedBy: approverId }).where(eq(driverProfiles.userId, driverId));
}

/** Drivers whose driving area lies in a new territory's zip codes join it. */
export async function assignDriversToTerritory(db: Executor, territoryId: string, zipCodes: string[]): Promise<void> {
  if (zipCodes.length === 0) return;
  await db
    .update(driverProfiles)
    .set({ territoryId })
    .where(and(isNull(driverProfiles.territoryId), inArray(driverProfiles.homeZip, zipCodes)));
}

export async function setDriverTerritory(db: Executor, driverId: string, territoryId: string): Promise<void> {
  await db.update(driverProfiles).set({ territoryId }).where(eq(driverProfiles.userId, driverId));
}

export async function latestDriverApplicationId(db: Executor, driverId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: driverApplications.id })
    .from(driverApplications)
    .where(eq(driverApplications.userId, driverId))
    .orderBy(desc(driverApplications.submittedAt))
    .limit(1);
  return row?.id;
}

/* The personal data of applications (modules/privacy, ADR 025). */

/** The person's driver and licensee applications and driver profile, as filed. */
export async function exportApplications(db: Executor, userId: string) {
  const driver = await db
    .select({
      id: driverApplications.id,
      status: driverApplications.status,
      licenseDocument: driverApplications.licenseDocument,
      submittedAt: driverApplications.submittedAt,
      reviewNotes: driverApplications.reviewNotes,
      reviewedAt: driverApplications.reviewedAt,
    })
    .from(driverApplications)
    .where(eq(driverApplications.userId, userId));
  const licensee = await db
    .select({
      id: licenseeApplications.id,
      status: licenseeApplications.status,
      businessName: licenseeApplications.businessName,
      businessLicense: licenseeApplications.businessLicense,
      territoryName: licenseeApplications.territoryName,
      proposedZipCodes: licenseeApplications.proposedZipCodes,
      businessPlan: licenseeApplications.businessPlan,
      experience: licenseeApplications.experience,
      submittedAt: licenseeApplications.submittedAt,
      reviewNotes: licenseeApplications.reviewNotes,
      reviewedAt: licenseeApplications.reviewedAt,
    })
    .from(licenseeApplications)
    .where(eq(licenseeApplications.userId, userId));
  const [profile] = await db.select().from(driverProfiles).where(eq(driverProfiles.userId, userId));
  const { approvedBy: _approvedBy, ...ownProfile } = profile ?? { approvedBy: null };
  return { driverApplications: driver, licenseeApplications: licensee, driverProfile: profile ? ownProfile : null };
}

/**
 * Deletes the applications (documents, business plans, reviewers' notes) and blanks the driver
 * profile's licence, insurance, vehicle and area: the row stays (without approval) because rides
 * and tiers of the driver's past join it.
 */
export async function eraseApplications(db: Executor, userId: string): Promise<number> {
  const driver = await db.delete(driverApplications).where(eq(driverApplications.userId, userId)).returning({ id: driverApplications.id });
  const licensee = await db.delete(licenseeApplications).where(eq(licenseeApplications.userId, userId)).returning({ id: licenseeApplications.id });
  const profile = await db
    .update(driverProfiles)
    .set({
      licenseNumber: '',
      insuranceNumber: '',
      vehicleMake: '',
      vehicleModel: '',
      vehicleColor: '',
      vehiclePlate: '',
      driveArea: '',
      isApproved: false,
    })
    .where(eq(driverProfiles.userId, userId))
    .returning({ id: driverProfiles.userId });
  return driver.length + licensee.length + profile.length;
}

/* Vehicles that fit a ride's options (ADR 033), read by dispatch and by the quote; the rule is the domain's. */

/** The SQL of `vehicleFits`: enough passenger seats (seat_count is passenger seats), a size that may take the request, access if asked. */
function fitsOptions(options: RideOptions): SQL | undefined {
  return and(
    gte(driverProfiles.seatCount, options.seats),
    inArray(driverProfiles.vehicleSize, sizesThatFit(options.vehicleSize)),
    options.wheelchairAccessible ? eq(driverProfiles.wheelchairAccessible, true) : undefined,
  );
}

/** Among `driverIds`, those whose declared vehicle fits the options. */
export async function driversWithFittingVehicle(db: Executor, driverIds: string[], options: RideOptions): Promise<Set<string>> {
  if (driverIds.length === 0) return new Set();
  const rows = await db
    .select({ id: driverProfiles.userId })
    .from(driverProfiles)
    .where(and(inArray(driverProfiles.userId, driverIds), fitsOptions(options)));
  return new Set(rows.map((r) => r.id));
}

/** Whether any approved driver of the territory has a vehicle that fits the options (online or not). */
export async function territoryHasFittingVehicle(db: Executor, territoryId: string, options: RideOptions): Promise<boolean> {
  const [row] = await db
    .select({ id: driverProfiles.userId })
    .from(driverProfiles)
    .where(and(eq(driverProfiles.territoryId, territoryId), eq(driverProfiles.isApproved, true), fitsOptions(options)))
    .limit(1);
  return Boolean(row);
}

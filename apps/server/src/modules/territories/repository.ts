import type { AdminTerritoryListQuery } from '@coride/domain';
import { and, desc, eq, exists, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern, cursorKey, pageLimit, pageOrder, pageWhere, type Keyset } from '../../lib/paging';
import { users } from '../accounts/tables';
import { driverProfiles } from '../applications/profile-tables';
import { licenseeApplications } from '../applications/tables';
import { licenseeProfiles, territories, territoryEvents, territoryZipCodes, type TerritoryEventKind } from './tables';

export type TerritoryRow = typeof territories.$inferSelect;

export async function findTerritoryByZip(db: Executor, zip: string): Promise<TerritoryRow | undefined> {
  const [row] = await db
    .select({ territory: territories })
    .from(territoryZipCodes)
    .innerJoin(territories, eq(territories.id, territoryZipCodes.territoryId))
    .where(and(eq(territoryZipCodes.zip, zip), eq(territories.isApproved, true)))
    .limit(1);
  return row?.territory;
}

/** The approved territories holding any of these zip codes, by zip code. */
export async function findTerritoriesByZips(db: Executor, zips: readonly string[]): Promise<Map<string, TerritoryRow>> {
  if (zips.length === 0) return new Map();
  const rows = await db
    .select({ zip: territoryZipCodes.zip, territory: territories })
    .from(territoryZipCodes)
    .innerJoin(territories, eq(territories.id, territoryZipCodes.territoryId))
    .where(and(inArray(territoryZipCodes.zip, [...zips]), eq(territories.isApproved, true)));
  return new Map(rows.map((row) => [row.zip, row.territory]));
}

export async function listTerritoriesOfLicensee(db: Executor, licenseeId: string) {
  const rows = await db.select().from(territories).where(eq(territories.licenseeId, licenseeId)).orderBy(territories.createdAt);
  const zips = rows.length
    ? await db
        .select()
        .from(territoryZipCodes)
        .where(
          inArray(
            territoryZipCodes.territoryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(territoryZipCodes.zip)
    : [];
  return rows.map((territory) => ({ territory, zipCodes: zips.filter((z) => z.territoryId === territory.id).map((z) => z.zip) }));
}

export async function territoryIdsOfLicensee(db: Executor, licenseeId: string): Promise<string[]> {
  const rows = await db.select({ id: territories.id }).from(territories).where(eq(territories.licenseeId, licenseeId));
  return rows.map((r) => r.id);
}

/** Zip codes among `zips` that already belong to a territory. */
export async function takenZipCodes(db: Executor, zips: string[]): Promise<string[]> {
  if (zips.length === 0) return [];
  const rows = await db.select({ zip: territoryZipCodes.zip }).from(territoryZipCodes).where(inArray(territoryZipCodes.zip, zips));
  return rows.map((r) => r.zip).sort();
}

export async function insertTerritory(
  db: Executor,
  values: { licenseeId: string; applicationId: string; name: string; zipCodes: string[] },
): Promise<TerritoryRow> {
  const [territory] = await db
    .insert(territories)
    .values({ licenseeId: values.licenseeId, applicationId: values.applicationId, name: values.name, isApproved: true })
    .returning();
  await db.insert(territoryZipCodes).values(values.zipCodes.map((zip) => ({ zip, territoryId: territory!.id })));
  return territory!;
}

export async function findTerritory(db: Executor, id: string): Promise<TerritoryRow | undefined> {
  const [row] = await db.select().from(territories).where(eq(territories.id, id)).limit(1);
  return row;
}

/** The driver's profile territory: undefined without a profile, null when the profile has no territory yet. */
export async function driverTerritoryId(db: Executor, driverId: string): Promise<string | null | undefined> {
  const [profile] = await db.select({ territoryId: driverProfiles.territoryId }).from(driverProfiles).where(eq(driverProfiles.userId, driverId));
  return profile ? profile.territoryId : undefined;
}

const territoryKeyset: Keyset = { at: territories.createdAt, id: territories.id };

/**
 * A page of every territory for the admin, newest first, with its licensee and the zip codes its
 * licence covers (its application's); `onlyId` reads one. `q` matches the territory's name, a zip code it holds (prefix),
 * the licensee's name, email or business name; `status` keeps the active or the suspended ones.
 */
export async function listTerritoriesPage(db: Executor, query: AdminTerritoryListQuery, onlyId?: string) {
  const pattern = query.q === undefined ? undefined : containsPattern(query.q);
  const zipPrefix = query.q !== undefined && /^\d{1,5}$/.test(query.q) ? `${query.q}%` : undefined;
  const search = pattern
    ? or(
        ilike(territories.name, pattern),
        ilike(users.email, pattern),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
        ilike(licenseeProfiles.businessName, pattern),
        ilike(licenseeApplications.businessName, pattern),
        zipPrefix
          ? exists(
              db
                .select({ one: sql`1` })
                .from(territoryZipCodes)
                .where(and(eq(territoryZipCodes.territoryId, territories.id), sql`${territoryZipCodes.zip} like ${zipPrefix}`)),
            )
          : undefined,
      )
    : undefined;
  const status = query.status === 'suspended' ? isNotNull(territories.suspendedAt) : query.status === 'active' ? isNull(territories.suspendedAt) : undefined;
  const rows = await db
    .select({
      pageKey: cursorKey(territoryKeyset),
      territory: territories,
      licensee: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      businessName: sql<string | null>`coalesce(${licenseeProfiles.businessName}, ${licenseeApplications.businessName})`,
      licensedZipCodes: licenseeApplications.proposedZipCodes,
    })
    .from(territories)
    .innerJoin(users, eq(users.id, territories.licenseeId))
    .leftJoin(licenseeProfiles, eq(licenseeProfiles.userId, territories.licenseeId))
    .leftJoin(licenseeApplications, eq(licenseeApplications.id, territories.applicationId))
    .where(and(onlyId ? eq(territories.id, onlyId) : undefined, search, status, pageWhere(territoryKeyset, query)))
    .orderBy(...pageOrder(territoryKeyset))
    .limit(pageLimit(query));
  const zips = await zipCodesOf(
    db,
    rows.map((r) => r.territory.id),
  );
  return rows.map((row) => ({ ...row, zipCodes: zips.get(row.territory.id) ?? [] }));
}

/** The zip codes of each territory, sorted. */
export async function zipCodesOf(db: Executor, territoryIds: string[]): Promise<Map<string, string[]>> {
  const byTerritory = new Map<string, string[]>();
  if (territoryIds.length === 0) return byTerritory;
  const rows = await db.select().from(territoryZipCodes).where(inArray(territoryZipCodes.territoryId, territoryIds)).orderBy(territoryZipCodes.zip);
  for (const row of rows) byTerritory.set(row.territoryId, [...(byTerritory.get(row.territoryId) ?? []), row.zip]);
  return byTerritory;
}

/** The territory locked for a change (zip codes, suspension), with the zip codes its licence covers. */
export async function findTerritoryForUpdate(tx: Executor, id: string) {
  const [row] = await tx
    .select({ territory: territories, licensedZipCodes: licenseeApplications.proposedZipCodes })
    .from(territories)
    .leftJoin(licenseeApplications, eq(licenseeApplications.id, territories.applicationId))
    .where(eq(territories.id, id))
    .for('update', { of: territories });
  return row;
}

/** Which of `zips` belong to a territory other than `territoryId`, with that territory's name. */
export async function zipCodesHeldElsewhere(db: Executor, territoryId: string, zips: string[]): Promise<{ zip: string; territoryName: string }[]> {
  if (zips.length === 0) return [];
  return db
    .select({ zip: territoryZipCodes.zip, territoryName: territories.name })
    .from(territoryZipCodes)
    .innerJoin(territories, eq(territories.id, territoryZipCodes.territoryId))
    .where(and(inArray(territoryZipCodes.zip, zips), sql`${territoryZipCodes.territoryId} <> ${territoryId}`));
}

/**
 * Makes the territory's list `before` minus `removed` plus `added`: the primary key refuses an added
 * zip code another territory took meanwhile (a unique violation the caller turns into ZIP_TAKEN).
 */
export async function changeZipCodes(tx: Executor, territoryId: string, change: { removed: string[]; added: string[] }): Promise<void> {
  if (change.removed.length > 0)
    await tx.delete(territoryZipCodes).where(and(eq(territoryZipCodes.territoryId, territoryId), inArray(territoryZipCodes.zip, change.removed)));
  if (change.added.length > 0) await tx.insert(territoryZipCodes).values(change.added.map((zip) => ({ zip, territoryId })));
}

/** Suspends (a reason and who) or reinstates (null) the territory. */
export async function setSuspension(tx: Executor, territoryId: string, suspension: { at: Date; by: string; reason: string } | null): Promise<void> {
  await tx
    .update(territories)
    .set(
      suspension
        ? { suspendedAt: suspension.at, suspendedBy: suspension.by, suspensionReason: suspension.reason }
        : { suspendedAt: null, suspendedBy: null, suspensionReason: null },
    )
    .where(eq(territories.id, territoryId));
}

export async function insertTerritoryEvent(
  tx: Executor,
  event: { territoryId: string; actorId: string; kind: TerritoryEventKind; reason: string | null; details: Record<string, unknown> | null; at: Date },
): Promise<void> {
  await tx.insert(territoryEvents).values(event);
}

/** The territory's audit trail, newest first. */
export async function territoryEventsOf(db: Executor, territoryId: string, limit: number) {
  return db
    .select({ event: territoryEvents, actor: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(territoryEvents)
    .leftJoin(users, eq(users.id, territoryEvents.actorId))
    .where(eq(territoryEvents.territoryId, territoryId))
    .orderBy(desc(territoryEvents.at), desc(territoryEvents.id))
    .limit(limit);
}

/** The licensee's saved business details, or undefined before its first save. */
export async function findLicenseeProfile(db: Executor, userId: string) {
  const [row] = await db.select().from(licenseeProfiles).where(eq(licenseeProfiles.userId, userId)).limit(1);
  return row;
}

/** What the Settings show before a first save: the newest application's business name, the account's email and phone. */
export async function licenseeProfileDefaults(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, phone: users.phone, businessName: licenseeApplications.businessName })
    .from(users)
    .leftJoin(licenseeApplications, eq(licenseeApplications.userId, users.id))
    .where(eq(users.id, userId))
    .orderBy(desc(licenseeApplications.submittedAt))
    .limit(1);
  return row;
}

export async function upsertLicenseeProfile(
  db: Executor,
  values: { userId: string; businessName: string; contactEmail: string; phone: string; updatedAt: Date },
): Promise<void> {
  const { userId: _userId, ...changes } = values;
  await db.insert(licenseeProfiles).values(values).onConflictDoUpdate({ target: licenseeProfiles.userId, set: changes });
}

/** A licensee's part of its data export (ADR 025): the territories it runs and its saved business details. */
export async function exportLicenseeData(db: Executor, userId: string) {
  const profile = await findLicenseeProfile(db, userId);
  return {
    territoryIds: await territoryIdsOfLicensee(db, userId),
    businessProfile: profile
      ? { businessName: profile.businessName, contactEmail: profile.contactEmail, phone: profile.phone, updatedAt: profile.updatedAt }
      : null,
  };
}

/** Erasure (ADR 025): the business details name and reach the person; nothing else here does. */
export async function eraseLicenseeProfile(tx: Executor, userId: string): Promise<number> {
  const erased = await tx.delete(licenseeProfiles).where(eq(licenseeProfiles.userId, userId)).returning({ userId: licenseeProfiles.userId });
  return erased.length;
}

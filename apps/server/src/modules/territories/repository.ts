import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { driverProfiles } from '../applications/profile-tables';
import { territories, territoryZipCodes } from './tables';

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

import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { driverProfiles } from '../applications/profile-tables';
import { driverPresence } from '../drivers/tables';
import { rides } from '../rides/tables';
import { territories } from '../territories/tables';
import { pricingZones, rateAdjustments } from './tables';

export type PricingZoneRow = typeof pricingZones.$inferSelect;
export type RateAdjustmentRow = typeof rateAdjustments.$inferSelect;

/** Ride requests still waiting for a driver, per pickup zip code. */
export async function openRequestsByZip(db: Executor): Promise<{ zip: string; count: number }[]> {
  return db
    .select({ zip: rides.pickupZip, count: sql<number>`count(*)::int` })
    .from(rides)
    .where(eq(rides.status, 'requested'))
    .groupBy(rides.pickupZip);
}

/** Where the online, approved drivers with no accepted or started ride last reported being. */
export async function idleDriverPositions(db: Executor): Promise<{ lat: number; lng: number }[]> {
  const rows = await db
    .select({ lat: driverPresence.lat, lng: driverPresence.lng })
    .from(driverPresence)
    .innerJoin(driverProfiles, eq(driverProfiles.userId, driverPresence.driverId))
    .where(
      and(
        eq(driverPresence.status, 'online'),
        eq(driverProfiles.isApproved, true),
        sql`${driverPresence.lat} is not null and ${driverPresence.lng} is not null`,
        sql`not exists (select 1 from ${rides} where ${rides.driverId} = ${driverPresence.driverId} and ${rides.status} in ('accepted', 'in_progress'))`,
      ),
    );
  return rows.flatMap((row) => (row.lat !== null && row.lng !== null ? [{ lat: row.lat, lng: row.lng }] : []));
}

/**
 * The zones of a new territory, in the caller's transaction (territories creates the territory and
 * its zones atomically): one per zip code, at the standard tier 2 and multiplier 1 until the first
 * refresh (docs/community-economics.md §5); the admin or the demo seed may set other tiers.
 */
export async function createZonesFor(tx: Executor, territory: { id: string; zipCodes: string[] }): Promise<void> {
  if (territory.zipCodes.length === 0) return;
  await tx
    .insert(pricingZones)
    .values(territory.zipCodes.map((zip) => ({ zip, territoryId: territory.id, tier: 2, updatedAt: sql`now()` })))
    .onConflictDoNothing();
}

export type ZoneLoadRow = { zip: string; open: number; idle: number; mult: number };

/**
 * One refresh of every zone, idempotent: creates the missing zone rows (a zip code of a territory
 * without one gets tier 2), then sets every zone's load and multiplier in a single UPDATE: zones not
 * in `loads` go back to no requests, no idle driver, multiplier 1.
 */
export async function writeZoneLoads(db: Executor, loads: ZoneLoadRow[], at: Date): Promise<number> {
  await db.execute(sql`
    insert into pricing_zones (zip, territory_id, tier, current_multiplier, open_requests, idle_drivers, updated_at)
    select zip, territory_id, 2, 1, 0, 0, ${at} from territory_zip_codes
    on conflict (zip) do nothing`);
  const updated = await db.execute(sql`
    update pricing_zones as z
    set open_requests = coalesce(v.open, 0), idle_drivers = coalesce(v.idle, 0), current_multiplier = coalesce(v.mult, 1), updated_at = ${at}
    from pricing_zones as z0
    left join json_to_recordset(${JSON.stringify(loads)}::json) as v(zip text, open int, idle int, mult double precision) on v.zip = z0.zip
    where z.zip = z0.zip`);
  return rowCount(updated);
}

function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

export async function findZone(db: Executor, zip: string): Promise<PricingZoneRow | undefined> {
  const [row] = await db.select().from(pricingZones).where(eq(pricingZones.zip, zip)).limit(1);
  return row;
}

export async function zonesOfTerritory(db: Executor, territoryId: string): Promise<PricingZoneRow[]> {
  return db.select().from(pricingZones).where(eq(pricingZones.territoryId, territoryId)).orderBy(asc(pricingZones.zip));
}

/** Average minutes from request to acceptance per pickup zip code, over rides requested since `since`. */
export async function averageWaitByZip(db: Executor, territoryId: string, since: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({
      zip: rides.pickupZip,
      minutes: sql<number>`avg(extract(epoch from (${rides.acceptedAt} - ${rides.requestedAt})) / 60)::float`,
    })
    .from(rides)
    .where(and(eq(rides.territoryId, territoryId), gt(rides.requestedAt, since), sql`${rides.acceptedAt} is not null`))
    .groupBy(rides.pickupZip);
  return new Map(rows.map((row) => [row.zip, row.minutes]));
}

export async function findTerritory(db: Executor, id: string) {
  const [row] = await db.select().from(territories).where(eq(territories.id, id)).limit(1);
  return row;
}

export async function proposalsOf(db: Executor, territoryIds: string[]): Promise<RateAdjustmentRow[]> {
  if (territoryIds.length === 0) return [];
  return db
    .select()
    .from(rateAdjustments)
    .where(inArray(rateAdjustments.territoryId, territoryIds))
    .orderBy(asc(rateAdjustments.announcedAt), asc(rateAdjustments.id));
}

export async function allProposals(db: Executor): Promise<RateAdjustmentRow[]> {
  return db.select().from(rateAdjustments).orderBy(asc(rateAdjustments.announcedAt), asc(rateAdjustments.id));
}

export async function findProposal(db: Executor, id: string): Promise<RateAdjustmentRow | undefined> {
  const [row] = await db.select().from(rateAdjustments).where(eq(rateAdjustments.id, id)).limit(1);
  return row;
}

export async function insertProposal(db: Executor, values: typeof rateAdjustments.$inferInsert): Promise<RateAdjustmentRow> {
  const [row] = await db.insert(rateAdjustments).values(values).returning();
  return row!;
}

/** Withdraws a proposal only while it is still in its notice and not withdrawn: the atomic step. */
export async function withdrawProposal(db: Executor, id: string, at: Date): Promise<RateAdjustmentRow | undefined> {
  const [row] = await db
    .update(rateAdjustments)
    .set({ withdrawnAt: at })
    .where(and(eq(rateAdjustments.id, id), isNull(rateAdjustments.withdrawnAt), gt(rateAdjustments.effectiveAt, at)))
    .returning();
  return row;
}

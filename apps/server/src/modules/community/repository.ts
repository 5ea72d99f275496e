import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../accounts/tables';
import { driverProfiles } from '../applications/profile-tables';
import { territories } from '../territories/tables';
import { bonusPoolRuns, driverTiers } from './tables';

/** Community owns driver_tiers and bonus_pool_runs; every write to them is here. */

export type StoredTierRow = Omit<typeof driverTiers.$inferInsert, 'driverId'>;
export type BonusPoolRunRow = typeof bonusPoolRuns.$inferSelect;

/** Takes the territory's tier lock for the transaction; false when another transaction holds it. */
export async function tryTierLock(tx: Executor, territoryId: string): Promise<boolean> {
  const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`driver_tiers:${territoryId}`})) as locked`);
  return (lock as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}

/** When the territory's tiers were last stored (the newest computed_at), if ever. */
export async function lastTierComputedAt(tx: Executor, territoryId: string): Promise<Date | undefined> {
  const [last] = await tx
    .select({ computedAt: driverTiers.computedAt })
    .from(driverTiers)
    .where(eq(driverTiers.territoryId, territoryId))
    .orderBy(desc(driverTiers.computedAt))
    .limit(1);
  return last?.computedAt;
}

export async function upsertDriverTier(tx: Executor, driverId: string, row: StoredTierRow): Promise<void> {
  await tx
    .insert(driverTiers)
    .values({ driverId, ...row })
    .onConflictDoUpdate({ target: driverTiers.driverId, set: row });
}

/** The stored tiers of a territory's current approved drivers, best score first. */
export async function storedTiersOfTerritory(db: Executor, territoryId: string) {
  return db
    .select({
      driverId: driverTiers.driverId,
      firstName: users.firstName,
      lastName: users.lastName,
      tier: driverTiers.tier,
      overallScore: driverTiers.overallScore,
      topFraction: driverTiers.topFraction,
      metrics: driverTiers.metrics,
      computedAt: driverTiers.computedAt,
    })
    .from(driverTiers)
    .innerJoin(users, eq(users.id, driverTiers.driverId))
    .innerJoin(driverProfiles, eq(driverProfiles.userId, driverTiers.driverId))
    .where(and(eq(driverTiers.territoryId, territoryId), eq(driverProfiles.territoryId, territoryId), eq(driverProfiles.isApproved, true)))
    .orderBy(desc(driverTiers.overallScore), sql`${users.lastName}, ${users.firstName}, ${driverTiers.driverId}`);
}

export async function allTerritoryIds(db: Executor): Promise<string[]> {
  return (await db.select({ id: territories.id }).from(territories)).map((row) => row.id);
}

/** Territories (all, or the given ones) with their licensee, in id order. */
export async function territoriesWithLicensee(db: Executor, territoryIds?: string[]) {
  return db
    .select({ id: territories.id, licenseeId: territories.licenseeId })
    .from(territories)
    .where(territoryIds ? inArray(territories.id, territoryIds) : undefined)
    .orderBy(asc(territories.id));
}

/** Serialises the pool runs of a territory for the transaction. */
export async function lockBonusPool(tx: Executor, territoryId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bonus_pool:${territoryId}`}))`);
}

export async function findBonusPoolRun(db: Executor, territoryId: string, month: string): Promise<BonusPoolRunRow | undefined> {
  const [row] = await db
    .select()
    .from(bonusPoolRuns)
    .where(and(eq(bonusPoolRuns.territoryId, territoryId), eq(bonusPoolRuns.month, month)));
  return row;
}

export async function insertBonusPoolRun(tx: Executor, run: typeof bonusPoolRuns.$inferInsert): Promise<void> {
  await tx.insert(bonusPoolRuns).values(run);
}

/** The territories without a pool run for the month. */
export async function territoryIdsWithoutRun(db: Executor, month: string): Promise<string[]> {
  const missing = await db
    .select({ id: territories.id })
    .from(territories)
    .where(and(sql`not exists (select 1 from ${bonusPoolRuns} where ${bonusPoolRuns.territoryId} = ${territories.id} and ${bonusPoolRuns.month} = ${month})`));
  return missing.map((row) => row.id);
}

/** The month of the newest stored run of a territory, if any. */
export async function latestRunMonth(db: Executor, territoryId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ month: bonusPoolRuns.month })
    .from(bonusPoolRuns)
    .where(eq(bonusPoolRuns.territoryId, territoryId))
    .orderBy(sql`${bonusPoolRuns.month} desc`)
    .limit(1);
  return row?.month;
}

/* The personal data of community (modules/privacy, ADR 025). */

/** The driver's stored tier and the metrics it was judged on. */
export async function exportDriverTier(db: Executor, driverId: string) {
  const [tier] = await db.select().from(driverTiers).where(eq(driverTiers.driverId, driverId));
  return tier ?? null;
}

/**
 * The stored tier goes; the bonus pool runs keep the driver's line (the amounts the ledger paid) but
 * without the name shown in it.
 */
export async function eraseDriverTier(db: Executor, driverId: string): Promise<number> {
  const deleted = await db.delete(driverTiers).where(eq(driverTiers.driverId, driverId)).returning({ id: driverTiers.driverId });
  const named = sql`${bonusPoolRuns.summary} -> 'drivers' @> jsonb_build_array(jsonb_build_object('driverId', ${driverId}::text))
    and not ${bonusPoolRuns.summary} -> 'drivers' @> jsonb_build_array(jsonb_build_object('driverId', ${driverId}::text, 'name', null))`;
  const runs = await db
    .update(bonusPoolRuns)
    .set({
      summary: sql`jsonb_set(${bonusPoolRuns.summary}, '{drivers}', (
        select jsonb_agg(case when line ->> 'driverId' = ${driverId}::text then jsonb_set(line, '{name}', 'null'::jsonb) else line end order by position)
        from jsonb_array_elements(${bonusPoolRuns.summary} -> 'drivers') with ordinality as lines(line, position)))`,
    })
    .where(named)
    .returning({ id: bonusPoolRuns.id });
  return deleted.length + runs.length;
}

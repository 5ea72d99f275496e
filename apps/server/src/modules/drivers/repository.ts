import type { LatLng } from '@coride/domain';
import { and, between, desc, eq, inArray, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { driverProfiles } from '../applications/profile-tables';
import { driverApplications } from '../applications/tables';
import { rides } from '../rides/tables';
import { territories as territoryTable } from '../territories/tables';
import { users } from '../accounts/tables';
import { driverOnlineSessions, driverPresence, driverSuspensions } from './tables';

/** The presence row's driver has no open suspension (ADR 031): nobody suspended is online, indexed or offered a ride. */
const notSuspended = () =>
  sql`not exists (select 1 from ${driverSuspensions} where ${driverSuspensions.driverId} = ${driverPresence.driverId} and ${driverSuspensions.reinstatedAt} is null)`;

/** The driver's profile with presence and territory name (undefined without a profile). */
export async function findProfileWithPresence(db: Executor, driverId: string) {
  const [row] = await db
    .select({ profile: driverProfiles, presence: driverPresence, territoryName: territoryTable.name })
    .from(driverProfiles)
    .leftJoin(driverPresence, eq(driverPresence.driverId, driverProfiles.userId))
    .leftJoin(territoryTable, eq(territoryTable.id, driverProfiles.territoryId))
    .where(eq(driverProfiles.userId, driverId))
    .limit(1);
  return row;
}

/** Starts the driver's online session, unless one is running. */
export async function openOnlineSession(db: Executor, driverId: string, at: Date): Promise<void> {
  await db.insert(driverOnlineSessions).values({ driverId, startedAt: at }).onConflictDoNothing();
}

/** Ends the driver's running online session, if any. */
export async function closeOnlineSession(db: Executor, driverId: string, at: Date): Promise<void> {
  await db
    .update(driverOnlineSessions)
    .set({ endedAt: sql`greatest(${driverOnlineSessions.startedAt}, ${at})` })
    .where(and(eq(driverOnlineSessions.driverId, driverId), isNull(driverOnlineSessions.endedAt)));
}

/**
 * Ends every session running since `startedBy` at its driver's last stored position, or at its start
 * without one. Sessions started later belong to an instance that started meanwhile: left alone.
 */
export async function endSessionsLeftRunning(db: Executor, startedBy: Date): Promise<void> {
  await db.execute(sql`
    update ${driverOnlineSessions} s
    set ended_at = greatest(s.started_at, coalesce(p.location_updated_at, s.started_at))
    from ${driverPresence} p
    where s.ended_at is null and s.started_at <= ${startedBy} and p.driver_id = s.driver_id`);
  await db
    .update(driverOnlineSessions)
    .set({ endedAt: driverOnlineSessions.startedAt })
    .where(and(isNull(driverOnlineSessions.endedAt), lte(driverOnlineSessions.startedAt, startedBy)));
}

/** Ends the running sessions of these drivers at `at` (or at their start, if that is later). */
export async function closeOnlineSessionsOf(db: Executor, driverIds: string[], at: Date): Promise<void> {
  if (driverIds.length === 0) return;
  await db
    .update(driverOnlineSessions)
    .set({ endedAt: sql`greatest(${driverOnlineSessions.startedAt}, ${at})` })
    .where(and(inArray(driverOnlineSessions.driverId, driverIds), isNull(driverOnlineSessions.endedAt)));
}

/** The online, approved drivers with their last position (and when it was stored) and territory. */
export async function onlineApprovedDrivers(db: Executor) {
  return db
    .select({
      driverId: driverPresence.driverId,
      lat: driverPresence.lat,
      lng: driverPresence.lng,
      locationUpdatedAt: driverPresence.locationUpdatedAt,
      statusChangedAt: driverPresence.statusChangedAt,
      territoryId: driverProfiles.territoryId,
    })
    .from(driverPresence)
    .innerJoin(driverProfiles, eq(driverProfiles.userId, driverPresence.driverId))
    .where(and(eq(driverPresence.status, 'online'), eq(driverProfiles.isApproved, true), notSuspended()));
}

/** Among `driverIds`, those whose presence is online now (dispatch reads it in its round's transaction). */
export async function onlineDriverIds(db: Executor, driverIds: string[]): Promise<Set<string>> {
  if (driverIds.length === 0) return new Set();
  const rows = await db
    .select({ id: driverPresence.driverId })
    .from(driverPresence)
    .where(and(inArray(driverPresence.driverId, driverIds), eq(driverPresence.status, 'online'), notSuspended()));
  return new Set(rows.map((r) => r.id));
}

/** The driver's territory when they are online and approved (undefined otherwise). */
export async function onlineTerritoryOf(db: Executor, driverId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ territoryId: driverProfiles.territoryId })
    .from(driverPresence)
    .innerJoin(driverProfiles, eq(driverProfiles.userId, driverPresence.driverId))
    .where(and(eq(driverPresence.driverId, driverId), eq(driverPresence.status, 'online'), eq(driverProfiles.isApproved, true), notSuspended()));
  return row?.territoryId ?? undefined;
}

/** Online, approved, in a territory and at a known position: what the dispatch index holds, read from the truth. */
const indexable = () =>
  and(
    eq(driverPresence.status, 'online'),
    eq(driverProfiles.isApproved, true),
    isNotNull(driverProfiles.territoryId),
    isNotNull(driverPresence.lat),
    isNotNull(driverPresence.lng),
    notSuspended(),
  );

/** The drivers among `driverIds` the dispatch index would hold, at their last stored position (Redis down: presence-reader.ts). */
export async function indexablePositionsOf(db: Executor, driverIds: readonly string[]) {
  if (driverIds.length === 0) return [];
  return db
    .select({ driverId: driverPresence.driverId, territoryId: driverProfiles.territoryId, lat: driverPresence.lat, lng: driverPresence.lng })
    .from(driverPresence)
    .innerJoin(driverProfiles, eq(driverProfiles.userId, driverPresence.driverId))
    .where(and(inArray(driverPresence.driverId, [...driverIds]), indexable()));
}

/**
 * Up to `limit` drivers the dispatch index would hold in the territory, inside the box of `latDelta`
 * and `lngDelta` degrees around `point`, nearest first by a flat-earth distance (the great circle's
 * order at a city's scale), skipping `excludeIds`. Redis down: the index's `nearest`, read from
 * driver_presence (presence-reader.ts); it scans the territory's online drivers, and returns `limit` rows.
 */
export async function indexableNearest(
  db: Executor,
  territoryId: string,
  point: LatLng,
  box: { latDelta: number; lngDelta: number },
  limit: number,
  excludeIds: readonly string[],
) {
  const lngScale = Math.cos((point.lat * Math.PI) / 180);
  return db
    .select({ driverId: driverPresence.driverId, lat: driverPresence.lat, lng: driverPresence.lng })
    .from(driverPresence)
    .innerJoin(driverProfiles, eq(driverProfiles.userId, driverPresence.driverId))
    .where(
      and(
        eq(driverProfiles.territoryId, territoryId),
        indexable(),
        between(driverPresence.lat, point.lat - box.latDelta, point.lat + box.latDelta),
        between(driverPresence.lng, point.lng - box.lngDelta, point.lng + box.lngDelta),
        excludeIds.length > 0 ? notInArray(driverPresence.driverId, [...excludeIds]) : undefined,
      ),
    )
    .orderBy(sql`power(${driverPresence.lat} - ${point.lat}::float8, 2) + power((${driverPresence.lng} - ${point.lng}::float8) * ${lngScale}::float8, 2)`)
    .limit(limit);
}

/** How many drivers the dispatch index would hold, in the territory or in all. */
export async function countIndexable(db: Executor, territoryId?: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(driverPresence)
    .innerJoin(driverProfiles, eq(driverProfiles.userId, driverPresence.driverId))
    .where(and(indexable(), territoryId === undefined ? undefined : eq(driverProfiles.territoryId, territoryId)));
  return row?.count ?? 0;
}

export async function latestApplicationStatus(db: Executor, driverId: string) {
  const [application] = await db
    .select({ status: driverApplications.status })
    .from(driverApplications)
    .where(eq(driverApplications.userId, driverId))
    .orderBy(desc(driverApplications.submittedAt))
    .limit(1);
  return application?.status;
}

/** The driver's completed rides: all of them, and today's with their earnings (subtotal + tip). */
export async function rideTotalsOfDriver(db: Executor, driverId: string, dayStart: Date) {
  const [totals] = await db
    .select({
      totalRides: sql<number>`count(*) filter (where ${rides.status} = 'completed')::int`,
      todayRides: sql<number>`count(*) filter (where ${rides.status} = 'completed' and ${rides.completedAt} >= ${dayStart})::int`,
      todayEarnings: sql<number>`coalesce(sum(${rides.subtotal} + ${rides.tip}) filter (where ${rides.status} = 'completed' and ${rides.completedAt} >= ${dayStart}), 0)::int`,
    })
    .from(rides)
    .where(eq(rides.driverId, driverId));
  return totals;
}

/**
 * Seconds the driver was online in [from, to): the part of each stored session inside the window,
 * a session still running counting up to `to` (the console's "Online today").
 */
export async function onlineSecondsBetween(db: Executor, driverId: string, from: Date, to: Date): Promise<number> {
  const [start, end] = [sql`${from.toISOString()}::timestamptz`, sql`${to.toISOString()}::timestamptz`];
  const [row] = await db
    .select({
      seconds: sql<number>`coalesce(sum(extract(epoch from (least(coalesce(${driverOnlineSessions.endedAt}, ${end}), ${end}) - greatest(${driverOnlineSessions.startedAt}, ${start})))), 0)::float`,
    })
    .from(driverOnlineSessions)
    .where(
      and(
        eq(driverOnlineSessions.driverId, driverId),
        sql`${driverOnlineSessions.startedAt} < ${end}`,
        sql`coalesce(${driverOnlineSessions.endedAt}, ${end}) > ${start}`,
      ),
    );
  return Math.max(0, Math.floor(Number(row?.seconds ?? 0)));
}

export async function setPresenceOffline(db: Executor, driverId: string, at: Date): Promise<void> {
  await db
    .insert(driverPresence)
    .values({ driverId, status: 'offline', statusChangedAt: at })
    .onConflictDoUpdate({ target: driverPresence.driverId, set: { status: 'offline', statusChangedAt: at } });
}

export async function setPresenceOnline(db: Executor, driverId: string, location: LatLng, at: Date): Promise<void> {
  const values = { status: 'online' as const, lat: location.lat, lng: location.lng, locationUpdatedAt: at, statusChangedAt: at };
  await db
    .insert(driverPresence)
    .values({ driverId, ...values })
    .onConflictDoUpdate({ target: driverPresence.driverId, set: values });
}

export async function presenceStatusOf(db: Executor, driverId: string) {
  const [presence] = await db.select({ status: driverPresence.status }).from(driverPresence).where(eq(driverPresence.driverId, driverId));
  return presence?.status;
}

/**
 * Stores the last positions of many drivers in one statement (a process writes its drivers' positions
 * once a second, not one UPDATE per driver). A position stored later than the one given is kept: two
 * processes' batches may arrive in any order.
 */
export async function persistLocations(db: Executor, positions: { driverId: string; lat: number; lng: number; at: Date }[]): Promise<void> {
  if (positions.length === 0) return;
  const rows = JSON.stringify(positions.map((p) => ({ driver_id: p.driverId, lat: p.lat, lng: p.lng, at: p.at.toISOString() })));
  await db.execute(sql`
    update ${driverPresence} p
    set lat = v.lat, lng = v.lng, location_updated_at = v.at
    from json_to_recordset(${rows}::json) as v(driver_id uuid, lat double precision, lng double precision, at timestamptz)
    where p.driver_id = v.driver_id and (p.location_updated_at is null or p.location_updated_at <= v.at)`);
}

/** The driver profiles of territories, with their users (relational query: needs the Database). */
export async function profilesOfTerritories(db: Database, territoryIds: string[]) {
  return db.query.driverProfiles.findMany({
    where: (p, { inArray: within }) => within(p.territoryId, territoryIds),
    with: { user: true },
  });
}

/** Per driver: completed rides, this month's earnings (subtotal + tip), average rating. */
export async function rideTotalsOfDrivers(db: Executor, driverIds: string[], monthStart: Date) {
  if (driverIds.length === 0) return [];
  return db
    .select({
      driverId: rides.driverId,
      totalRides: sql<number>`count(*) filter (where ${rides.status} = 'completed')::int`,
      monthlyEarnings: sql<number>`coalesce(sum(${rides.subtotal} + ${rides.tip}) filter (where ${rides.status} = 'completed' and ${rides.completedAt} >= ${monthStart}), 0)::int`,
      rating: sql<number | null>`avg(${rides.rating})::float`,
    })
    .from(rides)
    .where(inArray(rides.driverId, driverIds))
    .groupBy(rides.driverId);
}

/* The personal data of drivers' live state (modules/privacy, ADR 025). */

/** Status and last known position, and the online sessions (the bonus pool's hours). */
export async function exportPresence(db: Executor, driverId: string) {
  const [presence] = await db.select().from(driverPresence).where(eq(driverPresence.driverId, driverId));
  const sessions = await db
    .select({ startedAt: driverOnlineSessions.startedAt, endedAt: driverOnlineSessions.endedAt })
    .from(driverOnlineSessions)
    .where(eq(driverOnlineSessions.driverId, driverId))
    .orderBy(driverOnlineSessions.startedAt);
  const suspensions = await db
    .select({
      suspendedAt: driverSuspensions.suspendedAt,
      reason: driverSuspensions.reason,
      reinstatedAt: driverSuspensions.reinstatedAt,
      reinstateReason: driverSuspensions.reinstateReason,
    })
    .from(driverSuspensions)
    .where(eq(driverSuspensions.driverId, driverId))
    .orderBy(driverSuspensions.suspendedAt);
  return { presence: presence ?? null, onlineSessions: sessions, suspensions };
}

/** The last known position goes with the presence row; the online hours (times only) stay for the pool's history. */
export async function erasePresence(db: Executor, driverId: string): Promise<number> {
  const deleted = await db.delete(driverPresence).where(eq(driverPresence.driverId, driverId)).returning({ id: driverPresence.driverId });
  // Staff's reasons are about the person: they go too (the account is gone, nothing is left to suspend).
  const suspensions = await db.delete(driverSuspensions).where(eq(driverSuspensions.driverId, driverId)).returning({ id: driverSuspensions.id });
  return deleted.length + suspensions.length;
}

/* Suspensions by staff (ADR 031). */

export type SuspensionView = { driverId: string; at: Date; reason: string; by: { firstName: string; lastName: string; role: string } | null };

/** Opens a suspension; undefined when the driver has one open already (the partial unique index decides a race). */
export async function insertSuspension(db: Executor, row: { driverId: string; at: Date; by: string; reason: string }): Promise<string | undefined> {
  const [inserted] = await db
    .insert(driverSuspensions)
    .values({ driverId: row.driverId, suspendedAt: row.at, suspendedBy: row.by, reason: row.reason })
    .onConflictDoNothing()
    .returning({ id: driverSuspensions.id });
  return inserted?.id;
}

/** Closes the driver's open suspension; undefined when there is none. The row stays as history. */
export async function closeSuspension(db: Executor, driverId: string, change: { at: Date; by: string; reason: string | null }): Promise<string | undefined> {
  const [closed] = await db
    .update(driverSuspensions)
    .set({ reinstatedAt: sql`greatest(${driverSuspensions.suspendedAt}, ${change.at})`, reinstatedBy: change.by, reinstateReason: change.reason })
    .where(and(eq(driverSuspensions.driverId, driverId), isNull(driverSuspensions.reinstatedAt)))
    .returning({ id: driverSuspensions.id });
  return closed?.id;
}

/** The open suspensions of these drivers, with who suspended them. */
export async function openSuspensionsOf(db: Executor, driverIds: readonly string[]): Promise<Map<string, SuspensionView>> {
  if (driverIds.length === 0) return new Map();
  const rows = await db
    .select({
      driverId: driverSuspensions.driverId,
      at: driverSuspensions.suspendedAt,
      reason: driverSuspensions.reason,
      by: { firstName: users.firstName, lastName: users.lastName, role: users.role },
    })
    .from(driverSuspensions)
    .leftJoin(users, eq(users.id, driverSuspensions.suspendedBy))
    .where(and(inArray(driverSuspensions.driverId, [...driverIds]), isNull(driverSuspensions.reinstatedAt)));
  return new Map(rows.map((r) => [r.driverId, { ...r, by: r.by?.firstName == null ? null : r.by }]));
}

/** Whether the driver is suspended now. */
export async function isSuspended(db: Executor, driverId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: driverSuspensions.id })
    .from(driverSuspensions)
    .where(and(eq(driverSuspensions.driverId, driverId), isNull(driverSuspensions.reinstatedAt)))
    .limit(1);
  return row !== undefined;
}

import type { PageQuery } from '@coride/domain';
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { cursorKey, pageLimit, pageOrder, pageWhere, type Keyset } from '../../lib/paging';
import { users } from '../accounts/tables';
import { rides } from '../rides/tables';
import { territories } from '../territories/tables';
import { safetyAlerts, type SafetyAlertRow } from './tables';

const alertKeyset: Keyset = { at: safetyAlerts.createdAt, id: safetyAlerts.id };

/** The ride as SOS needs it: its sides, its state and its territory (a read of rides' table). */
export async function rideOf(db: Executor, rideId: string) {
  const [row] = await db
    .select({ id: rides.id, riderId: rides.riderId, driverId: rides.driverId, status: rides.status, territoryId: rides.territoryId })
    .from(rides)
    .where(eq(rides.id, rideId))
    .limit(1);
  return row;
}

/** A person's name and mail language (the raiser's, for the contacts' mail). */
export async function personOf(db: Executor, userId: string) {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName, language: users.language }).from(users).where(eq(users.id, userId));
  return row;
}

/** Who is told of an alert: the territory's licensee and every admin (no territory: the admins). */
export async function staffRecipientIds(db: Executor, territoryId: string | null): Promise<string[]> {
  const licensee = territoryId ? await db.select({ id: territories.licenseeId }).from(territories).where(eq(territories.id, territoryId)) : [];
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)));
  return [...new Set([...licensee, ...admins].map((row) => row.id))];
}

/**
 * Serialises SOS presses of one person on one ride until the transaction ends, so a double tap
 * arriving twice at once finds the first alert instead of making a second.
 */
export async function lockRaiser(tx: Executor, rideId: string, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`safety_alerts:${rideId}:${userId}`}))`);
}

/** The person's newest alert on the ride raised after `since`. */
export async function recentAlert(db: Executor, rideId: string, userId: string, since: Date): Promise<SafetyAlertRow | undefined> {
  const [row] = await db
    .select()
    .from(safetyAlerts)
    .where(and(eq(safetyAlerts.rideId, rideId), eq(safetyAlerts.raisedBy, userId), gt(safetyAlerts.createdAt, since)))
    .orderBy(desc(safetyAlerts.createdAt))
    .limit(1);
  return row;
}

export async function insertAlert(
  tx: Executor,
  alert: Pick<
    typeof safetyAlerts.$inferInsert,
    'rideId' | 'territoryId' | 'raisedBy' | 'raisedByRole' | 'lat' | 'lng' | 'locationSource' | 'contactsMailed' | 'createdAt'
  >,
): Promise<SafetyAlertRow> {
  const [row] = await tx.insert(safetyAlerts).values(alert).returning();
  return row!;
}

/** Marks the alert acknowledged unless it already was. */
export async function acknowledge(db: Executor, id: string, userId: string, at: Date): Promise<void> {
  await db
    .update(safetyAlerts)
    .set({ acknowledgedBy: userId, acknowledgedAt: at })
    .where(and(eq(safetyAlerts.id, id), isNull(safetyAlerts.acknowledgedAt)));
}

/** Resolves an alert not resolved yet (acknowledging it too when nobody had); false when it was resolved already. */
export async function resolve(db: Executor, id: string, userId: string, note: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(safetyAlerts)
    .set({
      resolvedBy: userId,
      resolvedAt: at,
      resolutionNote: note,
      acknowledgedBy: sql`coalesce(${safetyAlerts.acknowledgedBy}, ${userId}::uuid)`,
      acknowledgedAt: sql`coalesce(${safetyAlerts.acknowledgedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(safetyAlerts.id, id), isNull(safetyAlerts.resolvedAt)))
    .returning({ id: safetyAlerts.id });
  return rows.length > 0;
}

const raiser = alias(users, 'raiser');
const acknowledger = alias(users, 'acknowledger');
const resolver = alias(users, 'resolver');

/** Alerts with their ride and the people's names: one by id, or a page of the territories' (all: every alert). */
export async function alertViews(db: Executor, filter: { id?: string; territoryIds?: string[] | 'all'; openOnly?: boolean }, page?: PageQuery) {
  const scope = filter.territoryIds === undefined || filter.territoryIds === 'all' ? undefined : inArray(safetyAlerts.territoryId, filter.territoryIds);
  const query = db
    .select({
      pageKey: cursorKey(alertKeyset),
      alert: safetyAlerts,
      rideStatus: rides.status,
      pickupAddress: rides.pickupAddress,
      dropoffAddress: rides.dropoffAddress,
      raiser: { firstName: raiser.firstName, lastName: raiser.lastName },
      acknowledger: { firstName: acknowledger.firstName, lastName: acknowledger.lastName },
      resolver: { firstName: resolver.firstName, lastName: resolver.lastName },
    })
    .from(safetyAlerts)
    .innerJoin(rides, eq(rides.id, safetyAlerts.rideId))
    .innerJoin(raiser, eq(raiser.id, safetyAlerts.raisedBy))
    .leftJoin(acknowledger, eq(acknowledger.id, safetyAlerts.acknowledgedBy))
    .leftJoin(resolver, eq(resolver.id, safetyAlerts.resolvedBy))
    .where(
      and(
        filter.id === undefined ? undefined : eq(safetyAlerts.id, filter.id),
        scope,
        filter.openOnly ? isNull(safetyAlerts.resolvedAt) : undefined,
        page ? pageWhere(alertKeyset, page) : undefined,
      ),
    )
    .orderBy(...pageOrder(alertKeyset));
  return page ? query.limit(pageLimit(page)) : query;
}
export type AlertView = Awaited<ReturnType<typeof alertViews>>[number];

/** The account export (privacy, ADR 025): the alerts the user raised. */
export async function exportAlerts(db: Executor, userId: string) {
  return db
    .select({
      rideId: safetyAlerts.rideId,
      role: safetyAlerts.raisedByRole,
      lat: safetyAlerts.lat,
      lng: safetyAlerts.lng,
      createdAt: safetyAlerts.createdAt,
      resolvedAt: safetyAlerts.resolvedAt,
    })
    .from(safetyAlerts)
    .where(eq(safetyAlerts.raisedBy, userId))
    .orderBy(asc(safetyAlerts.createdAt));
}

/**
 * Erasure of an account (privacy, ADR 025): the alert stays as a safety record of the ride, without
 * the exact position and the staff's free-text note, on every alert of a ride the user was on.
 */
export async function eraseAlerts(tx: Executor, userId: string): Promise<number> {
  const ridesOfUser = tx
    .select({ id: rides.id })
    .from(rides)
    .where(or(eq(rides.riderId, userId), eq(rides.driverId, userId)));
  const rows = await tx
    .update(safetyAlerts)
    .set({ lat: null, lng: null, resolutionNote: null })
    .where(
      and(
        or(eq(safetyAlerts.raisedBy, userId), inArray(safetyAlerts.rideId, ridesOfUser)),
        or(sql`${safetyAlerts.lat} is not null`, sql`${safetyAlerts.resolutionNote} is not null`),
      ),
    )
    .returning({ id: safetyAlerts.id });
  return rows.length;
}

import type { MonthlyIncome } from '@coride/domain';
import { isPeakTime, peakHoursBetween } from '@coride/domain/community/peak-hours';
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { driverOnlineSessions, rideOffers, rides } from '../../db/schema';
import { accounts } from '../payments/ledger';

/*
 * The bonus pool's inputs for a month (the territory's released income from the ledger, charges and
 * rides; per driver: streaks from offers and cancellations, online time from sessions, peak-hour
 * earnings from rides): a read model joining across modules (payments, rides, drivers) for the
 * community pool; writes nothing.
 */

/**
 * Runs of 10 accepts completed within the month, per driver: offers answered in the month in order,
 * a decline, a timeout or a ride the driver cancelled starting a new run. A run open at the start of
 * the month starts from zero (ours: each month pays its own streaks).
 */
export async function streaksInMonth(tx: Executor, driverIds: string[], start: Date, end: Date): Promise<Map<string, number>> {
  const result = new Map(driverIds.map((id) => [id, 0]));
  if (driverIds.length === 0) return result;
  const offers = await tx
    .select({ driverId: rideOffers.driverId, at: rideOffers.respondedAt, status: rideOffers.status })
    .from(rideOffers)
    .where(
      and(
        inArray(rideOffers.driverId, driverIds),
        inArray(rideOffers.status, ['accepted', 'declined', 'expired']),
        isNotNull(rideOffers.respondedAt),
        gte(rideOffers.respondedAt, start),
        lt(rideOffers.respondedAt, end),
      ),
    );
  const cancels = await tx
    .select({ driverId: rides.driverId, at: rides.cancelledAt })
    .from(rides)
    .where(and(inArray(rides.driverId, driverIds), eq(rides.cancelledBy, 'driver'), gte(rides.cancelledAt, start), lt(rides.cancelledAt, end)));
  const events = [
    ...offers.map((o) => ({ driverId: o.driverId, at: o.at!, accept: o.status === 'accepted' })),
    ...cancels.map((c) => ({ driverId: c.driverId!, at: c.at!, accept: false })),
  ];
  events.sort((a, b) => a.at.getTime() - b.at.getTime() || Number(a.accept) - Number(b.accept));
  const run = new Map<string, number>();
  for (const event of events) {
    if (!event.accept) {
      run.set(event.driverId, 0);
      continue;
    }
    const next = (run.get(event.driverId) ?? 0) + 1;
    run.set(event.driverId, next);
    if (next % 10 === 0) result.set(event.driverId, result.get(event.driverId)! + 1);
  }
  return result;
}

/** A driver's time online in [start, end): all of it, and its peak part in the territory's time zone. */
export type OnlineTime = { hours: number; peakHours: number };

/** From the sessions that overlap [start, end) (an open one runs to `end`); drivers with none are absent. */
export async function onlineTimeInMonth(tx: Executor, driverIds: string[], start: Date, end: Date, timeZone: string): Promise<Map<string, OnlineTime>> {
  const sessions = await tx
    .select({ driverId: driverOnlineSessions.driverId, startedAt: driverOnlineSessions.startedAt, endedAt: driverOnlineSessions.endedAt })
    .from(driverOnlineSessions)
    .where(
      and(
        inArray(driverOnlineSessions.driverId, driverIds),
        lt(driverOnlineSessions.startedAt, end),
        sql`coalesce(${driverOnlineSessions.endedAt}, ${end}) > ${start}`,
      ),
    );
  const totals = new Map<string, { ms: number; peakHours: number }>();
  for (const session of sessions) {
    const from = new Date(Math.max(session.startedAt.getTime(), start.getTime()));
    const to = new Date(Math.min((session.endedAt ?? end).getTime(), end.getTime()));
    const total = totals.get(session.driverId) ?? { ms: 0, peakHours: 0 };
    total.ms += Math.max(0, to.getTime() - from.getTime());
    total.peakHours += peakHoursBetween(from, to, timeZone);
    totals.set(session.driverId, total);
  }
  const hundredths = (hours: number) => Math.round(hours * 100) / 100;
  return new Map([...totals].map(([driverId, total]) => [driverId, { hours: hundredths(total.ms / 3_600_000), peakHours: hundredths(total.peakHours) }]));
}

/** Subtotals of the drivers' rides of the territory completed in [start, end) that started in peak hours. */
export async function peakEarningsInMonth(tx: Executor, territoryId: string, start: Date, end: Date, timeZone: string): Promise<Map<string, number>> {
  const done = await tx
    .select({ driverId: rides.driverId, subtotal: rides.subtotal, startedAt: rides.startedAt, completedAt: rides.completedAt })
    .from(rides)
    .where(and(eq(rides.territoryId, territoryId), eq(rides.status, 'completed'), gte(rides.completedAt, start), lt(rides.completedAt, end)));
  const result = new Map<string, number>();
  for (const ride of done) {
    if (!ride.driverId || !isPeakTime(ride.startedAt ?? ride.completedAt!, timeZone)) continue;
    result.set(ride.driverId, (result.get(ride.driverId) ?? 0) + ride.subtotal);
  }
  return result;
}

/**
 * What the territory's rides released in [start, end) brought each fee account (ledger 'release'
 * transactions posted in the month, joined to rides.territory_id), and the subtotals released: the
 * driver's part of released fare charges (tips are released to the driver too, but are not fares).
 * The licensee line is what the territory's current licensee's account received.
 */
export async function monthlyIncome(tx: Executor, territoryId: string, licenseeId: string, start: Date, end: Date): Promise<MonthlyIncome> {
  const licenseeAccount = accounts.licensee(licenseeId);
  const result = (await tx.execute(sql`
    select
      coalesce(sum(e.amount) filter (where e.account_id = ${accounts.platformSoftware}), 0)::bigint as "platformSoftware",
      coalesce(sum(e.amount) filter (where e.account_id = ${accounts.corporateAdmin}), 0)::bigint as "corporateAdmin",
      coalesce(sum(e.amount) filter (where e.account_id = ${licenseeAccount}), 0)::bigint as "licensee",
      coalesce(sum(e.amount) filter (where e.account_id like 'driver:%' and c.kind = 'fare'), 0)::bigint as "rideSubtotals"
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join rides r on r.id = t.ride_id
    join charges c on c.id = t.charge_id
    where t.kind = 'release' and t.posted_at >= ${start.toISOString()} and t.posted_at < ${end.toISOString()} and r.territory_id = ${territoryId}
  `)) as unknown as { rows: Record<keyof MonthlyIncome, string | number>[] };
  const row = result.rows[0];
  const cents = (value: string | number | undefined) => Math.max(0, Number(value ?? 0));
  return {
    rideSubtotals: cents(row?.rideSubtotals),
    platformSoftware: cents(row?.platformSoftware),
    corporateAdmin: cents(row?.corporateAdmin),
    licensee: cents(row?.licensee),
  };
}

import { computeMetrics, estimateOnlineHours, type BonusPoolDriverLine, type MonthlyIncome, type PoolDriverInput } from '@coride/domain';
import { isPeakTime, peakHoursBetween } from '@coride/domain/community/peak-hours';
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../accounts/tables';
import { driverOnlineSessions } from '../drivers/tables';
import { rideOffers, rides } from '../rides/tables';
import { histories } from './driver-history';
import { judgeCohort, territoryDriverIds } from './driver-performance';
import { accounts } from '../payments/ledger';

/*
 * The bonus pool's inputs for a month (the territory's released income from the ledger, charges and
 * rides; per driver: streaks from offers and cancellations, online time from sessions, peak-hour
 * earnings from rides; the participants with their judged tier and names): a read model joining across
 * modules (payments, rides, drivers, applications, accounts) for the community pool; writes nothing.
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

export type PoolInputs = { inputs: PoolDriverInput[]; lines: Map<string, Omit<BonusPoolDriverLine, 'quintile' | 'target' | 'paid' | 'total'>> };

/**
 * The drivers taking part in the month (at least one ride of the territory completed in it) and
 * their inputs: tier and overall score as judged at the month's close (the last 90 days, ranked among
 * the territory's drivers), acceptance over the month's offers, rides and base earnings = subtotals
 * of the territory's rides completed in the month (the work of the month, whenever escrow releases
 * it), streaks completed in the month, and online hours: the month's part of the driver's online
 * sessions (online with the app connected), or, for a driver with no session recorded in the month
 * (history from before sessions were recorded), estimated as rides × 0.5.
 */
export async function poolDrivers(tx: Executor, territoryId: string, start: Date, end: Date, timeZone: string): Promise<PoolInputs> {
  const worked = await tx
    .select({ driverId: rides.driverId, completed: sql<number>`count(*)::int`, subtotals: sql<number>`coalesce(sum(${rides.subtotal}), 0)::int` })
    .from(rides)
    .where(and(eq(rides.territoryId, territoryId), eq(rides.status, 'completed'), gte(rides.completedAt, start), lt(rides.completedAt, end)))
    .groupBy(rides.driverId);
  const participants = worked.filter((row) => row.driverId !== null && row.completed > 0);
  if (participants.length === 0) return { inputs: [], lines: new Map() };
  const ids = participants.map((row) => row.driverId!);
  const cohortIds = [...new Set([...(await territoryDriverIds(tx, territoryId)), ...ids])];
  const judged = await judgeCohort(tx, cohortIds, end);
  const month = await histories(tx, ids, start, end);
  const streaks = await streaksInMonth(tx, ids, start, end);
  const online = await onlineTimeInMonth(tx, ids, start, end, timeZone);
  const peakEarnings = await peakEarningsInMonth(tx, territoryId, start, end, timeZone);
  const names = new Map(
    (await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids))).map((u) => [
      u.id,
      `${u.firstName} ${u.lastName.charAt(0)}.`,
    ]),
  );
  const inputs: PoolDriverInput[] = [];
  const lines: PoolInputs['lines'] = new Map();
  for (const row of participants) {
    const driverId = row.driverId!;
    const member = judged.members.find((m) => m.driverId === driverId)!;
    const acceptanceRate = computeMetrics(month.get(driverId)!).acceptanceRate;
    const measured = online.get(driverId);
    const onlineHours = measured?.hours ?? estimateOnlineHours(row.completed);
    // Peak hours are known only from sessions; without them the peak-hour minimum cannot apply.
    const peakHours = measured?.peakHours ?? 0;
    const peakEarned = peakEarnings.get(driverId) ?? 0;
    const input: PoolDriverInput = {
      driverId,
      tier: member.assignment.tier,
      overallScore: member.metrics.overallScore,
      acceptanceRate,
      completedRides: row.completed,
      baseEarnings: row.subtotals,
      streaksCompleted: streaks.get(driverId) ?? 0,
      onlineHours,
      peakHours,
      peakEarnings: peakEarned,
    };
    inputs.push(input);
    lines.set(driverId, {
      driverId,
      name: names.get(driverId) ?? null,
      tier: input.tier,
      overallScore: input.overallScore,
      acceptanceRate,
      completedRides: input.completedRides,
      baseEarnings: input.baseEarnings,
      streaksCompleted: input.streaksCompleted,
      onlineHours,
      onlineHoursEstimated: measured === undefined,
      peakHours,
      peakEarnings: peakEarned,
    });
  }
  return { inputs, lines };
}

/**
 * The chaos run's checker: after the faults stopped, the bots finished their rides and went offline
 * and the background jobs had time to catch up, the properties of contract §7 are read from the
 * database (the truth) and from the bots' history (what clients were told). Each property passes or
 * fails with the rows that break it as evidence.
 */
import type pg from 'pg';
import type { BotEvent } from '../../simulator/history';

export type PropertyResult = { name: string; passed: boolean; detail: string; evidence: unknown[] };

export type CheckerOptions = {
  /** Drivers offered one ride in one round, at most (a priority booking doubles it). */
  batchSize: number;
};

async function rows<T extends pg.QueryResultRow>(db: pg.Pool, text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(text, values)).rows;
}

function property(name: string, evidence: unknown[], passedDetail: string, failedDetail = `${evidence.length} violation(s)`): PropertyResult {
  const passed = evidence.length === 0;
  return { name, passed, detail: passed ? passedDetail : failedDetail, evidence: evidence.slice(0, 10) };
}

/** Every property, in the order they are printed. */
export async function checkProperties(db: pg.Pool, history: BotEvent[], options: CheckerOptions): Promise<PropertyResult[]> {
  const results: PropertyResult[] = [];

  // 1. No ride lost: every booking the client was told succeeded exists; after the quiet period none is
  //    left requested (with or without an offer) or active: each ended completed or cancelled.
  const booked = [...new Set(history.filter((e) => e.kind === 'book' && e.outcome === 'ok' && e.rideId).map((e) => e.rideId!))];
  const found = new Set(
    booked.length === 0 ? [] : (await rows<{ id: string }>(db, 'select id from rides where id = any($1::uuid[])', [booked])).map((r) => r.id),
  );
  const missing = booked.filter((id) => !found.has(id)).map((id) => ({ rideId: id, problem: 'booking answered 201 but the ride is not in the database' }));
  const unfinished = await rows(
    db,
    `select r.id, r.status, r.driver_id, r.dispatch_round, r.requested_at, r.accepted_at, r.fare_held_at,
            (select count(*) from ride_offers o where o.ride_id = r.id and o.status = 'pending')::int as pending_offers,
            (select max(o.expires_at) from ride_offers o where o.ride_id = r.id) as last_offer_expires_at
       from rides r where r.status in ('requested', 'accepted', 'in_progress') order by r.requested_at`,
  );
  const [counts] = await rows<{ total: number; completed: number; cancelled: number }>(
    db,
    `select count(*)::int as total, count(*) filter (where status = 'completed')::int as completed,
            count(*) filter (where status = 'cancelled')::int as cancelled from rides`,
  );
  results.push(
    property(
      'no ride lost or stuck',
      [...missing, ...unfinished],
      `all ${counts?.total ?? 0} rides ended: ${counts?.completed ?? 0} completed, ${counts?.cancelled ?? 0} cancelled; every acknowledged booking is in the database`,
      `${missing.length} acknowledged booking(s) missing, ${unfinished.length} ride(s) still requested or active after the quiet period`,
    ),
  );

  // 2. No ride with two drivers: in the database (accepted offers, the ride's driver) and in what clients were told (two 200s on accept).
  const twoDriversDb = await rows(
    db,
    `select r.id as ride_id, r.driver_id, array_agg(distinct o.driver_id) as accepted_offer_drivers
       from rides r join ride_offers o on o.ride_id = r.id and o.status = 'accepted'
      group by r.id, r.driver_id
     having count(distinct o.driver_id) > 1 or bool_or(r.driver_id is distinct from o.driver_id)`,
  );
  const acceptedBy = new Map<string, Set<string>>();
  for (const e of history) {
    if (e.kind !== 'accept' || e.outcome !== 'ok' || !e.rideId) continue;
    const drivers = acceptedBy.get(e.rideId) ?? new Set<string>();
    drivers.add(e.userId);
    acceptedBy.set(e.rideId, drivers);
  }
  const twoDriversTold = [...acceptedBy].filter(([, drivers]) => drivers.size > 1).map(([rideId, drivers]) => ({ rideId, toldAccepted: [...drivers] }));
  results.push(
    property(
      'no ride with two drivers',
      [...twoDriversDb, ...twoDriversTold],
      `${acceptedBy.size} rides accepted, each by one driver (database and client answers agree)`,
    ),
  );

  // 2b. Every assignment went through an offer still open: the ride's driver holds its accepted offer
  //     (an offer expired by the sweep, and announced as expired to the others, is never accepted after).
  const acceptedWithoutOffer = await rows(
    db,
    `select r.id as ride_id, r.driver_id, r.accepted_at,
            (select string_agg(o.status || ' until ' || o.expires_at::text || ', answered ' || coalesce(o.responded_at::text, '-'), '; ')
               from ride_offers o where o.ride_id = r.id and o.driver_id = r.driver_id) as drivers_offer
       from rides r
      where r.accepted_at is not null
        and not exists (select 1 from ride_offers o where o.ride_id = r.id and o.driver_id = r.driver_id and o.status = 'accepted')`,
  );
  results.push(property('every assignment through an open offer', acceptedWithoutOffer, "each accepted ride's driver holds its accepted offer"));

  // 3. No driver with two active rides at once: the accepted-to-ended intervals of one driver never overlap.
  const overlapping = await rows(
    db,
    `select a.driver_id, a.id as ride_a, b.id as ride_b, a.accepted_at as a_from, coalesce(a.completed_at, a.cancelled_at) as a_to,
            b.accepted_at as b_from, coalesce(b.completed_at, b.cancelled_at) as b_to
       from rides a join rides b on a.driver_id = b.driver_id and a.id < b.id
      where a.accepted_at is not null and b.accepted_at is not null
        and a.accepted_at < coalesce(b.completed_at, b.cancelled_at, now())
        and b.accepted_at < coalesce(a.completed_at, a.cancelled_at, now())`,
  );
  results.push(property('no driver with two active rides', overlapping, 'no two rides of one driver overlap in time'));

  // 4. No stuck offer: nothing pending past its expiry; never more drivers offered one ride at once than a batch.
  const stuckOffers = await rows(
    db,
    `select id, ride_id, driver_id, round, expires_at from ride_offers where status = 'pending' and expires_at < now() - interval '2 seconds'`,
  );
  // A round's batch: the offers of one ride open at the moment one of them was made (a round re-runs
  // its radius level with the next batch, so the level number alone does not tell batches apart).
  const oversizedRounds = await rows(
    db,
    `select o.ride_id, o.offered_at, count(*)::int as open_offers, bool_or(r.priority) as priority
       from ride_offers o
       join ride_offers other on other.ride_id = o.ride_id and other.offered_at <= o.offered_at
        and o.offered_at < least(coalesce(other.responded_at, other.expires_at), other.expires_at)
       join rides r on r.id = o.ride_id
      group by o.id, o.ride_id, o.offered_at having count(*) > $1 * case when bool_or(r.priority) then 2 else 1 end`,
    [options.batchSize],
  );
  const [offerCounts] = await rows<{ total: number; expired: number; accepted: number }>(
    db,
    `select count(*)::int as total, count(*) filter (where status = 'expired')::int as expired, count(*) filter (where status = 'accepted')::int as accepted from ride_offers`,
  );
  results.push(
    property(
      'no stuck or oversized offers',
      [...stuckOffers, ...oversizedRounds],
      `${offerCounts?.total ?? 0} offers (${offerCounts?.accepted ?? 0} accepted, ${offerCounts?.expired ?? 0} expired), none pending past its expiry, never more than a batch open at once per ride`,
    ),
  );

  // 5. Money: the ledger balances; escrow holds exactly the captured, unreleased charges; nothing captured or released twice;
  //    a completed ride has its fare captured once; a cancelled ride's hold is let go, never captured.
  const money: unknown[] = [];
  const unbalanced = await rows(db, 'select transaction_id, sum(amount)::text as sum from ledger_entries group by transaction_id having sum(amount) <> 0');
  money.push(...unbalanced.map((r) => ({ problem: 'transaction does not sum to 0', ...r })));
  const drift = await rows(
    db,
    `select a.id, a.balance::text, coalesce(sum(e.amount), 0)::text as entries
       from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  money.push(...drift.map((r) => ({ problem: 'account balance is not the sum of its entries', ...r })));
  const [escrow] = await rows<{ balance: string }>(db, `select coalesce(sum(amount), 0)::text as balance from ledger_entries where account_id = 'escrow'`);
  const [held] = await rows<{ held: string }>(
    db,
    `select coalesce(sum(c.amount - c.refunded + case when c.kind = 'fare' then r.credit_applied else 0 end), 0)::text as held
       from charges c join rides r on r.id = c.ride_id where c.status = 'captured' and c.released_at is null`,
  );
  if (escrow?.balance !== held?.held) money.push({ problem: 'escrow is not captured minus released', escrow: escrow?.balance, unreleasedCharges: held?.held });
  const twice = await rows(
    db,
    `select charge_id, kind, count(*)::int as postings from ledger_transactions
      where charge_id is not null and kind in ('capture', 'release') group by charge_id, kind having count(*) > 1`,
  );
  money.push(...twice.map((r) => ({ problem: 'charge posted more than once', ...r })));
  const releasedUnposted = await rows(
    db,
    `select c.id from charges c where c.released_at is not null and c.amount > c.refunded
        and not exists (select 1 from ledger_transactions t where t.charge_id = c.id and t.kind = 'release')`,
  );
  money.push(...releasedUnposted.map((r) => ({ problem: 'charge marked released without a release posting', ...r })));
  const postedUnreleased = await rows(
    db,
    `select t.charge_id from ledger_transactions t join charges c on c.id = t.charge_id where t.kind = 'release' and c.released_at is null`,
  );
  money.push(...postedUnreleased.map((r) => ({ problem: 'release posted but the charge is not marked released', ...r })));
  const capturedUnposted = await rows(
    db,
    `select c.id from charges c where c.status = 'captured' and not exists (select 1 from ledger_transactions t where t.charge_id = c.id and t.kind = 'capture')`,
  );
  money.push(...capturedUnposted.map((r) => ({ problem: 'captured charge without a capture posting', ...r })));
  const completedNotCaptured = await rows(
    db,
    `select r.id as ride_id, c.status as fare_status from rides r left join charges c on c.ride_id = r.id and c.kind = 'fare'
      where r.status = 'completed' and (c.id is null or c.status <> 'captured')`,
  );
  money.push(...completedNotCaptured.map((r) => ({ problem: 'completed ride whose fare is not captured', ...r })));
  const cancelledHeld = await rows(
    db,
    `select r.id as ride_id, c.status as fare_status from rides r join charges c on c.ride_id = r.id and c.kind = 'fare'
      where r.status = 'cancelled' and c.status in ('authorized', 'captured')`,
  );
  money.push(...cancelledHeld.map((r) => ({ problem: 'cancelled ride whose hold was not let go', ...r })));
  const overdue = await rows(
    db,
    `select c.id, c.release_after from charges c
      where c.status = 'captured' and c.released_at is null and c.release_after < now() - interval '15 seconds'
        and not exists (select 1 from disputes d where d.ride_id = c.ride_id and d.status = 'open')`,
  );
  money.push(...overdue.map((r) => ({ problem: 'escrow release overdue', ...r })));
  const [moneyCounts] = await rows<{ captured: number; released: number }>(
    db,
    `select count(*) filter (where status = 'captured')::int as captured, count(*) filter (where released_at is not null)::int as released from charges`,
  );
  results.push(
    property(
      'ledger balanced, escrow = captured - released',
      money,
      `${moneyCounts?.captured ?? 0} charges captured, ${moneyCounts?.released ?? 0} released once each; escrow ${escrow?.balance ?? 0} cents = unreleased captures; every transaction sums to 0`,
    ),
  );

  // 6. Online sessions: never two at once for a driver; none left open once every driver went offline.
  const sessionOverlap = await rows(
    db,
    `select a.driver_id, a.id as session_a, b.id as session_b from driver_online_sessions a
       join driver_online_sessions b on a.driver_id = b.driver_id and a.id < b.id
      where a.started_at < coalesce(b.ended_at, now()) and b.started_at < coalesce(a.ended_at, now())`,
  );
  const openSessions = await rows(db, `select id, driver_id, started_at from driver_online_sessions where ended_at is null`);
  results.push(
    property(
      'online sessions: no overlap, none left open',
      [
        ...sessionOverlap.map((r) => ({ problem: 'overlapping sessions', ...r })),
        ...openSessions.map((r) => ({ problem: 'open after every driver went offline', ...r })),
      ],
      'no driver had two sessions at once; every session ended when its driver went offline',
    ),
  );
  return results;
}

/** p50/p99 of booking (client told 201) to acceptance (driver told 200), from the history. */
export function bookingToAcceptMs(history: BotEvent[]): { count: number; p50: number; p99: number } {
  const bookedAt = new Map<string, number>();
  for (const e of history) if (e.kind === 'book' && e.outcome === 'ok' && e.rideId) bookedAt.set(e.rideId, e.at);
  const waits: number[] = [];
  for (const e of history) {
    if (e.kind !== 'accept' || e.outcome !== 'ok' || !e.rideId) continue;
    const at = bookedAt.get(e.rideId);
    if (at !== undefined) waits.push(e.at - at);
  }
  waits.sort((a, b) => a - b);
  const pick = (p: number) => (waits.length === 0 ? 0 : waits[Math.min(waits.length - 1, Math.ceil((p / 100) * waits.length) - 1)]!);
  return { count: waits.length, p50: pick(50), p99: pick(99) };
}

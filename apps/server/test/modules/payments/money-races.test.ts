import type { Ride } from '@coride/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsService } from '../../../src/modules/payments/service';
import { EmbeddedProvider } from '../../../src/modules/payments/embedded-provider';
import { InProcessHub } from '../../../src/modules/realtime/hub';
import { ledgerInvariants, rows } from '../../support/ledger';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, book, expectOk, HERALD_SQUARE, onlineDriver, rider, signInAdmin, type Person } from '../../support/world';

/*
 * Money races need real concurrency: PGlite runs one query at a time, so these only race on
 * PostgreSQL (DATABASE_URL), where the app's pool has 10 connections.
 */
describe.runIf(backends.includes('postgres'))('money races on postgres', () => {
  let t: TestApp;
  let admin: Person;
  let driver: Person;
  const clock = { now: new Date('2026-11-20T12:00:00Z') };
  let failCapture = false;
  /** A ride whose dispute another connection commits right after a release has claimed its charge. */
  let disputeOnClaim: Ride | undefined;

  beforeAll(async () => {
    t = await createTestApp(
      'postgres',
      {},
      () => clock.now,
      async (point) => {
        if (failCapture && point === 'capture:in-transaction') throw new Error('injected: capture lost');
        if (disputeOnClaim && point === 'release:claimed') {
          const ride = disputeOnClaim;
          disputeOnClaim = undefined;
          // Committed on another pool connection while the release holds its row locks: the race of a
          // dispute opened between the release's snapshot and its lock (security review L8).
          await t.database.db.execute(
            sql`insert into disputes (ride_id, rider_id, territory_id, reason, description, opened_at) values (${ride.id}, ${ride.rider.id}, ${ride.territoryId}, 'overcharged', 'Opened as the release ran', ${clock.now})`,
          );
        }
      },
    );
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
    driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
  });
  afterAll(() => t?.close());

  async function completedRide(): Promise<Ride> {
    const person = await rider(t.app);
    const ride = await expectOk<Ride>(await book(t.app, person), 201);
    await t.app.services.dispatcher.sweep();
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    return expectOk<Ride>(await api.post(t.app, `/api/rides/${ride.id}/complete`, driver));
  }

  it('posts a completion once when 20 retries of it arrive at the same moment', async () => {
    failCapture = true; // the completion's own capture is lost, so every retry races to capture
    const ride = await completedRide();
    failCapture = false;
    expect(await rows(t.database.db, sql`select status from charges where ride_id = ${ride.id}`)).toEqual([{ status: 'authorized' }]);

    const responses = await Promise.all(Array.from({ length: 20 }, () => api.post(t.app, `/api/rides/${ride.id}/complete`, driver)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await rows(t.database.db, sql`select kind from ledger_transactions where ride_id = ${ride.id}`)).toEqual([{ kind: 'capture' }]);
    const [escrow] = await rows<{ amount: string }>(
      t.database.db,
      sql`select sum(amount)::text as amount from ledger_entries e join ledger_transactions x on x.id = e.transaction_id where x.ride_id = ${ride.id} and e.account_id = 'escrow'`,
    );
    expect(Number(escrow!.amount)).toBe(ride.totalFare);
    await ledgerInvariants(t.database.db);
  });

  it('does not release a fare whose dispute was committed after the release looked but before it locked', async () => {
    const ride = await completedRide();
    clock.now = new Date(clock.now.getTime() + 3 * 86_400_000 + 1000);
    disputeOnClaim = ride;
    await t.app.services.payments.releaseDue();
    expect(disputeOnClaim).toBeUndefined(); // the claim happened, and the dispute with it
    const [fare] = await rows<{ released_at: Date | null }>(t.database.db, sql`select released_at from charges where ride_id = ${ride.id} and kind = 'fare'`);
    expect(fare!.released_at).toBeNull();
    expect(await rows(t.database.db, sql`select id from ledger_transactions where kind = 'release' and ride_id = ${ride.id}`)).toEqual([]);
    // Once the dispute is settled in the payees' favour, the next run releases it (and only once).
    await t.database.db.execute(sql`update disputes set status = 'resolved', resolution = 'release', resolved_at = ${clock.now} where ride_id = ${ride.id}`);
    await t.app.services.payments.releaseDue();
    expect(await rows(t.database.db, sql`select kind from ledger_transactions where kind = 'release' and ride_id = ${ride.id}`)).toEqual([{ kind: 'release' }]);
    await ledgerInvariants(t.database.db);
  });

  it('releases each charge exactly once when two instances run the release at the same moment', async () => {
    const completed: Ride[] = [];
    for (let i = 0; i < 12; i += 1) completed.push(await completedRide());
    clock.now = new Date(clock.now.getTime() + 3 * 86_400_000 + 1000);

    // Two instances: two payment services, each with its own provider object, on the same database.
    const instance = () =>
      createPaymentsService({
        db: t.database.db,
        provider: new EmbeddedProvider(t.database.db),
        hub: new InProcessHub(),
        now: () => clock.now,
        log: { warn: () => undefined },
      });
    const [a, b] = [instance(), instance()];
    const [due] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from charges where status = 'captured' and released_at is null`);
    expect(due!.n).toBeGreaterThanOrEqual(completed.length);
    // Small batches, many rounds each, so the two workers' claims interleave.
    const worker = async (service: ReturnType<typeof instance>) => {
      let released = 0;
      for (let batch = await service.releaseDue(2); batch > 0; batch = await service.releaseDue(2)) released += batch;
      return released;
    };
    const [byA, byB, byA2, byB2] = await Promise.all([worker(a), worker(b), worker(a), worker(b)]);
    expect(byA + byB + byA2 + byB2).toBe(due!.n);

    const releases = await rows<{ charge_id: string; n: number }>(
      t.database.db,
      sql`select charge_id, count(*)::int as n from ledger_transactions where kind = 'release' and ride_id in (${sql.join(
        completed.map((r) => sql`${r.id}`),
        sql`, `,
      )}) group by charge_id`,
    );
    expect(releases).toHaveLength(completed.length);
    expect(releases.every((r) => r.n === 1)).toBe(true);
    expect(await ledgerInvariants(t.database.db)).toBe(0);
  });
});

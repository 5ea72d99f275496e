import type { BonusPoolRunResult, BonusPoolRunSummary, DriverPerformance, Ride } from '@coride/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rides } from '../../../src/db/schema';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { ledgerInvariants, rows } from '../../support/ledger';
import {
  api,
  approvedLicensee,
  book,
  expectOk,
  goOnline,
  HERALD_SQUARE,
  offset,
  onlineDriver,
  rider,
  signInAdmin,
  TIMES_SQUARE,
  type Person,
} from '../../support/world';

/** About 5 road miles north of Times Square: a subtotal above the guarantee's $6.875 per estimated half hour. */
const HARLEM = { address: 'Harlem, New York, NY', ...offset(TIMES_SQUARE, 4) };

describe.each(backends)('month-end bonus pool on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-10-01T08:00:00Z');
  let admin: Person;
  let licensee: Person & { territoryId: string };
  let other: Person & { territoryId: string };
  let passenger: Person;
  const d = {} as Record<'g' | 's' | 'p', Person>;
  let october: BonusPoolRunSummary;
  const q = <T>(query: ReturnType<typeof sql>) => rows<T>(t.database.db, query);
  const balanceOf = async (id: string) =>
    Number((await q<{ balance: string }>(sql`select coalesce((select balance from ledger_accounts where id = ${id}), 0)::text as balance`))[0]!.balance);
  const post = (url: string, who: Person, body?: unknown) => api.post(t.app, url, who, body);

  /** A real ride through the API: offered to every online driver, `driver` accepts (after `decliner` declines), picked up at once, rated 5. */
  async function ride(driver: Person, decliner?: Person): Promise<Ride> {
    const booked = await expectOk<Ride>(await book(t.app, passenger, TIMES_SQUARE, HARLEM), 201);
    await t.app.services.dispatcher.sweep();
    if (decliner) await expectOk(await post(`/api/rides/${booked.id}/decline`, decliner));
    const accepted = await expectOk<Ride>(await post(`/api/rides/${booked.id}/accept`, driver));
    // The accept path stores the pickup ETA the rider was told.
    const [row] = await t.database.db.select({ eta: rides.pickupEtaSeconds }).from(rides).where(eq(rides.id, booked.id));
    expect(accepted.etaMinutes).not.toBeNull();
    expect(row!.eta).toBe(accepted.etaMinutes! * 60);
    await expectOk(await post(`/api/rides/${booked.id}/start`, driver, { pin: booked.pin }));
    const done = await expectOk<Ride>(await post(`/api/rides/${booked.id}/complete`, driver));
    // Rated, so the tiers have a rating to judge (a default 5.0 reaches no tier).
    await expectOk(await post(`/api/rides/${booked.id}/rate`, passenger, { rating: 5 }));
    clock = new Date(clock.getTime() + 10 * 60_000);
    return done;
  }

  beforeAll(async () => {
    // Sessions must outlive the three months the test lives through.
    t = await createTestApp(backend, { TIER_RECOMPUTE_MS: '0', SESSION_TTL_HOURS: String(24 * 365) }, () => clock);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin);
    other = await approvedLicensee(t.app, admin, ['10013'], 'Tribeca');
    passenger = await rider(t.app);
    for (const key of ['g', 's'] as const) d[key] = await onlineDriver(t.app, admin, HERALD_SQUARE);

    // October: S declines 3 offers that G takes; then G 21 more, S 21, P 5. G: 24 accepts in a row
    // (2 streaks), S: 21 of 24 (87.5%, then 2 streaks), P: 5 (the trial period). G and S are online
    // from 08:00 until the last ride ends (50 rides of 10 minutes: 16:20), P only for its own rides.
    for (let i = 0; i < 3; i += 1) await ride(d.g, d.s);
    for (let i = 0; i < 21; i += 1) await ride(d.g);
    for (let i = 0; i < 21; i += 1) await ride(d.s);
    d.p = await onlineDriver(t.app, admin, HERALD_SQUARE);
    const lastOfP = [];
    for (let i = 0; i < 5; i += 1) lastOfP.push(await ride(d.p));
    for (const key of ['g', 's', 'p'] as const) await expectOk(await api.patch(t.app, '/api/drivers/status', d[key], { status: 'offline' }));
    await expectOk(await post(`/api/rides/${lastOfP[0]!.id}/tip`, passenger, { amount: 300 }));
    // Everything is released in October (3 days after completion).
    clock = new Date('2026-10-10T12:00:00Z');
    await t.app.services.payments.settle();
    clock = new Date('2026-11-02T09:00:00Z');
  }, 300_000);
  afterAll(() => t?.close());

  const fareShares = async (driverId: string) =>
    Number(
      (
        await q<{
          total: string;
        }>(sql`select coalesce(sum(e.amount), 0)::text as total from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          where e.account_id = ${`driver:${driverId}`} and t.kind = 'release'`)
      )[0]!.total,
    );
  const earned = async (driverId: string) =>
    Number(
      (
        await q<{ total: string }>(
          sql`select coalesce(sum(subtotal + tip), 0)::text as total from rides where driver_id = ${driverId} and status = 'completed'`,
        )
      )[0]!.total,
    );

  it('refuses a month that is not over, and is for admins only', async () => {
    expect((await post('/api/admin/bonus-pool/run', admin, { month: '2026-11' })).statusCode).toBe(409);
    expect((await post('/api/admin/bonus-pool/run', admin, { month: '2026-13' })).statusCode).toBe(400);
    expect((await post('/api/admin/bonus-pool/run', licensee, { month: '2026-10' })).statusCode).toBe(403);
    expect((await post('/api/admin/bonus-pool/run', d.g, { month: '2026-10' })).statusCode).toBe(403);
    expect(await q(sql`select id from bonus_pool_runs`)).toEqual([]);
  });

  it('funds the pool from the fee accounts and pays the drivers, each transaction balanced, the fare share untouched', async () => {
    const pool = `bonus_pool:${licensee.territoryId}`;
    const feeIds = ['platform_software', 'corporate_admin', `licensee:${licensee.id}`, 'global_csr', `local_csr:${licensee.territoryId}`];
    const before = new Map(
      await Promise.all([...feeIds, ...Object.values(d).map((p) => `driver:${p.id}`), pool].map(async (id) => [id, await balanceOf(id)] as const)),
    );
    // Before: each driver's account holds exactly their subtotals and tips (all released).
    for (const person of Object.values(d)) expect(before.get(`driver:${person.id}`)).toBe(await earned(person.id));

    const result = await expectOk<BonusPoolRunResult>(await post('/api/admin/bonus-pool/run', admin, { month: '2026-10' }));
    expect(result.runs.map((r) => [r.territoryId, r.posted]).sort()).toEqual(
      [
        [licensee.territoryId, true],
        [other.territoryId, true],
      ].sort(),
    );
    october = await expectOk<BonusPoolRunSummary>(
      await api.get(t.app, `/api/community/bonus-pool?territoryId=${licensee.territoryId}&month=2026-10`, licensee),
    );

    // Funding, from the month's released income (only Midtown has rides: the fee accounts hold exactly it).
    const R = Number((await q<{ r: string }>(sql`select sum(subtotal)::text as r from rides where status = 'completed'`))[0]!.r);
    const ps = before.get('platform_software')!;
    const ca = before.get('corporate_admin')!;
    const lic = before.get(`licensee:${licensee.id}`)!;
    const ride = Math.floor((R * 2) / 100);
    const platform = Math.floor(((ps + ca - ride) * 5) / 100);
    const licenseeLine = Math.floor((lic * 5) / 100);
    expect(october).toMatchObject({
      month: '2026-10',
      monthlyRideRevenue: R,
      rideContribution: ride,
      platformContribution: platform,
      licenseeContribution: licenseeLine,
      totalMonthlyFunding: ride + platform + licenseeLine,
      reserve: 0,
      nextPayoutDate: '2026-11-01T00:00:00.000Z',
    });
    expect(october.fundingDebits).toMatchObject({ globalCsr: 0, localCsr: 0, licensee: licenseeLine });
    expect(october.fundingDebits.platformSoftware + october.fundingDebits.corporateAdmin).toBe(ride + platform);
    // Platform software gives 1.5 of the 2 points and its share of the 5%.
    expect(Math.abs(october.fundingDebits.platformSoftware - (0.75 * ride + (platform * (ps - 0.75 * ride)) / (ps + ca - ride)))).toBeLessThanOrEqual(2);

    // Tiers at the month's close and the targets they bring.
    const line = (p: Person) => october.drivers.find((x) => x.driverId === p.id)!;
    const base = async (p: Person) =>
      Number((await q<{ b: string }>(sql`select sum(subtotal)::text as b from rides where driver_id = ${p.id} and status = 'completed'`))[0]!.b);
    const [baseG, baseS, baseP] = [await base(d.g), await base(d.s), await base(d.p)];
    // Online hours are the recorded sessions (08:00-16:20 for G and S, 50 minutes for P). The
    // guarantee needs base >= $2,200 × hours / 160 h: the long rides pass it.
    expect(baseG).toBeGreaterThan(Math.floor((220_000 * 8.33) / 160));
    expect(baseS).toBeGreaterThan(Math.floor((220_000 * 8.33) / 160));
    expect(line(d.g)).toMatchObject({
      tier: 'Gold',
      quintile: 1,
      completedRides: 24,
      streaksCompleted: 2,
      acceptanceRate: 100,
      baseEarnings: baseG,
      onlineHours: 8.33,
      onlineHoursEstimated: false,
      peakHours: 3,
    });
    expect(line(d.s)).toMatchObject({
      tier: 'Silver',
      quintile: 4,
      completedRides: 21,
      streaksCompleted: 2,
      acceptanceRate: 87.5,
      baseEarnings: baseS,
      onlineHours: 8.33,
      onlineHoursEstimated: false,
      peakHours: 3,
    });
    expect(line(d.p)).toMatchObject({
      tier: 'Probationary',
      quintile: 1,
      completedRides: 5,
      streaksCompleted: 0,
      baseEarnings: baseP,
      onlineHours: 0.83,
      onlineHoursEstimated: false,
      peakHours: 0,
      peakEarnings: 0,
    });
    // Thursday 04:00-12:20 in New York: 07:00-10:00 is peak; G's and S's rides in it earned more than
    // the peak-hour minimum ($22 and $20 an hour), so no guarantee is owed.
    expect(line(d.g).peakEarnings! + line(d.s).peakEarnings!).toBe(
      Number(
        (
          await q<{ p: string }>(
            sql`select sum(subtotal)::text as p from rides where status = 'completed' and started_at >= '2026-10-01T11:00:00Z' and started_at < '2026-10-01T14:00:00Z'`,
          )
        )[0]!.p,
      ),
    );
    expect(line(d.g).peakEarnings!).toBeGreaterThan(3 * 2200);
    expect(line(d.s).peakEarnings!).toBeGreaterThan(3 * 2000);
    const targets = {
      // Gold: $2 a streak, 2% × 1.08 of base (top quintile); Silver: $1.50 a streak, 2% × 0.98; Probationary: nothing.
      g: { guarantee: 0, streak: 400, performance: Math.floor((baseG * 2 * 108) / 10_000) },
      s: { guarantee: 0, streak: 300, performance: Math.floor((baseS * 2 * 98) / 10_000) },
      p: { guarantee: 0, streak: 0, performance: 0 },
    };
    for (const key of ['g', 's', 'p'] as const) expect(line(d[key]).target, key).toEqual(targets[key]);
    const wanted = Object.values(targets).reduce((sum, x) => sum + x.streak + x.performance, 0);
    const available = october.totalMonthlyFunding;
    expect(october.targetPayout).toBe(wanted);
    expect(october.lastMonthPayout).toBe(Math.min(wanted, available));
    expect(october.monthlySurplus).toBe(available - Math.min(wanted, available));
    for (const key of ['g', 's', 'p'] as const) {
      const { total, target } = line(d[key]);
      const want = target.streak + target.performance;
      expect(total).toBeLessThanOrEqual(want);
      // Scaled in proportion when the pool is short (largest remainder: within a cent).
      expect(Math.abs(total - (want * Math.min(wanted, available)) / wanted)).toBeLessThan(1);
    }

    // The ledger: two balanced transactions, the accounts moved by exactly the lines.
    const txs = await q<{ kind: string; total: string; key: string }>(
      sql`select t.kind, t.idempotency_key as key, coalesce(sum(e.amount), 0)::text as total from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
          where t.kind in ('bonus_funding', 'bonus_payout') and t.idempotency_key like ${`%:${licensee.territoryId}:2026-10`} group by t.kind, t.idempotency_key order by t.kind`,
    );
    expect(txs).toEqual([
      { kind: 'bonus_funding', key: `bonus_funding:${licensee.territoryId}:2026-10`, total: '0' },
      { kind: 'bonus_payout', key: `bonus_payout:${licensee.territoryId}:2026-10`, total: '0' },
    ]);
    await ledgerInvariants(t.database.db);
    const debit = {
      platform_software: october.fundingDebits.platformSoftware,
      corporate_admin: october.fundingDebits.corporateAdmin,
      [`licensee:${licensee.id}`]: licenseeLine,
    } as Record<string, number>;
    for (const id of feeIds) expect(before.get(id)! - (await balanceOf(id)), id).toBe(debit[id] ?? 0);
    for (const key of ['g', 's', 'p'] as const) {
      const id = `driver:${d[key].id}`;
      expect((await balanceOf(id)) - before.get(id)!, key).toBe(line(d[key]).total);
      // The driver's fare share (subtotal + tips) is still exactly what the rides released.
      expect(await fareShares(d[key].id)).toBe(await earned(d[key].id));
    }
    expect(await balanceOf(pool)).toBe(october.monthlySurplus);
  });

  it('posts once, however often it runs', async () => {
    const again = await expectOk<BonusPoolRunResult>(await post('/api/admin/bonus-pool/run', admin, { month: '2026-10' }));
    expect(again.runs.every((r) => !r.posted)).toBe(true);
    expect(again.runs.find((r) => r.territoryId === licensee.territoryId)).toMatchObject({
      funding: october.totalMonthlyFunding,
      paid: october.lastMonthPayout,
      surplus: october.monthlySurplus,
    });
    expect(await t.app.services.bonusPool.runDue()).toBe(0);
    const counts = await q<{ kind: string; n: number }>(
      sql`select kind, count(*)::int as n from ledger_transactions where kind in ('bonus_funding', 'bonus_payout') group by kind order by kind`,
    );
    expect(counts).toEqual([
      { kind: 'bonus_funding', n: 2 },
      { kind: 'bonus_payout', n: 2 },
    ]);
  });

  it('tells a driver their own line and last month’s bonus, a licensee their territory, and nobody else', async () => {
    const url = `/api/community/bonus-pool?territoryId=${licensee.territoryId}&month=2026-10`;
    const mine = await expectOk<BonusPoolRunSummary>(await api.get(t.app, '/api/community/bonus-pool', d.g));
    expect(mine.month).toBe('2026-10');
    expect(mine.drivers.map((x) => x.driverId)).toEqual([d.g.id]);
    expect(mine.totalMonthlyFunding).toBe(october.totalMonthlyFunding);
    expect(mine.quintiles).toEqual(october.quintiles);
    expect((await expectOk<BonusPoolRunSummary>(await api.get(t.app, url, admin))).drivers).toHaveLength(3);
    expect((await api.get(t.app, url, other)).statusCode).toBe(404);
    expect((await api.get(t.app, `/api/community/bonus-pool?territoryId=${other.territoryId}&month=2026-10`, d.g)).statusCode).toBe(404);
    expect((await api.get(t.app, url, passenger)).statusCode).toBe(403);
    expect((await api.get(t.app, `/api/community/bonus-pool?territoryId=${licensee.territoryId}&month=2026-09`, licensee)).statusCode).toBe(404);

    const performance = await expectOk<DriverPerformance>(await api.get(t.app, '/api/drivers/performance', d.g));
    const g = october.drivers.find((x) => x.driverId === d.g.id)!;
    expect(performance.monthlyBonus).toBe(g.total);
    expect(performance.lastBonus).toEqual({ month: '2026-10', quintile: 1, ...g.paid, total: g.total });
  });

  it('runs last month by itself once it is over, once under concurrent calls, and carries the surplus as reserve', async () => {
    // November: P alone drives (2 rides, released in November); P is in the trial period, owed nothing.
    clock = new Date('2026-11-03T10:00:00Z');
    await goOnline(t.app, d.p, HERALD_SQUARE);
    await ride(d.p);
    await ride(d.p);
    await expectOk(await api.patch(t.app, '/api/drivers/status', d.p, { status: 'offline' }));
    clock = new Date('2026-11-07T10:00:00Z');
    await t.app.services.payments.settle();
    const poolBefore = await balanceOf(`bonus_pool:${licensee.territoryId}`);
    expect(poolBefore).toBe(october.monthlySurplus);

    clock = new Date('2026-12-01T00:00:30Z');
    const [auto, manual] = await Promise.all([
      t.app.services.bonusPool.runDue(),
      post('/api/admin/bonus-pool/run', admin, { month: '2026-11', territoryId: licensee.territoryId }),
    ]);
    const manualResult = await expectOk<BonusPoolRunResult>(manual);
    // One of the two posted Midtown's November; Tribeca's ran automatically.
    expect(auto + (manualResult.runs[0]!.posted ? 1 : 0)).toBe(2);
    expect(await q(sql`select id from bonus_pool_runs where month = '2026-11'`)).toHaveLength(2);
    expect(await q(sql`select id from ledger_transactions where idempotency_key like ${`bonus_%:${licensee.territoryId}:2026-11`}`)).toHaveLength(2);

    const november = await expectOk<BonusPoolRunSummary>(
      await api.get(t.app, `/api/community/bonus-pool?territoryId=${licensee.territoryId}&month=2026-11`, licensee),
    );
    expect(november.totalMonthlyFunding).toBeGreaterThan(0);
    expect(november).toMatchObject({ reserve: october.monthlySurplus, lastMonthPayout: 0, targetPayout: 0, sustainabilityScore: 100, coverage: 'excellent' });
    expect(november.monthlySurplus).toBe(october.monthlySurplus + november.totalMonthlyFunding);
    expect(november.drivers).toMatchObject([{ driverId: d.p.id, completedRides: 2, total: 0, onlineHours: 0.33, onlineHoursEstimated: false }]);
    expect(await balanceOf(`bonus_pool:${licensee.territoryId}`)).toBe(november.monthlySurplus);

    // December, with no ride: the reserve is carried whole.
    clock = new Date('2027-01-01T00:00:30Z');
    await t.app.services.bonusPool.runDue();
    const december = await expectOk<BonusPoolRunSummary>(await api.get(t.app, `/api/community/bonus-pool?territoryId=${licensee.territoryId}`, licensee));
    expect(december).toMatchObject({
      month: '2026-12',
      totalMonthlyFunding: 0,
      reserve: november.monthlySurplus,
      monthlySurplus: november.monthlySurplus,
      drivers: [],
    });
    await ledgerInvariants(t.database.db);
  });
});

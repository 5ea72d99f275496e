import {
  communityHealth,
  quoteFare,
  splitFare,
  type DriverEarningsDaily,
  type LicenseeAnalytics,
  type PlatformAnalytics,
  type PlatformStats,
  type Ride,
} from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideOffers, rides } from '../../../src/db/schema';
import { priceColumns } from '../../../src/modules/rides/repository';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  expectOk,
  HERALD_SQUARE,
  MIDTOWN_ZIPS,
  onlineDriver,
  PENN_STATION,
  registeredDriver,
  rider,
  signInAdmin,
  TIMES_SQUARE,
  type Person,
} from '../../support/world';

const DAY = 86_400_000;

/**
 * A scripted territory: October has 4 completed rides (rated 4) by driver A and 1 by driver B (rated 4),
 * B declined 3 more offers; November has 2 rides through the real flow (charged, rated 5, one tipped,
 * released after escrow) and 3 inserted rides rated 1, all by A and all accepted.
 */
describe.each(backends)('analytics on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-11-20T12:00:00Z');
  let admin: Person;
  let licensee: Person & { territoryId: string };
  let other: Person & { territoryId: string };
  let driverA: Person;
  let driverB: Person;
  let customer: Person;
  const real: Ride[] = [];
  const TIP = 275;
  const inserted = priceColumns(quoteFare({ distanceMiles: 1, durationMinutes: 5 }));

  async function insertRide(driver: Person, at: Date, plan: { rating?: number; offer: 'accepted' | 'declined' }) {
    const completed = plan.offer === 'accepted';
    const [ride] = await t.database.db
      .insert(rides)
      .values({
        riderId: customer.id,
        territoryId: licensee.territoryId,
        pickupAddress: TIMES_SQUARE.address,
        pickupLat: TIMES_SQUARE.lat,
        pickupLng: TIMES_SQUARE.lng,
        pickupZip: '10036',
        dropoffAddress: PENN_STATION.address,
        dropoffLat: PENN_STATION.lat,
        dropoffLng: PENN_STATION.lng,
        ...inserted,
        driverId: completed ? driver.id : null,
        status: completed ? 'completed' : 'cancelled',
        fareHeldAt: completed ? at : null,
        rating: plan.rating ?? null,
        requestedAt: at,
        acceptedAt: completed ? at : null,
        completedAt: completed ? at : null,
        cancelledAt: completed ? null : at,
        cancelledBy: completed ? null : 'system',
      })
      .returning();
    await t.database.db.insert(rideOffers).values({
      rideId: ride!.id,
      driverId: driver.id,
      round: 0,
      status: plan.offer,
      distanceMiles: 0.5,
      offeredAt: at,
      expiresAt: at,
      respondedAt: new Date(at.getTime() + 5000),
    });
  }

  async function realRide(tip: number): Promise<Ride> {
    const ride = await expectOk<Ride>(await book(t.app, customer), 201);
    await t.app.services.dispatcher.sweep();
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driverA));
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driverA, { pin: ride.pin }));
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/complete`, driverA));
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/rate`, customer, { rating: 5 }));
    if (tip) await expectOk(await api.post(t.app, `/api/rides/${ride.id}/tip`, customer, { amount: tip }));
    return expectOk<Ride>(await api.get(t.app, `/api/rides/${ride.id}`, customer));
  }

  beforeAll(async () => {
    t = await createTestApp(backend, { DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0' }, () => clock);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin, MIDTOWN_ZIPS, 'Midtown');
    other = await approvedLicensee(t.app, admin, ['11201'], 'Brooklyn Heights');
    driverA = await onlineDriver(t.app, admin, HERALD_SQUARE);
    driverB = await registeredDriver(t.app, admin);
    customer = await rider(t.app);
    for (let i = 0; i < 4; i += 1) await insertRide(driverA, new Date(Date.UTC(2026, 9, 10, 9 + i)), { rating: 4, offer: 'accepted' });
    await insertRide(driverB, new Date(Date.UTC(2026, 9, 12, 9)), { rating: 4, offer: 'accepted' });
    for (let i = 0; i < 3; i += 1) await insertRide(driverB, new Date(Date.UTC(2026, 9, 12, 10 + i)), { offer: 'declined' });
    for (let i = 0; i < 3; i += 1) await insertRide(driverA, new Date(Date.UTC(2026, 10, 2, 9 + i)), { rating: 1, offer: 'accepted' });
    real.push(await realRide(0), await realRide(TIP));
  }, 120_000);
  afterAll(() => t?.close());

  const analytics = (who: Person, territoryId = licensee.territoryId) => api.get(t.app, `/api/licensee/analytics?territoryId=${territoryId}`, who);

  it("gives the driver each day's fares and tips from the ledger, today last", async () => {
    const daily = await expectOk<DriverEarningsDaily>(await api.get(t.app, '/api/drivers/earnings/daily?days=14', driverA));
    expect(daily.days).toHaveLength(14);
    expect(daily.days.at(-1)).toEqual({
      day: '2026-11-20',
      fares: real.reduce((sum, ride) => sum + splitFare(ride).driver, 0),
      tips: TIP,
      bonuses: 0,
      rides: 2,
    });
    // The inserted rides were never charged: no money on 2 November.
    expect(daily.days.filter((d) => d.day !== '2026-11-20').every((d) => d.fares + d.tips + d.bonuses + d.rides === 0)).toBe(true);
    expect((await api.get(t.app, '/api/drivers/earnings/daily?days=40', driverA)).statusCode).toBe(400);
    expect((await api.get(t.app, '/api/drivers/earnings/daily', licensee)).statusCode).toBe(403);
  });

  it('counts revenue, rides, growth and commission to the cent, before and after the escrow release', async () => {
    const revenueNovember = real.reduce((sum, ride) => sum + ride.totalFare, 0) + 3 * inserted.totalFare;
    const commission = real.reduce((sum, ride) => sum + splitFare(ride, ride.tip).licensee, 0);
    expect(commission).toBeGreaterThan(0);
    let figures = await expectOk<LicenseeAnalytics>(await analytics(licensee));
    expect(figures.territory).toMatchObject({ id: licensee.territoryId, name: 'Midtown', zipCodes: MIDTOWN_ZIPS });
    expect(figures.rides).toEqual({ month: 5, previousMonth: 5, total: 10, growthPercent: 0 });
    expect(figures.revenue).toMatchObject({ month: revenueNovember, previousMonth: 5 * inserted.totalFare, total: revenueNovember + 5 * inserted.totalFare });
    expect(figures.revenue.byDay).toHaveLength(30);
    expect(figures.revenue.byDay.find((d) => d.day === '2026-11-20')).toEqual({
      day: '2026-11-20',
      revenue: real[0]!.totalFare + real[1]!.totalFare,
      rides: 2,
    });
    expect(figures.revenue.byDay.find((d) => d.day === '2026-11-02')).toEqual({ day: '2026-11-02', revenue: 3 * inserted.totalFare, rides: 3 });
    expect(figures.revenue.byDay.reduce((sum, d) => sum + d.revenue, 0)).toBe(revenueNovember);
    expect(figures.commission).toEqual({ month: 0, total: 0, pending: commission });
    expect(figures.insights).toContainEqual({ kind: 'commissionInEscrow', tone: 'neutral', values: { cents: commission } });

    clock = new Date(clock.getTime() + 3 * DAY + 60_000);
    await t.app.services.payments.settle();
    figures = await expectOk<LicenseeAnalytics>(await analytics(licensee));
    expect(figures.commission).toEqual({ month: commission, total: commission, pending: 0 });
    expect(figures.insights.map((i) => i.kind)).not.toContain('commissionInEscrow');
    const driver = figures.drivers.find((d) => d.driverId === driverA.id)!;
    expect(driver.monthEarnings).toBe(real.reduce((sum, ride) => sum + splitFare(ride, ride.tip).driver, 0));
    expect(driver).toMatchObject({
      totalRides: 9,
      monthRides: 5,
      tier: 'Probationary',
      status: 'probation',
      nextTier: 'Bronze',
      ridesNeeded: 11,
      storedTier: null,
    });
    expect(figures.drivers.find((d) => d.driverId === driverB.id)).toMatchObject({
      totalRides: 1,
      monthRides: 0,
      monthEarnings: 0,
      status: 'inactive',
      rating: 4,
    });
  });

  it('computes acceptance, the health score with its colour, and retention from the scripted rides', async () => {
    const figures = await expectOk<LicenseeAnalytics>(await analytics(licensee));
    // October: 5 of 8 offers accepted; November: every offer accepted.
    expect(figures.acceptance).toEqual({ month: 100, previousMonth: 62.5 });
    expect(figures.insights).toContainEqual({ kind: 'acceptanceRose', tone: 'positive', values: { points: 37.5, month: 100, previousMonth: 62.5 } });
    // Riders' ratings of drivers: 5 × 4, 2 × 5 and 3 × 1 → 33 / 10 = 3.3; riders and safety not measured (5.0).
    expect(figures.health).toMatchObject({ customerRating: 5, driverRating: 3.3, safetyScore: 5 });
    expect(figures.health).toMatchObject({ average: 4.43, communityHealthScore: 88.6, colour: 'yellow' });
    expect(communityHealth({ customerRating: 5, driverRating: 3.3, safetyScore: 5 }).score).toBe(figures.health.communityHealthScore);
    expect(figures.unmeasured).toEqual(['customerRating', 'safetyScore']);
    expect(figures.insights).toContainEqual({ kind: 'healthBelowGreen', tone: 'negative', values: { colour: 'yellow', input: 'driverRating', value: 3.3 } });
    // Active 30-60 days ago: A and B; since then only A drove.
    expect(figures.retention).toEqual({ activeAtStart: 2, stillActive: 1, percent: 50, performingWell: false });
    expect(figures.health).toMatchObject({ driverRetention: 50, retentionPerformingWell: false });
    expect(figures.insights).toContainEqual({ kind: 'retentionLow', tone: 'negative', values: { percent: 50 } });
    expect(figures.insights).toContainEqual({ kind: 'driversInTrial', tone: 'neutral', values: { count: 2 } });
    expect(figures.tiers.find((row) => row.tier === 'Probationary')!.count).toBe(2);
  });

  it('reports growth against the previous month once this month has more rides', async () => {
    await insertRide(driverA, new Date(clock.getTime() - 3_600_000), { rating: 5, offer: 'accepted' });
    const figures = await expectOk<LicenseeAnalytics>(await analytics(licensee));
    expect(figures.rides).toMatchObject({ month: 6, previousMonth: 5, growthPercent: 20 });
    expect(figures.insights).toContainEqual({ kind: 'ridesGrew', tone: 'positive', values: { percent: 20 } });
  });

  it('shows a territory only to its licensee and the admin', async () => {
    expect((await analytics(other)).statusCode).toBe(404);
    expect((await analytics(driverA)).statusCode).toBe(403);
    expect((await analytics(customer)).statusCode).toBe(403);
    expect((await analytics(admin)).statusCode).toBe(200);
    expect((await api.get(t.app, '/api/licensee/analytics?territoryId=nope', licensee)).statusCode).toBe(400);
    expect((await analytics(licensee, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const empty = await expectOk<LicenseeAnalytics>(await analytics(other, other.territoryId));
    expect(empty).toMatchObject({
      rides: { month: 0, previousMonth: 0, total: 0, growthPercent: null },
      commission: { month: 0, total: 0, pending: 0 },
      drivers: [],
    });
    expect(empty.health).toMatchObject({ communityHealthScore: 100, colour: 'green' });
    expect(empty.insights).toEqual([{ kind: 'steady', tone: 'neutral', values: {} }]);
  });

  it('gives the admin platform statistics that agree with the ledger and the territories', async () => {
    expect((await api.get(t.app, '/api/admin/analytics', licensee)).statusCode).toBe(403);
    const platform = await expectOk<PlatformAnalytics>(await api.get(t.app, '/api/admin/analytics', admin));
    const stats = await expectOk<PlatformStats>(await api.get(t.app, '/api/admin/platform-stats', admin));
    expect(platform.ledger).toEqual(stats.ledger);
    expect(platform.rides).toMatchObject({ month: 6, previousMonth: 5, total: 11, growthPercent: 20 });
    const midtown = await expectOk<LicenseeAnalytics>(await analytics(licensee));
    expect(platform.revenue).toEqual({ month: midtown.revenue.month, previousMonth: midtown.revenue.previousMonth, total: midtown.revenue.total });
    expect(platform.territories.map((row) => row.name)).toEqual(['Brooklyn Heights', 'Midtown']);
    expect(platform.territories.find((row) => row.name === 'Midtown')).toEqual({
      territoryId: licensee.territoryId,
      name: 'Midtown',
      drivers: 2,
      monthRides: 6,
      monthRevenue: midtown.revenue.month,
      health: { score: midtown.health.communityHealthScore, average: midtown.health.average, colour: midtown.health.colour },
      retentionPercent: 50,
    });
    expect(platform.tiers.reduce((sum, row) => sum + row.count, 0)).toBe(2);
  });
});

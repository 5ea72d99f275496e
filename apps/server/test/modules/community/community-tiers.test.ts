import { quoteFare, type DriverPerformance, type DriverTiersResponse, type TierRecomputeResponse } from '@coride/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communitySubmissions, disputes, driverTiers, rideOffers, rides } from '../../../src/db/schema';
import { priceColumns } from '../../../src/modules/rides/repository';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, expectOk, PENN_STATION, registeredDriver, rider, signInAdmin, TIMES_SQUARE, type Person } from '../../support/world';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One scripted ride: its rating, the rider's optional safety rating, how long the pickup took, an optional dispute. */
type RideSpec = {
  rating?: number;
  safety?: number;
  /** Minutes from accept to pickup; the ETA told at accept is 5 minutes, so up to 7 is on time. */
  pickupMinutes?: number;
  dispute?: { reason: string; resolution: 'refund_full' | 'refund_partial' | 'release' };
};

describe.each(backends)('stored driver tiers on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-11-20T12:00:00Z');
  let admin: Person;
  let licensee: Person & { territoryId: string };
  let otherLicensee: Person & { territoryId: string };
  let riderId: string;
  const drivers = {} as Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', Person>;

  async function script(driver: Person, specs: RideSpec[]) {
    const fare = priceColumns(quoteFare({ distanceMiles: 1, durationMinutes: 5 }));
    for (const [i, spec] of specs.entries()) {
      const at = new Date(clock.getTime() - 20 * DAY + i * HOUR);
      const startedAt = new Date(at.getTime() + (spec.pickupMinutes ?? 4) * MINUTE);
      const [ride] = await t.database.db
        .insert(rides)
        .values({
          riderId,
          driverId: driver.id,
          territoryId: licensee.territoryId,
          pickupAddress: TIMES_SQUARE.address,
          pickupLat: TIMES_SQUARE.lat,
          pickupLng: TIMES_SQUARE.lng,
          pickupZip: '10036',
          dropoffAddress: PENN_STATION.address,
          dropoffLat: PENN_STATION.lat,
          dropoffLng: PENN_STATION.lng,
          ...fare,
          status: 'completed',
          fareHeldAt: at,
          rating: spec.rating ?? 5,
          safetyRating: spec.safety ?? null,
          pickupEtaSeconds: 300,
          requestedAt: at,
          acceptedAt: at,
          startedAt,
          completedAt: new Date(startedAt.getTime() + 15 * MINUTE),
        })
        .returning();
      await t.database.db.insert(rideOffers).values({
        rideId: ride!.id,
        driverId: driver.id,
        round: 0,
        status: 'accepted',
        distanceMiles: 0.5,
        offeredAt: at,
        expiresAt: at,
        respondedAt: new Date(at.getTime() + 5000),
      });
      if (spec.dispute) {
        await t.database.db.insert(disputes).values({
          rideId: ride!.id,
          riderId,
          territoryId: licensee.territoryId,
          reason: spec.dispute.reason,
          description: 'scripted dispute',
          status: 'resolved',
          resolution: spec.dispute.resolution,
          refundAmount: spec.dispute.resolution === 'release' ? 0 : 100,
          openedAt: new Date(at.getTime() + HOUR),
          resolvedAt: new Date(at.getTime() + 2 * HOUR),
        });
      }
    }
  }

  async function submissions(driver: Person, statuses: ('pending' | 'accepted' | 'rejected')[]) {
    for (const status of statuses) {
      await t.database.db.insert(communitySubmissions).values({
        userId: driver.id,
        territoryId: licensee.territoryId,
        kind: 'route_suggestion',
        text: 'Use 8th Avenue northbound after 5 pm',
        status,
        createdAt: new Date(clock.getTime() - 10 * DAY),
        reviewedAt: status === 'pending' ? null : new Date(clock.getTime() - 9 * DAY),
      });
    }
  }

  const times = <T>(n: number, spec: T): T[] => Array.from({ length: n }, () => spec);

  beforeAll(async () => {
    t = await createTestApp(backend, { TIER_RECOMPUTE_MS: '0' }, () => clock);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin);
    otherLicensee = await approvedLicensee(t.app, admin, ['10013'], 'Tribeca');
    riderId = (await rider(t.app)).id;
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f'] as const) drivers[key] = await registeredDriver(t.app, admin);

    // A: perfect, safety-rated 5, every pickup on time (one exactly at ETA + 2 min), 8 accepted community actions.
    await script(drivers.a, [...times(19, { safety: 5 }), { pickupMinutes: 7 }, ...times(10, {})]);
    await submissions(drivers.a, [...times(8, 'accepted' as const), 'pending', 'rejected']);
    // B: perfect, no community action; a refund for overcharging and a safety dispute released are no incidents.
    await script(drivers.b, [
      { dispute: { reason: 'overcharged', resolution: 'refund_full' } },
      { dispute: { reason: 'safety', resolution: 'release' } },
      ...times(23, {}),
    ]);
    // C: one safety dispute resolved with a refund: safety 5 − 0.5 = 4.5.
    await script(drivers.c, [{ dispute: { reason: 'safety', resolution: 'refund_partial' } }, ...times(24, {})]);
    // E: riders rated safety 4 on every ride: safety 4.0.
    await script(drivers.e, times(25, { safety: 4 }));
    // D: 14 pickups on time, 11 late (10 minutes against a 5-minute ETA): punctuality 5 × 14 / 25 = 2.8.
    await script(drivers.d, [...times(14, {}), ...times(11, { pickupMinutes: 10 })]);
    // F: a newcomer with 5 rides.
    await script(drivers.f, times(5, {}));
  }, 120_000);
  afterAll(() => t?.close());

  const performance = async (driver: Person) => expectOk<DriverPerformance>(await api.get(t.app, '/api/drivers/performance', driver));

  it('measures punctuality, safety and community engagement from the rides, disputes and submissions', async () => {
    const a = await performance(drivers.a);
    expect(a.metrics).toMatchObject({ punctualityScore: 5, safetyScore: 5, communityEngagement: 4, overallScore: 4.9 });
    expect(a.unmeasured).toEqual([]);
    const b = await performance(drivers.b);
    expect(b.metrics).toMatchObject({ safetyScore: 5, communityEngagement: 0, overallScore: 4.5 });
    // No safety rating and no incident: the default applies, and the response says so.
    expect(b.unmeasured).toEqual(['safetyScore']);
    expect((await performance(drivers.c)).metrics).toMatchObject({ safetyScore: 4.5, overallScore: 4.4 });
    expect((await performance(drivers.e)).metrics).toMatchObject({ safetyScore: 4, overallScore: 4.3 });
    expect((await performance(drivers.d)).metrics).toMatchObject({ punctualityScore: 2.8, overallScore: 4.28 });
    const f = await performance(drivers.f);
    expect(f.periodStart).toBe(new Date(clock.getTime() - 90 * DAY).toISOString());
    expect(f.periodEnd).toBe(clock.toISOString());
  });

  it('gives each driver the tier their thresholds and rank allow', async () => {
    // Ranked (20+ rides) by overall score: A 4.9, B 4.5, C 4.4, E 4.3, D 4.28 -> top 0, 20, 40, 60, 80%.
    const expected = {
      a: ['Platinum', 0], // every Platinum minimum, engagement 4 >= 3.5, top 0% < 10%
      b: ['Gold', 0.2], // engagement 0 < 3.5 misses Platinum; Gold's minimums hold and 20% < 30%
      c: ['Silver', 0.4], // safety 4.5 < Gold's 4.6, >= Silver's 4.5; 40% < 70%
      e: ['Bronze', 0.6], // safety 4.0 < Silver's 4.5 though its rank (60%) would allow Silver
      d: ['Probationary', 0.8], // punctuality 2.8 < Bronze's 3.5
      f: ['Probationary', null], // 5 rides: the trial period, not ranked
    } as const;
    for (const [key, [tier, topFraction]] of Object.entries(expected)) {
      expect(await performance(drivers[key as keyof typeof expected]), key).toMatchObject({ tier, topFraction, storedTier: null });
    }
  });

  it('stores the tiers on demand for a licensee, and lists them for the licensee analytics', async () => {
    clock = new Date(clock.getTime() + MINUTE);
    const result = await expectOk<TierRecomputeResponse>(await api.post(t.app, '/api/licensee/tiers/recompute', licensee));
    expect(result).toEqual({ computedAt: clock.toISOString(), territories: [{ territoryId: licensee.territoryId, drivers: 6 }] });

    const list = await expectOk<DriverTiersResponse>(await api.get(t.app, `/api/licensee/driver-tiers?territoryId=${licensee.territoryId}`, licensee));
    expect(list.computedAt).toBe(clock.toISOString());
    const byId = new Map(list.drivers.map((row) => [row.driverId, row]));
    expect([drivers.a, drivers.b, drivers.c, drivers.e, drivers.d].map((d) => byId.get(d.id)?.tier)).toEqual([
      'Platinum',
      'Gold',
      'Silver',
      'Bronze',
      'Probationary',
    ]);
    // Best score first (F, unranked, shares B's 4.5).
    expect(list.drivers.map((row) => row.driverId).filter((id) => id !== drivers.f.id)).toEqual([
      drivers.a.id,
      drivers.b.id,
      drivers.c.id,
      drivers.e.id,
      drivers.d.id,
    ]);
    expect(byId.get(drivers.a.id)).toMatchObject({ overallScore: 4.9, topFraction: 0, metrics: { communityEngagement: 4, punctualityScore: 5 } });
    expect(byId.get(drivers.f.id)).toMatchObject({ tier: 'Probationary', topFraction: null });

    const [row] = await t.database.db.select().from(driverTiers).where(eq(driverTiers.driverId, drivers.c.id));
    expect(row).toMatchObject({ territoryId: licensee.territoryId, tier: 'Silver', overallScore: 4.4, topFraction: 0.4 });
    expect(row!.computedAt.toISOString()).toBe(clock.toISOString());

    // The driver's page says when the stored tier was computed.
    expect((await performance(drivers.c)).storedTier).toEqual({ tier: 'Silver', computedAt: clock.toISOString() });
  });

  it('refuses a driver who asks to recompute the territory, and stores nothing', async () => {
    await submissions(drivers.b, times(1, 'accepted' as const));
    clock = new Date(clock.getTime() + MINUTE);
    const before = await t.database.db.select().from(driverTiers).where(eq(driverTiers.territoryId, licensee.territoryId));
    const response = await api.post(t.app, '/api/drivers/performance/recompute', drivers.b);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await t.database.db.select().from(driverTiers).where(eq(driverTiers.territoryId, licensee.territoryId))).toEqual(before);
    // The driver still reads their live figures (the new community action counts) and their stored tier.
    const b = await performance(drivers.b);
    expect(b.metrics.communityEngagement).toBe(0.5);
    expect(b.storedTier).toEqual({ tier: 'Gold', computedAt: before.find((row) => row.driverId === drivers.b.id)!.computedAt.toISOString() });
  });

  it('keeps territories apart: another licensee gets 404, riders and drivers 403, an admin sees and recomputes all', async () => {
    const url = `/api/licensee/driver-tiers?territoryId=${licensee.territoryId}`;
    expect((await api.get(t.app, url, otherLicensee)).statusCode).toBe(404);
    expect((await api.post(t.app, '/api/licensee/tiers/recompute', otherLicensee, { territoryId: licensee.territoryId })).statusCode).toBe(404);
    expect((await api.get(t.app, url, drivers.a)).statusCode).toBe(403);
    expect((await api.post(t.app, '/api/licensee/tiers/recompute', drivers.a)).statusCode).toBe(403);
    const person = await rider(t.app);
    expect((await api.get(t.app, url, person)).statusCode).toBe(403);
    expect((await api.post(t.app, '/api/drivers/performance/recompute', person)).statusCode).toBe(403);
    expect((await api.get(t.app, '/api/licensee/driver-tiers?territoryId=not-a-uuid', licensee)).statusCode).toBe(400);

    // The other licensee's own territory (no drivers) is theirs to recompute.
    const own = await expectOk<TierRecomputeResponse>(await api.post(t.app, '/api/licensee/tiers/recompute', otherLicensee));
    expect(own.territories).toEqual([{ territoryId: otherLicensee.territoryId, drivers: 0 }]);
    expect(
      (await expectOk<DriverTiersResponse>(await api.get(t.app, `/api/licensee/driver-tiers?territoryId=${otherLicensee.territoryId}`, otherLicensee))).drivers,
    ).toEqual([]);

    const all = await expectOk<TierRecomputeResponse>(await api.post(t.app, '/api/licensee/tiers/recompute', admin));
    expect(all.territories.map((x) => x.territoryId).sort()).toEqual([licensee.territoryId, otherLicensee.territoryId].sort());
    expect((await expectOk<DriverTiersResponse>(await api.get(t.app, url, admin))).drivers).toHaveLength(6);
    expect((await api.get(t.app, '/api/licensee/driver-tiers?territoryId=00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
  });
});

describe.each(backends)('on-demand tier recompute limit on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-11-20T12:00:00Z');
  let admin: Person;
  let licensee: Person & { territoryId: string };
  let otherLicensee: Person & { territoryId: string };
  beforeAll(async () => {
    t = await createTestApp(backend, { TIER_RECOMPUTE_MS: '0' }, () => clock);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin);
    otherLicensee = await approvedLicensee(t.app, admin, ['10013'], 'Tribeca');
    await registeredDriver(t.app, admin);
    await registeredDriver(t.app, admin, { driveArea: '10013' });
  }, 60_000);
  afterAll(() => t?.close());

  const recompute = (person: Person, body?: { territoryId: string }) => api.post(t.app, '/api/licensee/tiers/recompute', person, body);
  const expectLimited = (response: Awaited<ReturnType<typeof recompute>>, retryAfter: string) => {
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe(retryAfter);
    expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
  };

  it('recomputes a territory at most once a minute, for its licensee and an admin alike', async () => {
    expect((await expectOk<TierRecomputeResponse>(await recompute(licensee))).territories).toEqual([{ territoryId: licensee.territoryId, drivers: 1 }]);
    expectLimited(await recompute(licensee), '60');
    clock = new Date(clock.getTime() + 45_000);
    expectLimited(await recompute(licensee, { territoryId: licensee.territoryId }), '15');
    expectLimited(await recompute(admin, { territoryId: licensee.territoryId }), '15');
    // An admin's "all" recomputes the territories that are due and leaves the fresh one as stored.
    const all = await expectOk<TierRecomputeResponse>(await recompute(admin));
    expect(all.territories).toEqual([{ territoryId: otherLicensee.territoryId, drivers: 1 }]);
    expectLimited(await recompute(admin), '15');
    clock = new Date(clock.getTime() + 15_000);
    expect((await expectOk<TierRecomputeResponse>(await recompute(licensee))).territories).toEqual([{ territoryId: licensee.territoryId, drivers: 1 }]);
  });

  it('keeps the limit in the database: a restarted process, or a second one, is refused too', async () => {
    clock = new Date(clock.getTime() + 10 * MINUTE);
    await expectOk<TierRecomputeResponse>(await recompute(licensee));
    t = await t.restart();
    expectLimited(await recompute(licensee), '60');
    if (backend === 'postgres') {
      const twin = await t.twin();
      try {
        const response = await twin.inject({
          method: 'POST',
          url: '/api/licensee/tiers/recompute',
          headers: { authorization: `Bearer ${licensee.token}` },
          payload: {},
        });
        expect(response.statusCode).toBe(429);
      } finally {
        await twin.closeTwin();
      }
    }
  });

  it('lets one of two simultaneous requests recompute and refuses the other', async () => {
    clock = new Date(clock.getTime() + 10 * MINUTE);
    const answers = await Promise.all([recompute(licensee), recompute(licensee)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 429]);
  });
});

describe.each(backends)('scheduled tier recompute on %s', (backend) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('stores every territory’s tiers on the TIER_RECOMPUTE_MS timer', async () => {
    t = await createTestApp(backend, { TIER_RECOMPUTE_MS: '50' });
    const admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
    const driver = await registeredDriver(t.app, admin);
    let stored: (typeof driverTiers.$inferSelect)[] = [];
    for (let attempt = 0; attempt < 100 && stored.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      stored = await t.database.db.select().from(driverTiers).where(eq(driverTiers.driverId, driver.id));
    }
    expect(stored).toMatchObject([{ tier: 'Probationary', topFraction: null }]);
  }, 30_000);
});

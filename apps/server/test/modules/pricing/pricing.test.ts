import { quoteFare, type QuoteResponse, type Ride } from '@coride/domain';
import type { PricingZone, RateAdjustmentProposalView } from '@coride/domain/community/zones';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingZones, rides } from '../../../src/db/schema';
import { priceColumns } from '../../../src/modules/rides/repository';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, expectOk, goOnline, onlineDriver, PENN_STATION, rider, signInAdmin, TIMES_SQUARE, type Person } from '../../support/world';

const DAY = 86_400_000;
const BASE = new Date('2026-11-02T12:00:00Z');
type TerritoryPricing = {
  territoryId: string;
  territoryName: string;
  refreshSeconds: number;
  rateAdjustmentPercent: number;
  pendingAdjustment: RateAdjustmentProposalView | null;
  zones: PricingZone[];
};
type Licensee = Person & { territoryId: string };

describe.each(backends)('pricing zones and rate adjustments on %s', (backend) => {
  let t: TestApp;
  let clock = BASE;
  let admin: Person;
  let midtown: Licensee;
  let riderA: Person;
  /** A place in each zip code used below (its area centroid, placed back in the same zip code). */
  const centroid = (zip: string) => {
    const place = t.app.services.zips.get(zip)!;
    return { address: `${place.city}, NY ${zip}`, lat: place.lat, lng: place.lng };
  };

  const quote = async (person: Person, from: { address: string; lat: number; lng: number } = TIMES_SQUARE, to = PENN_STATION) =>
    expectOk<QuoteResponse>(await api.post(t.app, '/api/rides/quote', person, { pickupLocation: from, dropoffLocation: to }));
  const zonesOf = async (person: Person, query: string) => expectOk<TerritoryPricing>(await api.get(t.app, `/api/pricing/zones?${query}`, person));
  const propose = (person: Person, body: Record<string, unknown>) => api.post(t.app, '/api/licensee/rate-adjustments', person, body);
  const justification = 'Insurance and fuel costs rose 6% this year across the territory.';
  /** The fare of the quote's own trip, priced by hand at `factor` × the contract rates (250 base, 150/mile, 20/minute). */
  const handPriced = (q: QuoteResponse, factor: number) => {
    const baseFare = Math.round(250 * factor);
    const distanceFare = Math.round(150 * q.distance * factor);
    const timeFare = Math.round(20 * q.duration * factor);
    return { baseFare, distanceFare, timeFare, subtotal: baseFare + distanceFare + timeFare };
  };

  /** A licensee with a fresh territory of its own, and the clock back at BASE. */
  async function freshTerritory(zips: string[], name: string): Promise<Licensee> {
    clock = BASE;
    return approvedLicensee(t.app, admin, zips, name);
  }

  beforeAll(async () => {
    t = await createTestApp(backend, {}, () => clock);
    admin = await signInAdmin(t.app);
    midtown = await approvedLicensee(t.app, admin);
    riderA = await rider(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  it('creates one tier-2 zone per licensed zip code, at the contract rates and multiplier 1 until the first refresh', async () => {
    const pricing = await zonesOf(riderA, `territoryId=${midtown.territoryId}`);
    expect(pricing.territoryName).toBe('Midtown');
    expect(pricing.zones.map((z) => z.zoneId)).toEqual(['10001', '10018', '10036']);
    for (const zone of pricing.zones) {
      expect(zone).toMatchObject({
        tier: 2,
        baseFare: 250,
        perMile: 150,
        perMinute: 20,
        currentMultiplier: 1,
        demandLevel: 'Low',
        activeDrivers: 0,
        rateAdjustmentPercent: 0,
        pendingAdjustment: null,
      });
    }
    // Riders find it by a zip code as well; an unknown zip code is 404, no query at all 400.
    expect((await zonesOf(riderA, 'zip=10018')).territoryId).toBe(midtown.territoryId);
    expect((await api.get(t.app, '/api/pricing/zones?zip=60601', riderA)).statusCode).toBe(404);
    expect((await api.get(t.app, '/api/pricing/zones', riderA)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/pricing/zones?territoryId=${midtown.territoryId}` })).statusCode).toBe(401);
  });

  it('refreshes each zone from open requests and idle drivers, discounting to 0.90 at most and never above 1.00', async () => {
    const zip = '10018';
    const here = centroid(zip);
    expect(t.app.services.zips.locate(here)?.zip).toBe(zip);
    const drivers = [];
    for (let i = 0; i < 3; i += 1) drivers.push(await onlineDriver(t.app, admin, here));
    clock = new Date(BASE.getTime() + 60_000);
    expect(await t.app.services.pricing.refreshZones()).toBeGreaterThanOrEqual(3);
    let zone = (await zonesOf(riderA, `territoryId=${midtown.territoryId}`)).zones.find((z) => z.zoneId === zip)!;
    // 3 idle drivers, no request: the full discount.
    expect(zone).toMatchObject({ currentMultiplier: 0.9, activeDrivers: 3, demandLevel: 'Low', updatedAt: clock.toISOString() });

    // One open request (a ride waiting for a driver, picked up in the zone): 1/3 per idle driver.
    const riders = [await rider(t.app), await rider(t.app), await rider(t.app), await rider(t.app)];
    const fare = priceColumns(quoteFare({ distanceMiles: 1, durationMinutes: 5 }));
    const trip = {
      territoryId: midtown.territoryId,
      pickupAddress: here.address,
      pickupLat: here.lat,
      pickupLng: here.lng,
      pickupZip: zip,
      dropoffAddress: PENN_STATION.address,
      dropoffLat: PENN_STATION.lat,
      dropoffLng: PENN_STATION.lng,
      ...fare,
    };
    await t.database.db.insert(rides).values({ ...trip, riderId: riders[0]!.id, status: 'requested', requestedAt: clock });
    await t.app.services.pricing.refreshZones();
    zone = (await zonesOf(riderA, 'zip=10018')).zones.find((z) => z.zoneId === zip)!;
    // 0.90 + 0.10 × min(1, (1/3) / 0.5) = 0.9667 → 0.97
    expect(zone).toMatchObject({ currentMultiplier: 0.97, demandLevel: 'Low', activeDrivers: 3 });

    // A driver busy on an accepted ride is not idle; two more requests: 3 per 2 idle drivers, full rate, High.
    await t.database.db
      .insert(rides)
      .values({ ...trip, riderId: riders[1]!.id, driverId: drivers[0]!.id, status: 'accepted', requestedAt: clock, fareHeldAt: clock, acceptedAt: clock });
    await t.database.db.insert(rides).values({ ...trip, riderId: riders[2]!.id, status: 'requested', requestedAt: clock });
    await t.database.db.insert(rides).values({ ...trip, riderId: riders[3]!.id, status: 'requested', requestedAt: clock });
    // Two instances refreshing at once: one writes, or both in turn; either way the same figures.
    const results = await Promise.all([t.app.services.pricing.refreshZones(), t.app.services.pricing.refreshZones()]);
    expect(results.some((r) => r !== null)).toBe(true);
    const pricing = await zonesOf(riderA, `territoryId=${midtown.territoryId}`);
    zone = pricing.zones.find((z) => z.zoneId === zip)!;
    expect(zone).toMatchObject({ currentMultiplier: 1, demandLevel: 'High', activeDrivers: 2 });
    // The other zones have neither: multiplier 1.
    expect(pricing.zones.filter((z) => z.zoneId !== zip).every((z) => z.currentMultiplier === 1 && z.activeDrivers === 0)).toBe(true);

    // Requests gone and drivers offline: back to 1.00 (no discount without idle drivers).
    await t.database.db.update(rides).set({ status: 'cancelled', cancelledAt: clock, cancelledBy: 'system' }).where(eq(rides.territoryId, midtown.territoryId));
    for (const driver of drivers) await expectOk(await api.patch(t.app, '/api/drivers/status', driver, { status: 'offline' }));
    await t.app.services.pricing.refreshZones();
    const [row] = await t.database.db.select().from(pricingZones).where(eq(pricingZones.zip, zip));
    expect(row).toMatchObject({ openRequests: 0, idleDrivers: 0, currentMultiplier: 1 });
  });

  it('prices a quote with the pickup zone tier and its current multiplier, and booking keeps the quoted price', async () => {
    const zip = t.app.services.zips.locate(TIMES_SQUARE)!.zip;
    expect(zip).toBe('10036');
    await t.database.db.update(pricingZones).set({ tier: 1 }).where(eq(pricingZones.zip, zip));
    const tier1 = await quote(riderA);
    expect(tier1).toMatchObject({ zoneTier: 1, zoneMultiplier: 1.1, rateAdjustmentPercent: 0, rateNotice: null });
    expect(tier1).toMatchObject(handPriced(tier1, 1.1));
    expect(tier1.baseFare).toBe(275);

    // An idle driver at Times Square: after the refresh the zone discounts to 0.90 (1.1 × 0.9 = 0.99).
    const driver = await onlineDriver(t.app, admin, centroid(zip));
    await t.app.services.pricing.refreshZones();
    const discounted = await quote(riderA);
    expect(discounted.zoneMultiplier).toBeCloseTo(0.99, 10);
    expect(discounted).toMatchObject(handPriced(discounted, 0.99));
    expect(discounted.baseFare).toBe(248);

    // The zone returns to tier 2 and full rate before the rider books: the quote is still the price.
    await t.database.db.update(pricingZones).set({ tier: 2, currentMultiplier: 1 }).where(eq(pricingZones.zip, zip));
    const booked = await expectOk<Ride>(
      await api.post(t.app, '/api/rides', riderA, { pickupLocation: TIMES_SQUARE, dropoffLocation: PENN_STATION, quoteId: discounted.quoteId }),
      201,
    );
    expect(booked.totalFare).toBe(discounted.totalFare);
    const [row] = await t.database.db.select().from(rides).where(eq(rides.id, booked.id));
    expect(row).toMatchObject({ zoneTier: 1, rateAdjustmentPercent: 0, subtotal: discounted.subtotal });
    expect(row!.zoneMultiplier).toBeCloseTo(0.99, 10);
    await expectOk(await api.post(t.app, `/api/rides/${booked.id}/cancel`, riderA, { reason: 'test' }));
    await expectOk(await api.patch(t.app, '/api/drivers/status', driver, { status: 'offline' }));
    await t.app.services.pricing.refreshZones();
  });

  it('applies an adjustment exactly 7 days after it is announced, with the notice shown meanwhile', async () => {
    const licensee = await freshTerritory(['10003', '10009'], 'East Village');
    const from = centroid('10003');
    const to = centroid('10009');
    const before = await quote(riderA, from, to);
    expect(before).toMatchObject({ zoneTier: 2, zoneMultiplier: 1, rateAdjustmentPercent: 0, rateNotice: null, ...handPriced(before, 1) });

    const proposal = await expectOk<RateAdjustmentProposalView>(
      await propose(licensee, { territoryId: licensee.territoryId, percent: 5, justification, communityInput: 'Town hall, 40 riders' }),
      201,
    );
    expect(proposal).toMatchObject({
      percent: 5,
      status: 'scheduled',
      announcedAt: BASE.toISOString(),
      effectiveAt: new Date(BASE.getTime() + 7 * DAY).toISOString(),
      withdrawnAt: null,
      communityInput: 'Town hall, 40 riders',
    });

    // During the notice: same price, and the quote carries the notice.
    clock = new Date(BASE.getTime() + 7 * DAY - 1);
    const during = await quote(riderA, from, to);
    expect(during).toMatchObject({
      rateAdjustmentPercent: 0,
      subtotal: before.subtotal,
      rateNotice: { percent: 5, effectiveAt: proposal.effectiveAt, justification },
    });
    const pricing = await zonesOf(riderA, 'zip=10009');
    expect(pricing.pendingAdjustment).toMatchObject({ id: proposal.id, percent: 5 });
    expect(pricing.zones[0]).toMatchObject({ baseFare: 250, rateAdjustmentPercent: 0 });

    // From the effective instant: +5%, 250 × 1.05 = 262.5 → 263.
    clock = new Date(BASE.getTime() + 7 * DAY);
    const after = await quote(riderA, from, to);
    expect(after).toMatchObject({ rateAdjustmentPercent: 5, zoneMultiplier: 1, rateNotice: null, ...handPriced(after, 1.05) });
    expect(after.baseFare).toBe(263);
    expect(after.subtotal).toBeGreaterThan(before.subtotal);
    expect((await zonesOf(riderA, 'zip=10003')).zones[0]).toMatchObject({
      baseFare: 263,
      perMile: 158,
      perMinute: 21,
      rateAdjustmentPercent: 5,
      pendingAdjustment: null,
    });
    const list = await expectOk<RateAdjustmentProposalView[]>(
      await api.get(t.app, `/api/licensee/rate-adjustments?territoryId=${licensee.territoryId}`, licensee),
    );
    expect(list.map((p) => p.status)).toEqual(['in_effect']);

    // Booking without a quote prices the same way, and records how.
    const booked = await expectOk<Ride>(await api.post(t.app, '/api/rides', riderA, { pickupLocation: from, dropoffLocation: to }), 201);
    expect(booked.subtotal).toBe(after.subtotal);
    const [row] = await t.database.db.select().from(rides).where(eq(rides.id, booked.id));
    expect(row).toMatchObject({ zoneTier: 2, zoneMultiplier: 1, rateAdjustmentPercent: 5 });
    // (Nobody drives there: dispatch cancels it, which frees the rider for the next tests.)
    await t.database.db.update(rides).set({ status: 'cancelled', cancelledAt: clock, cancelledBy: 'system' }).where(eq(rides.id, booked.id));

    // In effect, it can no longer be withdrawn: undoing it is a new proposal with its own notice.
    const late = await api.post(t.app, `/api/licensee/rate-adjustments/${proposal.id}/withdraw`, licensee);
    expect(late.statusCode).toBe(409);
  });

  it('withdraws a proposal during its notice: it never applies', async () => {
    const licensee = await freshTerritory(['10002'], 'Lower East Side');
    const from = centroid('10002');
    const proposal = await expectOk<RateAdjustmentProposalView>(
      await propose(licensee, { territoryId: licensee.territoryId, percent: -4.5, justification }),
      201,
    );
    clock = new Date(BASE.getTime() + 3 * DAY);
    const withdrawn = await expectOk<RateAdjustmentProposalView>(await api.post(t.app, `/api/licensee/rate-adjustments/${proposal.id}/withdraw`, licensee));
    expect(withdrawn).toMatchObject({ status: 'withdrawn', withdrawnAt: clock.toISOString() });
    expect((await api.post(t.app, `/api/licensee/rate-adjustments/${proposal.id}/withdraw`, licensee)).statusCode).toBe(409);
    expect((await quote(riderA, from, PENN_STATION)).rateNotice).toBeNull();
    clock = new Date(BASE.getTime() + 8 * DAY);
    const q = await quote(riderA, from, PENN_STATION);
    expect(q).toMatchObject({ rateAdjustmentPercent: 0, ...handPriced(q, 1) });
  });

  it('replaces an earlier adjustment with a later one instead of adding them up', async () => {
    const licensee = await freshTerritory(['10012'], 'SoHo');
    const from = centroid('10012');
    const first = await expectOk<RateAdjustmentProposalView>(await propose(licensee, { territoryId: licensee.territoryId, percent: 10, justification }), 201);
    clock = new Date(BASE.getTime() + DAY);
    const second = await expectOk<RateAdjustmentProposalView>(await propose(licensee, { territoryId: licensee.territoryId, percent: -2, justification }), 201);
    // Day 7: the first is in force, the second announced (the notice riders see).
    clock = new Date(BASE.getTime() + 7 * DAY);
    const midway = await quote(riderA, from, PENN_STATION);
    expect(midway).toMatchObject({ rateAdjustmentPercent: 10, rateNotice: { percent: -2, effectiveAt: second.effectiveAt }, ...handPriced(midway, 1.1) });
    // Day 8: only the second, −2%, not +8%.
    clock = new Date(BASE.getTime() + 8 * DAY);
    const later = await quote(riderA, from, PENN_STATION);
    expect(later).toMatchObject({ rateAdjustmentPercent: -2, rateNotice: null, ...handPriced(later, 0.98) });
    const list = await expectOk<RateAdjustmentProposalView[]>(
      await api.get(t.app, `/api/licensee/rate-adjustments?territoryId=${licensee.territoryId}`, licensee),
    );
    expect(list.map((p) => [p.id, p.status])).toEqual([
      [second.id, 'in_effect'],
      [first.id, 'superseded'],
    ]);
    // Without a territory: every territory of the licensee (only this one).
    expect((await expectOk<RateAdjustmentProposalView[]>(await api.get(t.app, '/api/licensee/rate-adjustments', licensee))).length).toBe(2);
  });

  it('refuses adjustments beyond ±10%, off the 0.5% steps, or without a real justification, with field messages', async () => {
    clock = BASE;
    const body = { territoryId: midtown.territoryId, percent: 3, justification };
    const cases: [Record<string, unknown>, string][] = [
      [{ percent: 10.5 }, 'percent'],
      [{ percent: -11 }, 'percent'],
      [{ percent: 2.3 }, 'percent'],
      [{ justification: 'Costs went up.' }, 'justification'],
      [{ territoryId: 'nope' }, 'territoryId'],
    ];
    for (const [change, field] of cases) {
      const response = await propose(midtown, { ...body, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect((response.json() as { fields: Record<string, string> }).fields[field]).toBeTruthy();
    }
    expect((await propose(midtown, { ...body, percent: -10 })).statusCode).toBe(201);
    expect((await propose(midtown, { ...body, percent: 10 })).statusCode).toBe(201);
  });

  it('lets only the territory’s licensee (or an admin) propose, list and withdraw', async () => {
    clock = new Date(BASE.getTime() + 3_600_000);
    const other = await approvedLicensee(t.app, admin, ['10013'], 'Tribeca');
    const own = await expectOk<RateAdjustmentProposalView>(await propose(midtown, { territoryId: midtown.territoryId, percent: 1.5, justification }), 201);
    expect((await propose(other, { territoryId: midtown.territoryId, percent: 1, justification })).statusCode).toBe(404);
    expect((await api.get(t.app, `/api/licensee/rate-adjustments?territoryId=${midtown.territoryId}`, other)).statusCode).toBe(404);
    expect((await api.post(t.app, `/api/licensee/rate-adjustments/${own.id}/withdraw`, other)).statusCode).toBe(404);
    expect((await api.get(t.app, '/api/licensee/rate-adjustments', other)).json()).toEqual([]);
    // Riders and drivers cannot propose; they may read the zones and the notice.
    expect((await propose(riderA, { territoryId: midtown.territoryId, percent: 1, justification })).statusCode).toBe(403);
    expect((await api.get(t.app, '/api/licensee/rate-adjustments', riderA)).statusCode).toBe(403);
    expect((await api.post(t.app, `/api/licensee/rate-adjustments/${own.id}/withdraw`, riderA)).statusCode).toBe(403);
    expect((await zonesOf(riderA, `territoryId=${midtown.territoryId}`)).pendingAdjustment?.id).toBe(own.id);
    // An admin may act for any territory.
    const byAdmin = await expectOk<RateAdjustmentProposalView>(await api.post(t.app, `/api/licensee/rate-adjustments/${own.id}/withdraw`, admin));
    expect(byAdmin.status).toBe('withdrawn');
    expect((await propose(admin, { territoryId: other.territoryId, percent: 2, justification })).statusCode).toBe(201);
    expect((await api.post(t.app, '/api/licensee/rate-adjustments/00000000-0000-4000-8000-000000000000/withdraw', midtown)).statusCode).toBe(404);
  });

  it('counts a driver in the zip code of their last position', async () => {
    clock = BASE;
    const driver = await onlineDriver(t.app, admin, centroid('10001'));
    await goOnline(t.app, driver, centroid('10036'));
    await t.app.services.pricing.refreshZones();
    const zones = (await zonesOf(riderA, `territoryId=${midtown.territoryId}`)).zones;
    expect(zones.find((z) => z.zoneId === '10036')).toMatchObject({ activeDrivers: 1, currentMultiplier: 0.9 });
    expect(zones.find((z) => z.zoneId === '10001')).toMatchObject({ activeDrivers: 0, currentMultiplier: 1 });
  });
});

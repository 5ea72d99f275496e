import type { BonusPoolRunSummary, Ride } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, testConfig, type TestApp } from '../../support/test-app';
import { ledgerInvariants } from '../../support/ledger';
import {
  api,
  approvedLicensee,
  book,
  expectOk,
  goOnline,
  HERALD_SQUARE,
  PENN_STATION,
  registeredDriver,
  rider,
  signInAdmin,
  TIMES_SQUARE,
  type Person,
} from '../../support/world';

/**
 * The peak-hour minimum from real online sessions (docs/community-economics.md §2): a driver online
 * through a weekday morning rush is owed the tier's minimum for those hours, less what they earned
 * in them; a driver online only in the evening after the rush gets the monthly floor alone.
 */
describe.each(backends)('peak-hour minimum of the bonus pool on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-09-01T11:00:00Z'); // Tuesday 07:00 in New York (EDT)
  let admin: Person;
  let licensee: Person & { territoryId: string };
  let passenger: Person;
  let morning: Person;
  let evening: Person;
  const rides: Record<'morning' | 'evening', Ride | undefined> = { morning: undefined, evening: undefined };

  async function ride(driver: Person): Promise<Ride> {
    const booked = await expectOk<Ride>(await book(t.app, passenger, TIMES_SQUARE, PENN_STATION), 201);
    await t.app.services.dispatcher.sweep();
    await expectOk(await api.post(t.app, `/api/rides/${booked.id}/accept`, driver));
    await expectOk(await api.post(t.app, `/api/rides/${booked.id}/start`, driver, { pin: booked.pin }));
    return expectOk<Ride>(await api.post(t.app, `/api/rides/${booked.id}/complete`, driver));
  }
  const offline = async (driver: Person) => expectOk(await api.patch(t.app, '/api/drivers/status', driver, { status: 'offline' }));

  beforeAll(async () => {
    t = await createTestApp(backend, { TIER_RECOMPUTE_MS: '0', SESSION_TTL_HOURS: String(24 * 90) }, () => clock);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin);
    passenger = await rider(t.app);
    morning = await registeredDriver(t.app, admin);
    evening = await registeredDriver(t.app, admin);

    // Morning: online 07:00-10:00 (all peak), one ride at 08:00.
    await goOnline(t.app, morning, HERALD_SQUARE);
    clock = new Date('2026-09-01T12:00:00Z');
    rides.morning = await ride(morning);
    clock = new Date('2026-09-01T14:00:00Z');
    await offline(morning);

    // Evening: online 19:00-22:00 (after the rush, before the weekend nights), one ride at 20:00.
    clock = new Date('2026-09-01T23:00:00Z');
    await goOnline(t.app, evening, HERALD_SQUARE);
    clock = new Date('2026-09-02T00:00:00Z');
    rides.evening = await ride(evening);
    clock = new Date('2026-09-02T02:00:00Z');
    await offline(evening);

    clock = new Date('2026-09-10T12:00:00Z');
    await t.app.services.payments.settle();
    clock = new Date('2026-10-01T00:00:30Z');
  }, 120_000);
  afterAll(() => t?.close());

  it('owes the peak-hour minimum for peak hours online, from the sessions and the rides started in them', async () => {
    await expectOk(await api.post(t.app, '/api/admin/bonus-pool/run', admin, { month: '2026-09' }));
    const september = await expectOk<BonusPoolRunSummary>(
      await api.get(t.app, `/api/community/bonus-pool?territoryId=${licensee.territoryId}&month=2026-09`, licensee),
    );
    const line = (p: Person) => september.drivers.find((x) => x.driverId === p.id)!;
    const morningSubtotal = rides.morning!.subtotal;
    const eveningSubtotal = rides.evening!.subtotal;

    expect(line(morning)).toMatchObject({ tier: 'Probationary', onlineHours: 3, onlineHoursEstimated: false, peakHours: 3, peakEarnings: morningSubtotal });
    expect(line(evening)).toMatchObject({ tier: 'Probationary', onlineHours: 3, onlineHoursEstimated: false, peakHours: 0, peakEarnings: 0 });
    // Probationary: $16 a peak hour. The monthly floor is $2,200 × 3 h / 160 h = $41.25 for both.
    const floor = Math.floor((220_000 * 3) / 160);
    expect(line(morning).target.guarantee).toBe(Math.max(3 * 1600 - morningSubtotal, floor - morningSubtotal, 0));
    expect(line(morning).target.guarantee).toBe(3 * 1600 - morningSubtotal);
    expect(line(evening).target.guarantee).toBe(Math.max(floor - eveningSubtotal, 0));

    // Guarantees come first and never exceed what the pool holds.
    const wanted = line(morning).target.guarantee + line(evening).target.guarantee;
    const paid = line(morning).paid.guarantee + line(evening).paid.guarantee;
    expect(paid).toBe(Math.min(wanted, september.totalMonthlyFunding + september.reserve));
    expect(september.lastMonthPayout).toBe(paid);
    await ledgerInvariants(t.database.db);
  });
});

describe('PEAK_TIME_ZONE', () => {
  it('defaults to the demo world’s zone and refuses a zone that does not exist', () => {
    expect(testConfig().peakTimeZone).toBe('America/New_York');
    expect(testConfig({ PEAK_TIME_ZONE: 'Europe/Paris' }).peakTimeZone).toBe('Europe/Paris');
    expect(() => testConfig({ PEAK_TIME_ZONE: 'Mars/Olympus' })).toThrow(/PEAK_TIME_ZONE must be an IANA time zone/);
  });
});

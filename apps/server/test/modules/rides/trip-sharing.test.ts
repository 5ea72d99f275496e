import type { Ride, SharedTrip, TripShareLink } from '@coride/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HubTap } from '../../support/realtime';
import { pinOf } from '../../support/ride-pin';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  expectError,
  expectOk,
  goOffline,
  HERALD_SQUARE,
  onlineDriver,
  PENN_STATION,
  rider,
  signInAdmin,
  TIMES_SQUARE,
  type Person,
} from '../../support/world';

describe.each(sharedBackends)('trip sharing on %s', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let admin: Person;
  let clock = new Date('2026-11-20T12:00:00Z');
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const online: Person[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend, {}, () => clock);
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
  }, 120_000);
  afterEach(async () => {
    for (const driver of online.splice(0)) await goOffline(t.app, driver);
  });
  afterAll(() => t?.close());

  const viewPublicly = (token: string) => t.app.inject({ method: 'GET', url: `/api/shared-trips/${token}` });
  const tokenOf = (link: TripShareLink) => link.url.split('/trip/')[1]!;

  async function acceptedRide() {
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    online.push(driver);
    const person = await rider(t.app);
    const since = tap.mark();
    const booked = await expectOk<Ride>(await book(t.app, person, TIMES_SQUARE, PENN_STATION), 201);
    await tap.dispatched(booked.id, since);
    await expectOk(await api.post(t.app, `/api/rides/${booked.id}/accept`, driver));
    return { person, driver, ride: booked };
  }

  it("shows anyone with the link only the status, driver's first name, vehicle, position and ETA", async () => {
    const { person, driver, ride } = await acceptedRide();
    const link = await expectOk<TripShareLink>(await api.post(t.app, `/api/rides/${ride.id}/share`, person), 201);
    expect(link.url).toMatch(new RegExp(`^${t.config.publicUrl}/trip/[A-Za-z0-9_-]{40,}$`));
    expect(link.expiresAt).toBeNull();
    // Only a hash is stored: the token itself is nowhere in the table.
    const stored = await t.database.db.execute<{ token_hash: string }>(`select token_hash from ride_shares`);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(link));

    const seen = await expectOk<SharedTrip>(await viewPublicly(tokenOf(link)));
    expect(Object.keys(seen).sort()).toEqual(['driverFirstName', 'driverLocation', 'etaMinutes', 'status', 'vehicle']);
    expect(seen).toMatchObject({ status: 'accepted', driverFirstName: 'Ada', vehicle: { make: 'Toyota', model: 'Camry', color: 'Blue', plate: 'NYC-1234' } });
    expect(seen.driverLocation).toEqual({ lat: HERALD_SQUARE.lat, lng: HERALD_SQUARE.lng });
    expect(seen.etaMinutes).toEqual(expect.any(Number));
    const text = JSON.stringify(seen);
    for (const secret of [ride.pickupLocation.address, ride.dropoffLocation.address, 'Lovelace', '2125550100', ride.pin!, person.id, driver.id]) {
      expect(text).not.toContain(secret);
    }

    // Live: the status follows the ride.
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driver, await pinOf(t.app, ride.id, person)));
    expect(await expectOk<SharedTrip>(await viewPublicly(tokenOf(link)))).toMatchObject({ status: 'in_progress' });
  });

  it("lets only the ride's rider share or revoke: another rider 404, the driver 403", async () => {
    const { person, driver, ride } = await acceptedRide();
    const stranger = await rider(t.app);
    expectError(await api.post(t.app, `/api/rides/${ride.id}/share`, stranger), 404, 'NOT_FOUND');
    expectError(await api.delete(t.app, `/api/rides/${ride.id}/share`, stranger), 404, 'NOT_FOUND');
    expectError(await api.post(t.app, `/api/rides/${ride.id}/share`, driver), 403, 'FORBIDDEN');
    expectError(await api.post(t.app, `/api/rides/${ride.id}/share`, admin), 403, 'FORBIDDEN');
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/share`, person), 201);
    expectError(await viewPublicly('x'.repeat(43)), 404, 'NOT_FOUND');
  });

  it('kills the link when revoked, and a new share replaces the old link', async () => {
    const { person, ride } = await acceptedRide();
    const first = await expectOk<TripShareLink>(await api.post(t.app, `/api/rides/${ride.id}/share`, person), 201);
    const second = await expectOk<TripShareLink>(await api.post(t.app, `/api/rides/${ride.id}/share`, person), 201);
    expect(second.url).not.toBe(first.url);
    expectError(await viewPublicly(tokenOf(first)), 410, 'SHARE_LINK_GONE');
    await expectOk(await viewPublicly(tokenOf(second)));
    expect(await expectOk<{ revoked: number }>(await api.delete(t.app, `/api/rides/${ride.id}/share`, person))).toEqual({ revoked: 1 });
    expectError(await viewPublicly(tokenOf(second)), 410, 'SHARE_LINK_GONE');
  });

  it('keeps the link 1 hour after the ride ends, then it is gone; an ended ride cannot be shared anew', async () => {
    const { person, driver, ride } = await acceptedRide();
    const link = await expectOk<TripShareLink>(await api.post(t.app, `/api/rides/${ride.id}/share`, person), 201);
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driver, await pinOf(t.app, ride.id, person)));
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/complete`, driver));
    const done = await expectOk<SharedTrip>(await viewPublicly(tokenOf(link)));
    expect(done).toMatchObject({ status: 'completed', driverLocation: null, etaMinutes: null });
    advance(59 * 60_000);
    await expectOk(await viewPublicly(tokenOf(link)));
    advance(2 * 60_000);
    expectError(await viewPublicly(tokenOf(link)), 410, 'SHARE_LINK_GONE');
    expectError(await api.post(t.app, `/api/rides/${ride.id}/share`, person), 409, 'CONFLICT');
  });

  it('does the same for a cancelled ride', async () => {
    const { person, ride } = await acceptedRide();
    const link = await expectOk<TripShareLink>(await api.post(t.app, `/api/rides/${ride.id}/share`, person), 201);
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/cancel`, person, {}));
    expect(await expectOk<SharedTrip>(await viewPublicly(tokenOf(link)))).toMatchObject({ status: 'cancelled' });
    advance(61 * 60_000);
    expectError(await viewPublicly(tokenOf(link)), 410, 'SHARE_LINK_GONE');
  });
});

describe('the public shared-trip view', () => {
  it('is rate limited per address', async () => {
    const t = await createTestApp('pglite', { SHARED_TRIP_RATE_LIMIT_PER_HOUR: '3' });
    try {
      for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ method: 'GET', url: `/api/shared-trips/${'y'.repeat(43)}` })).statusCode).toBe(404);
      const limited = await t.app.inject({ method: 'GET', url: `/api/shared-trips/${'y'.repeat(43)}` });
      expect(limited.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  }, 120_000);
});

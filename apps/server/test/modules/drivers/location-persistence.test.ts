import type { LatLng } from '@coride/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPresence } from '../../../src/db/schema';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import { approvedLicensee, coordinates, goOnline, offset, registeredDriver, signInAdmin, type Person } from '../../support/world';

/*
 * Drivers' positions reach driver_presence in batches: the latest of each driver (at most one per
 * 10 s), all written in one statement a second by the process that received them, and at its close.
 */

const DENVER = { lat: 39.751526, lng: -104.997673 }; // 80202

describe.each(sharedBackends)('stored driver positions on %s', (backend) => {
  let t: TestApp;
  let admin: Person;
  let clock = new Date('2026-11-20T12:00:00Z');
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

  beforeAll(async () => {
    t = await createTestApp(backend, {}, () => clock);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin, ['80202'], 'Denver LoDo');
  });
  afterAll(() => t?.close());

  const drivers = () => t.app.services.drivers;
  async function stored(driver: Person) {
    const [row] = await t.database.db.select().from(driverPresence).where(eq(driverPresence.driverId, driver.id));
    return row!;
  }
  async function driverAt(location: LatLng): Promise<Person> {
    const driver = await registeredDriver(t.app, admin, { driveArea: coordinates(DENVER) });
    await goOnline(t.app, driver, location);
    return driver;
  }

  it("stores the drivers' latest positions together at the next flush, at most one per driver every 10 seconds", async () => {
    const [a, b] = [await driverAt(DENVER), await driverAt(offset(DENVER, 0.1))];
    advance(11_000);
    const [movedA, movedB] = [offset(DENVER, 0.5), offset(DENVER, 0.6)];
    await drivers().updateLocation(a.id, movedA);
    await drivers().updateLocation(b.id, movedB);
    // Not yet in the database: it waits for the flush.
    expect((await stored(a)).lat).toBeCloseTo(DENVER.lat, 6);

    expect(await drivers().flushLocations()).toBe(2);
    expect(await stored(a)).toMatchObject({ lat: movedA.lat, lng: movedA.lng, locationUpdatedAt: clock });
    expect(await stored(b)).toMatchObject({ lat: movedB.lat, lng: movedB.lng });

    // Two seconds later: indexed and forwarded, but not stored again within 10 s.
    advance(2000);
    await drivers().updateLocation(a.id, offset(DENVER, 0.7));
    expect(await drivers().flushLocations()).toBe(0);
    expect((await stored(a)).lat).toBeCloseTo(movedA.lat, 6);

    // The latest waits, and is stored once a's last write is 10 s old, even if no other position came.
    advance(2000);
    const resting = offset(DENVER, 0.8);
    await drivers().updateLocation(a.id, resting);
    advance(6000);
    expect(await drivers().flushLocations()).toBe(1);
    expect(await stored(a)).toMatchObject({ lat: resting.lat, lng: resting.lng, locationUpdatedAt: new Date(clock.getTime() - 6000) });
  });

  it('never replaces a position stored later than the one waiting (batches may arrive in any order)', async () => {
    const driver = await driverAt(DENVER);
    advance(11_000);
    await drivers().updateLocation(driver.id, offset(DENVER, 0.5)); // waiting, stamped now
    advance(1000);
    const later = offset(DENVER, -0.5);
    await goOnline(t.app, driver, later); // stored at once, one second later
    await drivers().flushLocations();
    expect(await stored(driver)).toMatchObject({ lat: later.lat, lng: later.lng, locationUpdatedAt: clock });
  });

  // Restarts the app: keep this test last.
  it('stores the waiting positions when the app closes', async () => {
    const driver = await driverAt(DENVER);
    advance(11_000);
    const moved = offset(DENVER, 0.4);
    await drivers().updateLocation(driver.id, moved);
    t = await t.restart();
    expect(await stored(driver)).toMatchObject({ lat: moved.lat, lng: moved.lng, locationUpdatedAt: clock });
  });
});

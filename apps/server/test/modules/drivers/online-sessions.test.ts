import type { DriverMe } from '@coride/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { driverOnlineSessions } from '../../../src/db/schema';
import { connectAs, listen } from '../../support/realtime';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import { api, expectOk, goOnline, HERALD_SQUARE, onlineDriver, registeredDriver, signInAdmin, approvedLicensee, type Person } from '../../support/world';

const HOUR = 3_600_000;

/** Online sessions: what the bonus pool's guarantee counts as hours online (docs/community-economics.md §2). */
describe.each(sharedBackends)('driver online sessions on %s', (backend) => {
  let t: TestApp;
  const start = new Date('2026-11-02T08:00:00Z');
  let clock = start;
  let url: string;
  let admin: Person;
  const at = (hours: number) => new Date(start.getTime() + hours * HOUR);
  const sessionsOf = async (driver: Person) =>
    (
      await t.database.db.select().from(driverOnlineSessions).where(eq(driverOnlineSessions.driverId, driver.id)).orderBy(asc(driverOnlineSessions.startedAt))
    ).map((s) => ({
      startedAt: s.startedAt.toISOString(),
      endedAt: s.endedAt?.toISOString() ?? null,
    }));

  beforeAll(async () => {
    t = await createTestApp(backend, {}, () => clock);
    url = await listen(t.app);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
  });
  afterAll(() => t?.close());

  it('runs from going online to going offline, and pauses while the app is disconnected', async () => {
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    expect(await sessionsOf(driver)).toEqual([{ startedAt: at(0).toISOString(), endedAt: null }]);

    // The app connects on two devices: closing one keeps the session running.
    clock = at(1);
    const phone = await connectAs(url, driver.token);
    const tablet = await connectAs(url, driver.token);
    expect(await sessionsOf(driver)).toHaveLength(1);
    await tablet.close();
    clock = at(2);
    await phone.sync();
    expect(await sessionsOf(driver)).toEqual([{ startedAt: at(0).toISOString(), endedAt: null }]);

    // The last connection closes at 10:00: the session ends; the app comes back at 11:00.
    await phone.close();
    await vi.waitFor(async () => expect((await sessionsOf(driver))[0]!.endedAt).toBe(at(2).toISOString()));
    clock = at(3);
    const again = await connectAs(url, driver.token);
    expect(await sessionsOf(driver)).toEqual([
      { startedAt: at(0).toISOString(), endedAt: at(2).toISOString() },
      { startedAt: at(3).toISOString(), endedAt: null },
    ]);

    // Going offline ends it; an offline driver's app connecting starts nothing.
    clock = at(4);
    await expectOk(await api.patch(t.app, '/api/drivers/status', driver, { status: 'offline' }));
    await again.close();
    clock = at(5);
    const offline = await connectAs(url, driver.token);
    await offline.close();
    expect(await sessionsOf(driver)).toEqual([
      { startedAt: at(0).toISOString(), endedAt: at(2).toISOString() },
      { startedAt: at(3).toISOString(), endedAt: at(4).toISOString() },
    ]);
  });

  it('going online twice keeps one session', async () => {
    clock = at(6);
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    clock = at(7);
    await goOnline(t.app, driver, HERALD_SQUARE);
    expect(await sessionsOf(driver)).toEqual([{ startedAt: at(6).toISOString(), endedAt: null }]);
  });

  it('a restart ends the sessions left running at their driver’s last stored position', async () => {
    clock = at(8);
    const driver = await registeredDriver(t.app, admin);
    await goOnline(t.app, driver, HERALD_SQUARE);
    clock = at(10);
    t = await t.restart(() => clock);
    expect(await sessionsOf(driver)).toEqual([{ startedAt: at(8).toISOString(), endedAt: at(8).toISOString() }]);
    // Still online after the restart: the app reconnecting starts a new session.
    url = await listen(t.app);
    clock = at(11);
    const socket = await connectAs(url, driver.token);
    expect((await sessionsOf(driver))[1]).toEqual({ startedAt: at(11).toISOString(), endedAt: null });
    await socket.close();
  });

  it("reports today's online time from the stored sessions, a running one up to now", async () => {
    // A day of its own: 2026-11-03. Online 23:30 the day before to 00:30 (half an hour counts today).
    const dayStart = new Date('2026-11-03T00:00:00Z');
    const on = (minutes: number) => new Date(dayStart.getTime() + minutes * 60_000);
    clock = on(-30);
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    const me = async () => (await expectOk<DriverMe>(await api.get(t.app, '/api/drivers/me', driver))).today;
    clock = on(30);
    await expectOk(await api.patch(t.app, '/api/drivers/status', driver, { status: 'offline' }));
    expect((await me()).onlineSeconds).toBe(30 * 60);
    // Offline for an hour counts nothing; online again from 01:30, asked at 02:15: 45 more minutes, still running.
    clock = on(90);
    await goOnline(t.app, driver, HERALD_SQUARE);
    clock = on(135);
    expect(await me()).toMatchObject({ onlineSeconds: 75 * 60, rides: 0 });
    // Another driver's sessions are not counted, and a driver never online has none.
    const idle = await registeredDriver(t.app, admin);
    expect((await expectOk<DriverMe>(await api.get(t.app, '/api/drivers/me', idle))).today.onlineSeconds).toBe(0);
    // The next day starts from zero but counts the session still running since 01:30 from midnight.
    clock = new Date('2026-11-04T00:10:00Z');
    expect((await me()).onlineSeconds).toBe(10 * 60);
  });
});

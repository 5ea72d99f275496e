import type { AdminUser, DriverMe, DriverSuspensionState, LicenseeDriver, Notification } from '@coride/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverSuspensions, mailOutbox } from '../../../src/db/schema';
import * as driversRepo from '../../../src/modules/drivers/repository';
import { connectAs, HubTap, listen } from '../../support/realtime';
import { sharedBackends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  coordinates,
  expectError,
  expectOk,
  goOnline,
  HERALD_SQUARE,
  MIDTOWN_ZIPS,
  offset,
  onlineDriver,
  registeredDriver,
  rider,
  signInAdmin,
  type Person,
  type Ride,
} from '../../support/world';

/*
 * Driver suspension (contract §9, ADR 031): a licensee suspends its own territory's drivers, an admin
 * any driver, with a reason; the driver is taken offline at once, their open offer is withdrawn, they
 * cannot go online and are offered nothing; they are told by notification and mail; a ride under way
 * finishes; reinstating lifts it and keeps the history. Also: a licensee cannot approve a driver an
 * admin rejected.
 */
describe.each(sharedBackends)('driver suspension (%s)', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let admin: Person;
  let midtown: Person & { territoryId: string };
  let brooklyn: Person & { territoryId: string };

  beforeAll(async () => {
    t = await createTestApp(backend, { DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0' });
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
    midtown = await approvedLicensee(t.app, admin, MIDTOWN_ZIPS, 'Midtown');
    brooklyn = await approvedLicensee(t.app, admin, ['11201'], 'Brooklyn Heights');
  });
  afterAll(() => t?.close());

  const suspend = (driver: Person, by: Person, reason: unknown = 'Repeated no-shows at pickups') =>
    api.post(t.app, `/api/licensee/drivers/${driver.id}/suspend`, by, { reason });
  const reinstate = (driver: Person, by: Person, body?: unknown) => api.post(t.app, `/api/licensee/drivers/${driver.id}/reinstate`, by, body);
  const me = async (driver: Person) => expectOk<DriverMe>(await api.get(t.app, '/api/drivers/me', driver));
  const notifications = async (person: Person) => expectOk<Notification[]>(await api.get(t.app, '/api/notifications', person));
  const mailsTo = (userId: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
  const goOnlineAt = (driver: Person, location = HERALD_SQUARE) => api.patch(t.app, '/api/drivers/status', driver, { status: 'online', location });

  it('refuses riders and drivers (403), another territory’s licensee and unknown drivers (404), and checks the reason (400)', async () => {
    const driver = await registeredDriver(t.app, admin, { driveArea: '10018' });
    const someRider = await rider(t.app);
    const otherDriver = await registeredDriver(t.app, admin, { driveArea: '10018' });
    for (const person of [someRider, otherDriver]) {
      expectError(await suspend(driver, person), 403, 'FORBIDDEN');
      expectError(await reinstate(driver, person), 403, 'FORBIDDEN');
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/licensee/drivers/${driver.id}/suspend`, payload: { reason: 'No reason at all' } })).statusCode,
    ).toBe(401);
    expectError(await suspend(driver, brooklyn), 404, 'NOT_FOUND');
    expectError(await reinstate(driver, brooklyn), 404, 'NOT_FOUND');
    expectError(await suspend(someRider, midtown), 404, 'NOT_FOUND');
    expectError(await suspend({ id: '00000000-0000-4000-8000-000000000000', token: '' }, admin), 404, 'NOT_FOUND');
    expectError(await api.post(t.app, '/api/licensee/drivers/not-an-id/suspend', admin, { reason: 'Valid reason here' }), 400, 'VALIDATION_FAILED');
    for (const payload of [{}, { reason: '' }, { reason: 'no' }, { reason: '    no    ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      const refused = await api.post(t.app, `/api/licensee/drivers/${driver.id}/suspend`, midtown, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { reason: expect.any(String) } });
    }
    expectError(await reinstate(driver, midtown), 409, 'CONFLICT');
    // Nothing of these was kept.
    expect(await t.database.db.select().from(driverSuspensions).where(eq(driverSuspensions.driverId, driver.id))).toEqual([]);
    expect((await me(driver)).suspension).toBeNull();
  });

  it('takes an online driver offline at once, withdraws their open offer to the next driver, tells them by socket, bell and mail', async () => {
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    const person = await rider(t.app);
    let since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, person), 201);
    await tap.dispatched(ride.id, since);
    expect(tap.to(driver.id, 'ride_request', since).map((m) => m.ride.id)).toEqual([ride.id]);
    // A second driver comes online after the first offer: the withdrawn ride goes to them.
    const next = await onlineDriver(t.app, admin, offset(HERALD_SQUARE, 0.3));

    since = tap.mark();
    const state = await expectOk<DriverSuspensionState>(await suspend(driver, midtown, '  Repeated no-shows at pickups  '));
    expect(state).toMatchObject({
      driverId: driver.id,
      suspension: { reason: 'Repeated no-shows at pickups', at: expect.any(String), by: { role: 'licensee', name: expect.any(String) } },
    });
    expectError(await suspend(driver, midtown), 409, 'CONFLICT');

    // The driver's sockets hear of it on every process (the hub), and the offer is withdrawn.
    expect(tap.to(driver.id, 'driver_suspended', since)).toEqual([
      { type: 'driver_suspended', suspension: { at: state.suspension!.at, reason: 'Repeated no-shows at pickups' } },
    ]);
    expect(tap.to(driver.id, 'offer_withdrawn', since)).toEqual([{ type: 'offer_withdrawn', rideId: ride.id, reason: 'suspended' }]);
    expect(tap.to(next.id, 'ride_request', since).map((m) => m.ride.id)).toEqual([ride.id]);
    expect((await api.post(t.app, `/api/rides/${ride.id}/accept`, driver)).statusCode).toBe(409);

    // Offline everywhere: the database, the dispatch index (Redis's when shared), the licensee's list.
    expect(await me(driver)).toMatchObject({ status: 'offline', suspension: { reason: 'Repeated no-shows at pickups', at: state.suspension!.at } });
    expect(await t.app.services.index.get(driver.id)).toBeUndefined();
    const listed = await expectOk<LicenseeDriver[]>(await api.get(t.app, '/api/licensee/drivers', midtown));
    expect(listed.find((d) => d.id === driver.id)).toMatchObject({ isOnline: false, suspension: { reason: 'Repeated no-shows at pickups' } });
    expect(listed.find((d) => d.id === next.id)).toMatchObject({ isOnline: true, suspension: null });

    // Cannot go online again.
    expectError(await goOnlineAt(driver), 403, 'DRIVER_SUSPENDED');
    expect((await me(driver)).status).toBe('offline');

    // Told in the bell and by mail, written with the suspension.
    const bell = await notifications(driver);
    expect(bell.filter((n) => n.kind === 'driver_suspended').map((n) => n.data)).toEqual([{ reason: 'Repeated no-shows at pickups' }]);
    const mails = (await mailsTo(driver.id)).filter((m) => m.template === 'driver-suspended');
    expect(mails.map((m) => m.data)).toEqual([expect.objectContaining({ reason: 'Repeated no-shows at pickups' })]);
    expect(tap.to(driver.id, 'notification', since).map((m) => m.notification.kind)).toEqual(['driver_suspended']);
  });

  it('never offers a suspended driver a ride, even one the dispatch index and presence still hold', async () => {
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    await expectOk(await suspend(driver, admin, 'Insurance certificate expired'));
    // A going-online that raced the suspension: presence and the index have the driver again.
    await driversRepo.setPresenceOnline(t.database.db, driver.id, HERALD_SQUARE, new Date());
    await t.app.services.index.upsert({
      driverId: driver.id,
      territoryId: midtown.territoryId,
      lat: HERALD_SQUARE.lat,
      lng: HERALD_SQUARE.lng,
      ts: Date.now() + 60_000,
    });
    expect(await driversRepo.onlineDriverIds(t.database.db, [driver.id])).toEqual(new Set());

    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, await rider(t.app)), 201);
    await tap.dispatched(ride.id, since);
    expect(tap.to(driver.id, 'ride_request', since)).toEqual([]);
    await driversRepo.setPresenceOffline(t.database.db, driver.id, new Date());
  });

  it('lets a ride under way finish, and an admin reinstates through the same route: the driver goes online again, history kept', async () => {
    const driver = await onlineDriver(t.app, admin, offset(HERALD_SQUARE, 0, 0.2));
    const person = await rider(t.app);
    let since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, person), 201);
    await tap.dispatched(ride.id, since);
    // Whoever else is online may have had the offer too: this driver takes it.
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
    await expectOk(await suspend(driver, midtown, 'Complaint under review'));

    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    expect(await expectOk<Ride>(await api.post(t.app, `/api/rides/${ride.id}/complete`, driver))).toMatchObject({ status: 'completed' });

    since = tap.mark();
    const state = await expectOk<DriverSuspensionState>(await reinstate(driver, admin, { reason: 'Complaint not upheld' }));
    expect(state).toEqual({ driverId: driver.id, suspension: null });
    expectError(await reinstate(driver, admin), 409, 'CONFLICT');
    expect(tap.to(driver.id, 'driver_reinstated', since)).toHaveLength(1);
    expect((await notifications(driver)).map((n) => n.kind)).toContain('driver_reinstated');
    expect((await mailsTo(driver.id)).map((m) => m.template)).toEqual(expect.arrayContaining(['driver-suspended', 'driver-reinstated']));
    expect((await me(driver)).suspension).toBeNull();
    await goOnline(t.app, driver, HERALD_SQUARE);
    expect((await me(driver)).status).toBe('online');

    // Suspended again later: a second row; the first stays as history with who lifted it and why.
    await expectOk(await suspend(driver, midtown, 'Second complaint under review'));
    const history = await t.database.db
      .select()
      .from(driverSuspensions)
      .where(eq(driverSuspensions.driverId, driver.id))
      .orderBy(driverSuspensions.suspendedAt);
    expect(history.map((h) => [h.reason, h.suspendedBy, h.reinstatedBy, h.reinstateReason])).toEqual([
      ['Complaint under review', midtown.id, admin.id, 'Complaint not upheld'],
      ['Second complaint under review', midtown.id, null, null],
    ]);
    // Reinstating without a body: the note is optional.
    await expectOk(
      await t.app.inject({ method: 'POST', url: `/api/licensee/drivers/${driver.id}/reinstate`, headers: { authorization: `Bearer ${midtown.token}` } }),
    );
    expect((await me(driver)).suspension).toBeNull();
  });

  it('lets an admin suspend a driver of any territory, or of none; the admin shows in the audit', async () => {
    const brooklynDriver = await registeredDriver(t.app, admin, { driveArea: '11201' });
    const nowhere = await registeredDriver(t.app, admin, { driveArea: '60601' });
    expectError(await suspend(brooklynDriver, midtown), 404, 'NOT_FOUND');
    expectError(await suspend(nowhere, midtown), 404, 'NOT_FOUND');
    expect(await expectOk<DriverSuspensionState>(await suspend(brooklynDriver, admin, 'Licence check pending'))).toMatchObject({
      suspension: { reason: 'Licence check pending', by: { role: 'admin' } },
    });
    await expectOk(await suspend(nowhere, admin, 'Licence check pending'));
    // The admin's users list shows it on the driver's row.
    const users = await expectOk<AdminUser[]>(await api.get(t.app, `/api/admin/users?role=driver&q=${encodeURIComponent(nowhere.email)}`, admin));
    expect(users.map((u) => [u.id, u.suspension?.reason])).toEqual([[nowhere.id, 'Licence check pending']]);
    // The territory's own licensee sees who did it and may lift it.
    const listed = await expectOk<LicenseeDriver[]>(await api.get(t.app, '/api/licensee/drivers', brooklyn));
    expect(listed.find((d) => d.id === brooklynDriver.id)?.suspension).toMatchObject({ by: { role: 'admin' } });
    await expectOk(await reinstate(brooklynDriver, brooklyn));
  });

  it('a licensee cannot approve a driver an admin rejected, neither from its drivers list nor by reviewing the application', async () => {
    const driver = await registeredDriver(t.app, admin, { driveArea: coordinates(HERALD_SQUARE), approve: false });
    await expectOk(
      await api.post(t.app, `/api/driver-applications/${driver.applicationId}/review`, admin, { status: 'rejected', notes: 'Licence photo unreadable' }),
    );

    const approve = await api.post(t.app, `/api/licensee/drivers/${driver.id}/approve`, midtown);
    expectError(approve, 409, 'CONFLICT');
    expect(approve.json<{ error: string }>().error).toMatch(/rejected/);
    expectError(await api.post(t.app, `/api/driver-applications/${driver.applicationId}/review`, midtown, { status: 'approved' }), 409, 'CONFLICT');
    expect(await me(driver)).toMatchObject({ isApproved: false, applicationStatus: 'rejected' });
    expectError(await goOnlineAt(driver), 403, 'FORBIDDEN');
  });
});

/*
 * Suspension takes away the right to drive, not the account (ADR 031: the driver keeps their session to
 * read why, see their earnings and cash out). That right is revoked on every process within a second:
 * the instance that did not suspend tells the driver's socket, refuses going online and offers nothing.
 */
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('driver suspension across two instances on one PostgreSQL and one Redis', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['twin']>>;
  let admin: Person;
  let midtown: Person & { territoryId: string };

  beforeAll(async () => {
    t = await createTestApp('postgres+redis', { DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0' });
    other = await t.twin();
    admin = await signInAdmin(t.app);
    midtown = await approvedLicensee(t.app, admin, MIDTOWN_ZIPS, 'Midtown');
  });
  afterAll(async () => {
    await other?.closeTwin();
    await t?.close();
  });

  it('a suspension through instance B reaches the driver on instance A within a second: told, offline, refused, offered nothing', async () => {
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    const socket = await connectAs(await listen(t.app), driver.token);
    try {
      const started = Date.now();
      await expectOk<DriverSuspensionState>(
        await api.post(other, `/api/licensee/drivers/${driver.id}/suspend`, midtown, { reason: 'Repeated no-shows at pickups' }),
      );
      expect((await socket.next('driver_suspended', 1000)).suspension.reason).toBe('Repeated no-shows at pickups');
      expect(Date.now() - started).toBeLessThan(1000);

      // Instance A, which did nothing itself, answers as B does.
      expectError(await api.patch(t.app, '/api/drivers/status', driver, { status: 'online', location: HERALD_SQUARE }), 403, 'DRIVER_SUSPENDED');
      expect(await expectOk<DriverMe>(await api.get(t.app, '/api/drivers/me', driver))).toMatchObject({
        status: 'offline',
        suspension: { reason: 'Repeated no-shows at pickups' },
      });
      expect(await t.app.services.index.get(driver.id)).toBeUndefined();
      // A ride booked through A is offered to nobody: the suspended driver was the only one near.
      const ride = await expectOk<Ride>(await book(t.app, await rider(t.app)), 201);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(socket.unread().filter((m) => m.type === 'ride_request' && m.ride.id === ride.id)).toEqual([]);
    } finally {
      await socket.close();
    }
  });
});

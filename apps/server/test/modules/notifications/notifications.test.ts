import { NEXT_CURSOR_HEADER, type Notification, type NotificationKind, type Ride } from '@coride/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customerPayload, licenseePayload, register } from '../../support/fixtures';
import { rows } from '../../support/ledger';
import { listen, SocketPool } from '../../support/realtime';
import { sharedBackends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  CITIES,
  coordinates,
  eventually,
  expectOk,
  HERALD_SQUARE,
  MIDTOWN_ZIPS,
  onlineDriver,
  registeredDriver,
  rider,
  signInAdmin,
  type Person,
} from '../../support/world';

describe.each(sharedBackends)('in-app notifications on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let admin: Person;
  let licensee: Person & { territoryId: string };
  let driver: Person;
  let failAt: string[] = [];
  const sockets = new SocketPool(() => url);

  beforeAll(async () => {
    t = await createTestApp(backend, { DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0' }, undefined, (point) => {
      if (failAt.includes(point)) {
        failAt = failAt.filter((p) => p !== point);
        throw new Error(`injected failure at ${point}`);
      }
    });
    url = await listen(t.app);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin, MIDTOWN_ZIPS, 'Midtown');
    driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
  });
  afterEach(() => sockets.closeAll());
  afterAll(() => t.close());

  const get = (path: string, who: Person) => api.get(t.app, path, who);
  const post = (path: string, who: Person, body?: unknown) => api.post(t.app, path, who, body);
  const list = async (who: Person, query = '') => expectOk<Notification[]>(await get(`/api/notifications${query}`, who));
  const kinds = async (who: Person) => (await list(who)).map((n) => n.kind);
  const unread = async (who: Person) => (await expectOk<{ unread: number }>(await get('/api/notifications/unread-count', who))).unread;
  const ofKind = async <K extends NotificationKind>(who: Person, kind: K) =>
    (await list(who)).filter((n): n is Extract<Notification, { kind: K }> => n.kind === kind);

  async function acceptedRide(person?: Person): Promise<{ person: Person; ride: Ride }> {
    const owner = person ?? (await rider(t.app));
    const ride = await expectOk<Ride>(await book(t.app, owner), 201);
    await t.app.services.dispatcher.sweep();
    await expectOk(await post(`/api/rides/${ride.id}/accept`, driver));
    return { person: owner, ride };
  }

  async function completedRide(): Promise<{ person: Person; ride: Ride }> {
    const { person, ride } = await acceptedRide();
    await expectOk(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    await expectOk(await post(`/api/rides/${ride.id}/complete`, driver));
    return { person, ride };
  }

  describe('made by the events that mail, and by the ride’s changes', () => {
    it('tells a driver of the approval of their application, and another of its rejection with the notes', async () => {
      const approved = await registeredDriver(t.app, admin, { approve: true });
      const [approval] = await ofKind(approved, 'driver_application_approved');
      expect(approval).toMatchObject({ data: { applicationId: approved.applicationId }, readAt: null });

      const rejected = await registeredDriver(t.app, admin, { approve: false });
      await expectOk(await post(`/api/driver-applications/${rejected.applicationId}/review`, admin, { status: 'under_review' }));
      expect(await list(rejected)).toEqual([]);
      await expectOk(await post(`/api/driver-applications/${rejected.applicationId}/review`, admin, { status: 'rejected', notes: 'License expired' }));
      expect(await list(rejected)).toEqual([
        expect.objectContaining({ kind: 'driver_application_rejected', data: { applicationId: rejected.applicationId, notes: 'License expired' } }),
      ]);
    });

    it('tells a licensee applicant of the decision with the territory’s name', async () => {
      const approved = await approvedLicensee(t.app, admin, ['02108'], 'Beacon Hill');
      expect(await list(approved)).toEqual([
        expect.objectContaining({ kind: 'licensee_application_approved', data: expect.objectContaining({ territoryName: 'Beacon Hill' }) }),
      ]);

      const applicant = await register(t.app, licenseePayload({ zipCodes: '80202', territoryName: 'LoDo' }));
      const applications = await expectOk<{ id: string; user: { email: string } }[]>(await get('/api/licensee-applications', admin));
      const application = applications.find((a) => a.user.email === applicant.user.email)!;
      await expectOk(await post(`/api/licensee-applications/${application.id}/review`, admin, { status: 'rejected', notes: 'Area taken' }));
      const person = { id: applicant.user.id, token: applicant.token };
      expect(await list(person)).toEqual([
        expect.objectContaining({ kind: 'licensee_application_rejected', data: { applicationId: application.id, territoryName: 'LoDo', notes: 'Area taken' } }),
      ]);
    });

    it('tells the rider the driver is assigned, the trip started, ended, and the receipt; the driver hears none of it', async () => {
      const before = await list(driver);
      const { person, ride } = await completedRide();
      // Newest first.
      expect(await kinds(person)).toEqual(['ride_receipt', 'ride_completed', 'ride_started', 'ride_driver_assigned']);
      const [receipt] = await ofKind(person, 'ride_receipt');
      expect(receipt!.data).toEqual({ rideId: ride.id, paid: ride.totalFare, totalFare: ride.totalFare, dropoffAddress: ride.dropoffLocation.address });
      expect((await ofKind(person, 'ride_started'))[0]!.data).toEqual({ rideId: ride.id, dropoffAddress: ride.dropoffLocation.address });
      expect((await ofKind(person, 'ride_driver_assigned'))[0]!.data).toEqual({ rideId: ride.id, pickupAddress: ride.pickupLocation.address });
      expect(await list(driver)).toEqual(before);
    });

    it('tells the rider of the dispute opened and resolved, with the refund', async () => {
      const { person, ride } = await completedRide();
      const opened = await expectOk<{ id: string }>(
        await post(`/api/rides/${ride.id}/disputes`, person, { reason: 'overcharged', description: 'The fare was much higher than quoted.' }),
        201,
      );
      expect((await ofKind(person, 'dispute_opened'))[0]!.data).toEqual({ disputeId: opened.id, rideId: ride.id });
      await expectOk(await post(`/api/disputes/${opened.id}/resolve`, licensee, { resolution: 'refund_partial', refundAmount: 300, note: 'Part of it back' }));
      expect((await ofKind(person, 'dispute_resolved'))[0]!.data).toEqual({
        disputeId: opened.id,
        rideId: ride.id,
        resolution: 'refund_partial',
        refundAmount: 300,
      });
    });

    it('tells the driver when the rider cancels, and the rider when the driver does, never the one who cancelled', async () => {
      const first = await acceptedRide();
      const driverBefore = (await list(driver)).length;
      await expectOk(await post(`/api/rides/${first.ride.id}/cancel`, first.person, {}));
      const [toDriver] = await ofKind(driver, 'ride_cancelled');
      expect(toDriver!.data).toEqual({ rideId: first.ride.id, pickupAddress: first.ride.pickupLocation.address, by: 'rider' });
      expect(await ofKind(first.person, 'ride_cancelled')).toEqual([]);
      expect((await list(driver)).length).toBe(driverBefore + 1);

      const second = await acceptedRide();
      await expectOk(await post(`/api/rides/${second.ride.id}/cancel`, driver, {}));
      expect((await ofKind(second.person, 'ride_cancelled'))[0]!.data).toMatchObject({ rideId: second.ride.id, by: 'driver' });
      expect((await list(driver)).length).toBe(driverBefore + 1);
    });

    it('tells both rider and driver when staff cancel, and the rider when no driver is found', async () => {
      const { person, ride } = await acceptedRide();
      await expectOk(await post(`/api/rides/${ride.id}/cancel`, licensee, { reason: 'Driver vanished' }));
      expect((await ofKind(person, 'ride_cancelled'))[0]!.data).toMatchObject({ rideId: ride.id, by: 'staff' });
      expect((await ofKind(driver, 'ride_cancelled')).map((n) => n.data)).toContainEqual(expect.objectContaining({ rideId: ride.id, by: 'staff' }));

      // A territory nobody drives in: the first round finds no one and the ride is cancelled.
      await approvedLicensee(t.app, admin, ['98101'], 'Downtown Seattle');
      const lonely = await rider(t.app);
      const pickup = { address: 'Pike Place, Seattle, WA 98101', ...CITIES.SEATTLE };
      const booked = await expectOk<Ride>(await book(t.app, lonely, pickup, { ...pickup, address: 'Seattle Center', lat: 47.6205, lng: -122.3493 }), 201);
      await eventually(async () => expect(await kinds(lonely)).toEqual(['ride_no_driver']));
      expect((await list(lonely))[0]!.data).toEqual({ rideId: booked.id, pickupAddress: pickup.address });
    });
  });

  describe('written with their cause', () => {
    it('is rolled back with a capture that fails, and written once when the capture is done again', async () => {
      const { person, ride } = await acceptedRide();
      await expectOk(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
      failAt = ['capture:in-transaction'];
      // The completion stands; its capture (and the receipt with it) failed and is left to a retry.
      await expectOk(await post(`/api/rides/${ride.id}/complete`, driver));
      expect(await kinds(person)).not.toContain('ride_receipt');
      await expectOk(await post(`/api/rides/${ride.id}/complete`, driver));
      await expectOk(await post(`/api/rides/${ride.id}/complete`, driver));
      expect((await kinds(person)).filter((k) => k === 'ride_receipt')).toHaveLength(1);
    });

    it('is not written by a review that is refused, nor twice by a decision made twice', async () => {
      const applicant = await registeredDriver(t.app, admin, { approve: true });
      const again = await post(`/api/driver-applications/${applicant.applicationId}/review`, admin, { status: 'rejected', notes: 'Changed my mind' });
      expect(again.statusCode).toBe(409);
      expect(await kinds(applicant)).toEqual(['driver_application_approved']);
    });
  });

  describe('read by their user only', () => {
    async function personWith(count: number): Promise<Person & { ids: string[] }> {
      const registered = await register(t.app, customerPayload());
      const told = t.app.services.notifications.batch();
      for (let i = 0; i < count; i += 1)
        await told.notify(t.database.db, { userId: registered.user.id, kind: 'ride_no_driver', data: { rideId: `ride-${i}`, pickupAddress: `Street ${i}` } });
      const page = await t.app.services.notifications.list(registered.user.id, { limit: 200 });
      return { id: registered.user.id, token: registered.token, ids: page.items.map((n) => n.id) };
    }

    it('pages newest first with X-Next-Cursor, nothing skipped or repeated, and nothing of anyone else', async () => {
      const person = await personWith(5);
      const other = await personWith(2);
      const first = await get('/api/notifications?limit=2', person);
      const cursor = first.headers[NEXT_CURSOR_HEADER] as string;
      expect(cursor).toBeTruthy();
      const pages = [await expectOk<Notification[]>(first)];
      let next: string | undefined = cursor;
      while (next) {
        const response = await get(`/api/notifications?limit=2&before=${next}`, person);
        pages.push(await expectOk<Notification[]>(response));
        next = response.headers[NEXT_CURSOR_HEADER] as string | undefined;
      }
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      const walked = pages.flat();
      expect(walked.map((n) => n.id)).toEqual(person.ids);
      // Newest first: the last written (Street 4) leads; ties on the timestamp are broken by id.
      const times = walked.map((n) => n.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(walked.some((n) => other.ids.includes(n.id))).toBe(false);
      expect((await get('/api/notifications?before=not-a-cursor!', person)).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    });

    it('marks one read (another user’s is 404), counts the unread, and marks all read', async () => {
      const person = await personWith(3);
      const other = await personWith(1);
      expect(await unread(person)).toBe(3);

      const read = await expectOk<Notification>(await post(`/api/notifications/${person.ids[1]}/read`, person));
      expect(read.readAt).not.toBeNull();
      expect(await unread(person)).toBe(2);
      // Read again: still read, at the first time.
      expect((await expectOk<Notification>(await post(`/api/notifications/${person.ids[1]}/read`, person))).readAt).toBe(read.readAt);

      expect((await post(`/api/notifications/${other.ids[0]}/read`, person)).statusCode).toBe(404);
      expect((await post('/api/notifications/00000000-0000-4000-8000-000000000000/read', person)).statusCode).toBe(404);
      expect((await post('/api/notifications/not-an-id/read', person)).statusCode).toBe(400);
      expect(await unread(other)).toBe(1);

      expect(await expectOk(await post('/api/notifications/read-all', person))).toEqual({ marked: 2 });
      expect(await unread(person)).toBe(0);
      expect((await list(person)).every((n) => n.readAt !== null)).toBe(true);
      expect(await unread(other)).toBe(1);
    });

    it('counts at most 100 unread, however many there are', async () => {
      const person = await personWith(0);
      const told = t.app.services.notifications.batch();
      for (let i = 0; i < 103; i += 1)
        await told.notify(t.database.db, { userId: person.id, kind: 'ride_no_driver', data: { rideId: `r${i}`, pickupAddress: 'x' } });
      expect(await unread(person)).toBe(100);
      const [stored] = await rows<{ count: number }>(
        t.database.db,
        sql`select count(*)::int as count from notifications where user_id = ${person.id} and read_at is null`,
      );
      expect(stored?.count).toBe(103);
    });
  });

  describe('pushed live', () => {
    it('reaches the user’s socket after the commit, the same as the list then shows', async () => {
      const person = await rider(t.app);
      const socket = await sockets.signedIn(person);
      const { ride } = await acceptedRide(person);
      const { notification } = await socket.next('notification');
      expect(notification).toMatchObject({ kind: 'ride_driver_assigned', data: { rideId: ride.id }, readAt: null });
      expect((await list(person))[0]).toEqual(notification);
      // The driver is free for the next test.
      await expectOk(await post(`/api/rides/${ride.id}/cancel`, driver, {}));
    });

    it('is not pushed when its cause rolls back', async () => {
      const { person, ride } = await acceptedRide();
      await expectOk(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
      const socket = await sockets.signedIn(person);
      failAt = ['capture:in-transaction'];
      await expectOk(await post(`/api/rides/${ride.id}/complete`, driver));
      expect((await socket.next('notification')).notification.kind).toBe('ride_completed');
      await socket.sync();
      expect(socket.unread('notification')).toEqual([]);
    });

    it.runIf(backend === 'postgres+redis')('reaches a socket on another instance through Redis', async () => {
      const other = await t.twin();
      try {
        const otherUrl = await listen(other);
        const applicant = await registeredDriver(t.app, admin, { approve: false, driveArea: coordinates(HERALD_SQUARE) });
        const socket = await new SocketPool(() => otherUrl).signedIn(applicant);
        try {
          await expectOk(await post(`/api/driver-applications/${applicant.applicationId}/review`, admin, { status: 'approved' }));
          expect((await socket.next('notification')).notification).toMatchObject({ kind: 'driver_application_approved' });
        } finally {
          await socket.close();
        }
      } finally {
        await other.closeTwin();
      }
    });
  });
});

import { randomUUID } from 'node:crypto';
import type { AdminUser, Dispute, DriverApplication, LicenseeApplication, Ride, SupportTicket } from '@coride/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantConversations, disputes, licenseeApplications, rides, supportTickets, users } from '../src/db/schema';
import { encodeCursor, pageLimit, pageWhere } from '../src/lib/paging';
import { findRideDetails, rideKeyset } from '../src/modules/rides/repository';
import { createTestApp, backends, type TestApp } from './support/test-app';
import { api, approvedLicensee, expectOk, registeredDriver, rider, signInAdmin, type Person } from './support/world';

/*
 * The paged lists of contract §8 (lib/paging.ts, docs/decisions/017-keyset-paging.md): ?limit= (50 by
 * default, at most 200), ?before=<cursor>, newest first with ties broken by id, the next page's cursor
 * in X-Next-Cursor, scope unchanged, and the admin's searches. Rows are written straight into the
 * tables so that hundreds of them, many sharing one timestamp, cost no bookings.
 */

type Page<T> = { items: T[]; next: string | undefined };

describe.each(backends)('paged lists on %s', (backend) => {
  let t: TestApp;
  let admin: Person;
  let midtown: Person & { territoryId: string };
  let brooklyn: Person & { territoryId: string };
  let alice: Person;
  let bob: Person;
  const SAME_INSTANT = new Date('2026-03-01T10:00:00.123Z');

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signInAdmin(t.app);
    midtown = await approvedLicensee(t.app, admin);
    brooklyn = await approvedLicensee(t.app, admin, ['11201'], 'Brooklyn Heights');
    alice = await rider(t.app, { card: null });
    bob = await rider(t.app, { card: null });
  });
  afterAll(() => t?.close());

  async function getPage<T>(url: string, person: Person): Promise<Page<T>> {
    const response = await api.get(t.app, url, person);
    const items = await expectOk<T[]>(response);
    const next = response.headers['x-next-cursor'];
    return { items, next: typeof next === 'string' ? next : undefined };
  }

  /** Every page of a list, following X-Next-Cursor; `between` runs after each page (to insert rows meanwhile). */
  async function allPages<T>(url: string, person: Person, between: () => Promise<void> = async () => {}): Promise<T[][]> {
    const pages: T[][] = [];
    let cursor: string | undefined;
    do {
      const separator = url.includes('?') ? '&' : '?';
      const page = await getPage<T>(cursor ? `${url}${separator}before=${cursor}` : url, person);
      pages.push(page.items);
      cursor = page.next;
      await between();
    } while (cursor);
    return pages;
  }

  let rideCount = 0;
  /** Cancelled rides (no driver, no hold needed) of a rider in a territory, `at` their booking time. */
  async function insertRides(riderId: string, territoryId: string, count: number, at: (i: number) => Date, address = 'Times Square, New York, NY 10036') {
    const values = Array.from({ length: count }, (_, i) => {
      rideCount += 1;
      return {
        riderId,
        territoryId,
        status: 'cancelled' as const,
        pickupAddress: address,
        pickupLat: 40.759,
        pickupLng: -73.991,
        dropoffAddress: `Stop ${rideCount}, New York, NY 10001`,
        dropoffLat: 40.7506,
        dropoffLng: -73.9935,
        distance: 1,
        duration: 5,
        pickupZip: '10036',
        baseFare: 250,
        distanceFare: 100,
        timeFare: 50,
        subtotal: 400,
        platformFee: 20,
        adminFee: 4,
        totalFare: 424,
        requestedAt: at(i),
        cancelledAt: at(i),
      };
    });
    return t.database.db.insert(rides).values(values).returning({ id: rides.id, requestedAt: rides.requestedAt });
  }

  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  describe('GET /api/rides', () => {
    let aliceRideIds: string[];

    beforeAll(async () => {
      // 130 rides: 60 booked in the same millisecond (ties broken by id), 70 a minute apart.
      const tied = await insertRides(alice.id, midtown.territoryId, 60, () => SAME_INSTANT);
      const spread = await insertRides(alice.id, midtown.territoryId, 70, (i) => new Date(SAME_INSTANT.getTime() - (i + 1) * 60_000));
      await insertRides(bob.id, brooklyn.territoryId, 30, (i) => new Date(SAME_INSTANT.getTime() - i * 1000), 'Montague St, Brooklyn, NY 11201');
      // Newest first; the tied ones by id, descending (uuid order is PostgreSQL's: byte order, as text for lower-case hex).
      aliceRideIds = [
        ...tied
          .map((r) => r.id)
          .sort()
          .reverse(),
        ...spread.map((r) => r.id),
      ];
    });

    it('gives 50 rides by default, newest first, and the next page through X-Next-Cursor until the last page, which has none', async () => {
      const first = await getPage<Ride>('/api/rides', alice);
      expect(first.items).toHaveLength(50);
      expect(first.next).toMatch(/^[A-Za-z0-9_-]+$/);
      const pages = await allPages<Ride>('/api/rides', alice);
      expect(pages.map((p) => p.length)).toEqual([50, 50, 30]);
      expect(pages.flat().map((r) => r.id)).toEqual(aliceRideIds);
      expect(pages.flat().every((r) => r.rider.id === alice.id)).toBe(true);
    });

    it('keeps a stable order through rides booked in the same millisecond, at any page size', async () => {
      for (const limit of [1, 7, 59, 60, 61, 200]) {
        const pages = await allPages<Ride>(`/api/rides?limit=${limit}`, alice);
        expect(pages.flat().map((r) => r.id)).toEqual(aliceRideIds);
        expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
      }
    });

    it('skips and repeats nothing while rides are booked between the pages, microseconds apart or in the same instant', async () => {
      const before = await allPages<Ride>('/api/rides?limit=25', alice);
      const expected = before.flat().map((r) => r.id);
      const seen = (
        await allPages<Ride>('/api/rides?limit=25', alice, async () => {
          // Newer rides, and rides sharing the newest one's instant: none may shift the pages still to come.
          await insertRides(alice.id, midtown.territoryId, 3, () => new Date());
          await insertRides(alice.id, midtown.territoryId, 2, () => SAME_INSTANT);
        })
      ).flat();
      expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length); // nothing repeated
      // Every ride there was when paging began is seen, in order (nothing skipped); the ones booked
      // since then come first in a fresh read.
      expect(seen.map((r) => r.id).filter((id) => expected.includes(id))).toEqual(expected);
      const fresh = await getPage<Ride>('/api/rides?limit=3', alice);
      expect(ids(fresh.items).some((id) => expected.includes(id))).toBe(false);
    });

    it('never lets a rider page into another rider’s rides, whatever the cursor', async () => {
      const bobs = await allPages<Ride>('/api/rides?limit=10', bob);
      expect(bobs.flat()).toHaveLength(30);
      expect(bobs.flat().every((r) => r.rider.id === bob.id)).toBe(true);
      // A cursor forged from Alice's newest ride still only walks Bob's.
      const forged = encodeCursor({ at: '2099-01-01T00:00:00.000000Z', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' });
      const page = await getPage<Ride>(`/api/rides?limit=200&before=${forged}`, bob);
      expect(page.items.every((r) => r.rider.id === bob.id)).toBe(true);
      expect(page.items).toHaveLength(30);
    });

    it('gives a licensee only the rides of its territories, page by page', async () => {
      const pages = await allPages<Ride>('/api/rides?limit=20', brooklyn);
      expect(pages.flat()).toHaveLength(30);
      expect(pages.flat().every((r) => r.rider.id === bob.id)).toBe(true);
    });

    it('answers 400 VALIDATION_FAILED for a limit over 200, under 1 or not a number, and for a malformed cursor', async () => {
      for (const query of ['limit=201', 'limit=0', 'limit=abc', 'limit=2.5']) {
        const response = await api.get(t.app, `/api/rides?${query}`, alice);
        expect(response.statusCode, query).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      expect((await api.get(t.app, '/api/rides?limit=200', alice)).statusCode).toBe(200);
      const malformed = [
        'not a cursor!',
        'bm90LWpzb24', // "not-json"
        Buffer.from('{"at":1}').toString('base64url'),
        Buffer.from('["yesterday","abc"]').toString('base64url'),
        Buffer.from('["2026-03-01T10:00:00.123000Z","x\'; drop table rides; --"]').toString('base64url'),
        encodeCursor({ at: '2026-13-45T99:00:00.000000Z', id: randomUUID() }),
      ];
      for (const cursor of malformed) {
        const response = await api.get(t.app, `/api/rides?before=${encodeURIComponent(cursor)}`, alice);
        expect(response.statusCode, cursor).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { before: expect.stringContaining('cursor') } });
      }
    });

    it('lets an admin search rides by address, rider name or email and ride id prefix, paged like the rest', async () => {
      const bobUser = await expectOk<{ firstName: string; lastName: string; email: string }>(await api.get(t.app, '/api/users/me', bob));
      const byAddress = await allPages<Ride>('/api/rides?q=montague&limit=12', admin);
      expect(byAddress.flat()).toHaveLength(30);
      expect(byAddress.map((p) => p.length)).toEqual([12, 12, 6]);
      const byName = (await allPages<Ride>(`/api/rides?q=${encodeURIComponent(`${bobUser.firstName} ${bobUser.lastName}`.toUpperCase())}`, admin)).flat();
      expect(byName.length).toBeGreaterThanOrEqual(30);
      expect(byName.filter((r) => r.rider.id === bob.id)).toHaveLength(30);
      const byEmail = (await allPages<Ride>(`/api/rides?q=${encodeURIComponent(bobUser.email.toUpperCase())}&limit=200`, admin)).flat();
      expect(byEmail.every((r) => r.rider.id === bob.id)).toBe(true);
      const one = aliceRideIds[70]!;
      const byId = await getPage<Ride>(`/api/rides?q=${one.slice(0, 13)}`, admin);
      expect(ids(byId.items)).toContain(one);
      // "%" and "_" are text, not patterns.
      expect((await getPage<Ride>('/api/rides?q=%25', admin)).items).toEqual([]);
    });

    it('refuses the ride search to everyone but admins', async () => {
      for (const person of [alice, midtown]) {
        const response = await api.get(t.app, '/api/rides?q=times', person);
        expect(response.statusCode).toBe(403);
      }
    });
  });

  describe('GET /api/drivers/rides', () => {
    it('pages a driver’s own rides', async () => {
      const driver = await registeredDriver(t.app, admin);
      const values = (await insertRides(alice.id, midtown.territoryId, 5, () => SAME_INSTANT)).map((r) => r.id);
      await t.database.db.update(rides).set({ driverId: driver.id }).where(inArray(rides.id, values));
      const pages = await allPages<Ride>('/api/drivers/rides?limit=2', driver);
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      expect(pages.flat().map((r) => r.id)).toEqual([...values].sort().reverse());
      const others = await t.database.db.select({ id: rides.id }).from(rides).where(eq(rides.driverId, driver.id));
      expect(others).toHaveLength(5);
      expect((await api.get(t.app, '/api/drivers/rides?limit=201', driver)).statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/users', () => {
    beforeAll(async () => {
      // 70 people signed up in one instant, some of them named Zelda.
      await t.database.db.insert(users).values(
        Array.from({ length: 70 }, (_, i) => ({
          role: i % 2 === 0 ? ('customer' as const) : ('driver' as const),
          email: `bulk${i}.${i % 10 === 0 ? 'zelda' : 'person'}@paging.example`,
          passwordHash: 'x',
          firstName: i % 10 === 0 ? 'Zelda' : 'Pat',
          lastName: `Number${i}`,
          phone: `+1 212 555 ${String(1000 + i)}`,
          createdAt: SAME_INSTANT,
        })),
      );
    });

    it('pages every user, newest first, stable through the ones created in the same instant', async () => {
      const pages = await allPages<AdminUser>('/api/admin/users', admin);
      const all = pages.flat();
      expect(pages[0]).toHaveLength(50);
      expect(new Set(ids(all)).size).toBe(all.length);
      const total = await t.database.db.$count(users);
      expect(all).toHaveLength(total);
      const times = all.map((u) => Date.parse(u.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const small = (await allPages<AdminUser>('/api/admin/users?limit=3', admin)).flat();
      expect(ids(small)).toEqual(ids(all));
    });

    it('searches email fragments, names (first, last, or both) and phone, case-insensitively, and filters by role', async () => {
      const zeldas = (await allPages<AdminUser>('/api/admin/users?q=ZELDA&limit=2', admin)).flat();
      expect(zeldas.map((u) => u.lastName).sort()).toEqual(['Number0', 'Number10', 'Number20', 'Number30', 'Number40', 'Number50', 'Number60']);
      expect((await getPage<AdminUser>('/api/admin/users?q=pat%20number17', admin)).items.map((u) => u.email)).toEqual(['bulk17.person@paging.example']);
      expect((await getPage<AdminUser>('/api/admin/users?q=555%201023', admin)).items.map((u) => u.lastName)).toEqual(['Number23']);
      const drivers = (await allPages<AdminUser>('/api/admin/users?role=driver&q=paging.example', admin)).flat();
      expect(drivers).toHaveLength(35);
      expect(drivers.every((u) => u.role === 'driver')).toBe(true);
      expect((await getPage<AdminUser>('/api/admin/users?q=nobody-is-called-this', admin)).items).toEqual([]);
    });

    it('is for admins only, and validates its query', async () => {
      for (const person of [alice, midtown]) expect((await api.get(t.app, '/api/admin/users', person)).statusCode).toBe(403);
      expect((await api.get(t.app, '/api/admin/users?limit=201', admin)).statusCode).toBe(400);
      expect((await api.get(t.app, '/api/admin/users?role=pilot', admin)).statusCode).toBe(400);
      expect((await api.get(t.app, '/api/admin/users?before=%21%21', admin)).statusCode).toBe(400);
    });

    it('answers 400, not 500, for a search holding a control character (PostgreSQL refuses NUL in text)', async () => {
      for (const url of ['/api/admin/users?q=pr%00qlla', '/api/admin/users?q=a%07b', '/api/rides?q=pr%00qlla']) {
        const response = await api.get(t.app, url, admin);
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject({ code: 'VALIDATION_FAILED', fields: { q: 'Remove control characters' } });
      }
    });
  });

  describe('applications', () => {
    it('pages licensee applications newest first and filters them by status', async () => {
      const [someone] = await t.database.db.select({ id: users.id }).from(users).limit(1);
      await t.database.db.insert(licenseeApplications).values(
        Array.from({ length: 9 }, (_, i) => ({
          userId: someone!.id,
          businessName: `Bulk ${i}`,
          businessLicense: 'BL-1',
          territoryName: `Bulk ${i}`,
          proposedZipCodes: ['99999'],
          businessPlan: 'plan',
          status: i < 4 ? ('pending' as const) : ('rejected' as const),
          submittedAt: SAME_INSTANT,
        })),
      );
      const all = (await allPages<LicenseeApplication>('/api/licensee-applications?limit=4', admin)).flat();
      expect(new Set(ids(all)).size).toBe(all.length);
      expect(all.filter((a) => a.businessName.startsWith('Bulk '))).toHaveLength(9);
      const pending = (await allPages<LicenseeApplication>('/api/licensee-applications?status=pending&limit=3', admin)).flat();
      expect(pending.every((a) => a.status === 'pending')).toBe(true);
      expect(pending.filter((a) => a.businessName.startsWith('Bulk '))).toHaveLength(4);
      expect((await api.get(t.app, '/api/licensee-applications?status=lost', admin)).statusCode).toBe(400);
      expect((await api.get(t.app, '/api/licensee-applications', midtown)).statusCode).toBe(403);
    });

    it('pages rows a microsecond apart within one millisecond one by one (the database’s clock, not JavaScript’s)', async () => {
      // Applications get their time from the database's default, to the microsecond. A cursor cut to
      // JavaScript's millisecond would put all three "before" a cursor at .123, or none of them.
      const [someone] = await t.database.db.select({ id: users.id }).from(users).limit(1);
      const inserted = await t.database.db
        .insert(licenseeApplications)
        .values(
          ['100', '200', '300'].map((micro) => ({
            userId: someone!.id,
            businessName: `Micro ${micro}`,
            businessLicense: 'BL-1',
            territoryName: `Micro ${micro}`,
            proposedZipCodes: ['99998'],
            businessPlan: 'plan',
            status: 'rejected' as const,
          })),
        )
        .returning({ id: licenseeApplications.id, businessName: licenseeApplications.businessName });
      for (const row of inserted) {
        const micro = row.businessName.slice('Micro '.length);
        await t.database.db
          .update(licenseeApplications)
          .set({ submittedAt: sql`${`2030-01-01T00:00:00.123${micro}Z`}::timestamptz` })
          .where(eq(licenseeApplications.id, row.id));
      }
      // The newest rows of the whole list: paged one at a time from the top.
      const pages = await allPages<LicenseeApplication>('/api/licensee-applications?limit=1', admin);
      const names = pages
        .flat()
        .map((a) => a.businessName)
        .filter((name) => name.startsWith('Micro '));
      expect(names).toEqual(['Micro 300', 'Micro 200', 'Micro 100']);
    });

    it('pages driver applications: all for an admin, a licensee only its territories’', async () => {
      for (let i = 0; i < 3; i += 1) await registeredDriver(t.app, admin, { driveArea: '10018', approve: false });
      await registeredDriver(t.app, admin, { driveArea: '11201', approve: false });
      const adminView = (await allPages<DriverApplication>('/api/driver-applications?status=pending&limit=2', admin)).flat();
      expect(adminView).toHaveLength(4);
      const midtownView = (await allPages<DriverApplication>('/api/driver-applications?status=pending&limit=2', midtown)).flat();
      expect(midtownView).toHaveLength(3);
      const brooklynView = await getPage<DriverApplication>('/api/driver-applications?status=pending', brooklyn);
      expect(brooklynView.items).toHaveLength(1);
      expect(brooklynView.next).toBeUndefined();
    });
  });

  describe('support tickets and disputes', () => {
    it('pages tickets newest first within the staff member’s scope', async () => {
      const values = [];
      for (let i = 0; i < 7; i += 1) {
        const [conversation] = await t.database.db
          .insert(assistantConversations)
          .values({ userId: alice.id, language: 'en', createdAt: SAME_INSTANT, updatedAt: SAME_INSTANT })
          .returning({ id: assistantConversations.id });
        values.push({
          conversationId: conversation!.id,
          userId: alice.id,
          territoryId: i < 5 ? midtown.territoryId : brooklyn.territoryId,
          reason: 'asked_for_person' as const,
          createdAt: SAME_INSTANT,
        });
      }
      await t.database.db.insert(supportTickets).values(values);
      const adminView = await allPages<SupportTicket>('/api/support/tickets?limit=3', admin);
      expect(adminView.map((p) => p.length)).toEqual([3, 3, 1]);
      const midtownView = (await allPages<SupportTicket>('/api/support/tickets?limit=2', midtown)).flat();
      expect(midtownView).toHaveLength(5);
      expect(midtownView.every((ticket) => ticket.territoryId === midtown.territoryId)).toBe(true);
      expect((await api.get(t.app, '/api/support/tickets?before=xyz', admin)).statusCode).toBe(400);
    });

    it('pages disputes: a rider’s own, a licensee’s territories’, all for an admin', async () => {
      const aliceRides = await insertRides(alice.id, midtown.territoryId, 4, () => SAME_INSTANT);
      const bobRides = await insertRides(bob.id, brooklyn.territoryId, 3, () => SAME_INSTANT);
      const dispute = (ride: { id: string }, riderId: string, territoryId: string) => ({
        rideId: ride.id,
        riderId,
        territoryId,
        reason: 'other',
        description: 'paging',
        openedAt: SAME_INSTANT,
      });
      await t.database.db
        .insert(disputes)
        .values([...aliceRides.map((r) => dispute(r, alice.id, midtown.territoryId)), ...bobRides.map((r) => dispute(r, bob.id, brooklyn.territoryId))]);
      const alices = await allPages<Dispute>('/api/disputes?limit=3', alice);
      expect(alices.map((p) => p.length)).toEqual([3, 1]);
      expect(alices.flat().every((d) => d.rider.id === alice.id)).toBe(true);
      expect((await allPages<Dispute>('/api/disputes?limit=2', brooklyn)).flat()).toHaveLength(3);
      const everything = (await allPages<Dispute>('/api/disputes?limit=5', admin)).flat();
      expect(everything).toHaveLength(7);
      expect(ids(everything)).toEqual(ids(everything).sort().reverse());
    });
  });

  describe('the rides not ended and the applications awaiting review, however old', () => {
    it('gives every active ride with ?status=active, in scope, even one booked before a page of newer rides', async () => {
      const carol = await rider(t.app, { card: null });
      const dave = await rider(t.app, { card: null });
      const longAgo = new Date(SAME_INSTANT.getTime() - 86_400_000);
      // A stuck ride booked a day before 60 newer (cancelled) rides of the same rider, and one in Brooklyn.
      const [stuck] = await insertRides(carol.id, midtown.territoryId, 1, () => longAgo);
      const [waiting] = await insertRides(dave.id, brooklyn.territoryId, 1, () => longAgo, 'Montague St, Brooklyn, NY 11201');
      await t.database.db
        .update(rides)
        .set({ status: 'requested', cancelledAt: null })
        .where(inArray(rides.id, [stuck!.id, waiting!.id]));
      await insertRides(carol.id, midtown.territoryId, 60, (i) => new Date(SAME_INSTANT.getTime() - i * 1000));

      // The newest page no longer holds it: that is why consoles ask for the active ones.
      expect(ids((await getPage<Ride>('/api/rides', carol)).items)).not.toContain(stuck!.id);
      const own = await getPage<Ride>('/api/rides?status=active', carol);
      expect(ids(own.items)).toEqual([stuck!.id]);
      expect(own.next).toBeUndefined();

      const everyActive = (await allPages<Ride>('/api/rides?status=active&limit=1', admin)).flat();
      expect(ids(everyActive)).toEqual(expect.arrayContaining([stuck!.id, waiting!.id]));
      expect(everyActive.every((r) => ['requested', 'accepted', 'in_progress'].includes(r.status))).toBe(true);
      expect(new Set(ids(everyActive)).size).toBe(everyActive.length);

      const midtownActive = ids((await allPages<Ride>('/api/rides?status=active&limit=1', midtown)).flat());
      expect(midtownActive).toContain(stuck!.id);
      expect(midtownActive).not.toContain(waiting!.id);
      const brooklynActive = ids((await allPages<Ride>('/api/rides?status=active', brooklyn)).flat());
      expect(brooklynActive).toEqual([waiting!.id]);

      // The admin's search narrows the active rides too.
      expect(ids((await getPage<Ride>('/api/rides?status=active&q=montague', admin)).items)).toEqual([waiting!.id]);
      expect((await api.get(t.app, '/api/rides?status=completed', admin)).statusCode).toBe(400);
    });

    it('gives the applications nobody has decided yet with ?status=awaiting: pending and under review', async () => {
      const [someone] = await t.database.db.select({ id: users.id }).from(users).limit(1);
      const statuses = ['pending', 'under_review', 'approved', 'rejected', 'under_review', 'approved'] as const;
      await t.database.db.insert(licenseeApplications).values(
        statuses.map((status, i) => ({
          userId: someone!.id,
          businessName: `Awaiting ${i}`,
          businessLicense: 'BL-2',
          territoryName: `Awaiting ${i}`,
          proposedZipCodes: ['99998'],
          businessPlan: 'plan',
          status,
          submittedAt: new Date(SAME_INSTANT.getTime() - 3_600_000),
        })),
      );
      const awaiting = (await allPages<LicenseeApplication>('/api/licensee-applications?status=awaiting&limit=2', admin)).flat();
      expect(awaiting.every((a) => a.status === 'pending' || a.status === 'under_review')).toBe(true);
      expect(awaiting.filter((a) => a.businessName.startsWith('Awaiting ')).map((a) => a.businessName)).toEqual(
        expect.arrayContaining(['Awaiting 0', 'Awaiting 1', 'Awaiting 4']),
      );
      expect(awaiting.filter((a) => a.businessName.startsWith('Awaiting '))).toHaveLength(3);

      await registeredDriver(t.app, admin, { driveArea: '10018', approve: false });
      const midtownAwaiting = (await allPages<DriverApplication>('/api/driver-applications?status=awaiting&limit=2', midtown)).flat();
      expect(midtownAwaiting.length).toBeGreaterThanOrEqual(1);
      expect(midtownAwaiting.every((a) => a.status === 'pending' || a.status === 'under_review')).toBe(true);
    });
  });
});

/*
 * Each page is an index range scan (migration 0008). Real statistics rather than `enable_seqscan = off`:
 * 25 000 rides (200 riders with 100 each, and one frequent rider with 5 000), ANALYZEd, the planner left
 * free, so the test shows what PostgreSQL chooses for a table of some size (for a handful of rows a
 * sequential scan and a sort is cheaper, rightly).
 */
describe.runIf(backends.includes('postgres'))('the rides pages on PostgreSQL', () => {
  let t: TestApp;
  let frequentRider: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    const admin = await signInAdmin(t.app);
    const { territoryId } = await approvedLicensee(t.app, admin);
    const riders = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: 201 }, (_, i) => ({
          role: 'customer' as const,
          email: `explain${i}@paging.example`,
          passwordHash: 'x',
          firstName: 'R',
          lastName: `${i}`,
        })),
      )
      .returning({ id: users.id });
    frequentRider = riders[200]!.id;
    const riderOf = sql.raw(`(array[${riders.map((r) => `'${r.id}'::uuid`).join(',')}])[1 + case when i > 20000 then 200 else i % 200 end]`);
    await t.database.db.execute(sql`
      insert into rides (rider_id, territory_id, status, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng,
                         distance, duration, pickup_zip, base_fare, distance_fare, time_fare, subtotal, platform_fee, admin_fee, total_fare, requested_at, cancelled_at)
      select ${riderOf}, ${territoryId}, 'cancelled', 'Times Square', 40.759, -73.991, 'Penn Station', 40.75, -73.99, 1, 5, '10036',
             250, 100, 50, 400, 20, 4, 424, timestamptz '2026-01-01 00:00:00+00' + (i % 20000) * interval '1 minute', timestamptz '2026-01-01 00:00:00+00'
      from generate_series(1, 25000) as i`);
    await t.database.db.execute(sql`analyze`);
  }, 60_000);
  afterAll(() => t?.close());

  /** The plan of the very query GET /api/rides runs for this page. */
  async function planOf(where: SQL | undefined, before?: string): Promise<string> {
    const page = { limit: 50, ...(before ? { before } : {}) };
    const query = findRideDetails(t.database.db, and(where, pageWhere(rideKeyset, page)), pageLimit(page));
    const result = (await t.database.db.execute(sql`explain ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  const deepCursor = encodeCursor({ at: '2026-01-08T00:00:00.000000Z', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' });

  it("reads the admin's pages as a backward range of rides_requested_idx, with no sort", async () => {
    for (const cursor of [undefined, deepCursor]) {
      const plan = await planOf(undefined, cursor);
      expect(plan).toMatch(/Index Scan Backward using rides_requested_idx on rides/);
      expect(plan).not.toMatch(/Seq Scan on rides|Sort/);
      if (cursor) expect(plan).toMatch(/Index Cond: \(ROW\(requested_at, id\) < ROW\(/);
    }
  });

  it("reads a rider's pages as a backward range of rides_rider_idx, with no sort", async () => {
    for (const cursor of [undefined, deepCursor]) {
      const plan = await planOf(eq(rides.riderId, frequentRider), cursor);
      expect(plan).toMatch(/Index Scan Backward using rides_rider_idx on rides/);
      expect(plan).not.toMatch(/Seq Scan on rides|Sort/);
      expect(plan).toMatch(cursor ? /Index Cond: \(\(rider_id = .*ROW\(requested_at, id\) < ROW\(/ : /Index Cond: \(rider_id = /);
    }
  });
});

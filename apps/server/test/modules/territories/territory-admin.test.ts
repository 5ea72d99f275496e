import type { AdminTerritory, LicenseeBusinessProfile } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubTap } from '../../support/realtime';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  expectOk,
  goOnline,
  HERALD_SQUARE,
  onlineDriver,
  registeredDriver,
  rider,
  signInAdmin,
  TIMES_SQUARE,
  PENN_STATION,
  type Person,
  type Ride,
} from '../../support/world';

/*
 * The admin's territory management and the licensee's business profile (ADR 027): the list is paged
 * and searchable; a territory's zip codes stay within its licence and out of other territories; a
 * suspended territory takes no bookings and offers its drivers nothing, while rides under way finish;
 * every change is audited. Only admins reach the admin routes; only a licensee its own profile.
 */
describe.each(backends)('territory administration (%s)', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let admin: Person;
  let midtown: Person & { territoryId: string };
  let brooklyn: Person & { territoryId: string };
  let someRider: Person;
  let driver: Person;

  beforeAll(async () => {
    t = await createTestApp(backend);
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
    midtown = await approvedLicensee(t.app, admin, ['10001', '10018', '10036', '10019'], 'Midtown');
    brooklyn = await approvedLicensee(t.app, admin, ['11201'], 'Brooklyn Heights');
    someRider = await rider(t.app);
    driver = await registeredDriver(t.app, admin, { driveArea: '10018' });
  });
  afterAll(() => t?.close());

  const put = (url: string, person: Person, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${person.token}` }, payload: payload as Record<string, unknown> });
  const territoryOf = async (q: string) => (await expectOk<AdminTerritory[]>(await api.get(t.app, `/api/admin/territories?q=${q}`, admin)))[0]!;

  it('refuses every admin territory route to riders, drivers and licensees (403) and to nobody signed in (401)', async () => {
    const id = midtown.territoryId;
    for (const person of [someRider, driver, midtown]) {
      expect((await api.get(t.app, '/api/admin/territories', person)).statusCode).toBe(403);
      expect((await put(`/api/admin/territories/${id}/zip-codes`, person, { zipCodes: ['10001'] })).statusCode).toBe(403);
      expect((await api.post(t.app, `/api/admin/territories/${id}/suspend`, person, { reason: 'Licence audit overdue' })).statusCode).toBe(403);
      expect((await api.post(t.app, `/api/admin/territories/${id}/reinstate`, person, { reason: 'Licence audit done' })).statusCode).toBe(403);
      expect((await api.get(t.app, `/api/admin/territories/${id}/events`, person)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/territories' })).statusCode).toBe(401);
    // The territory did not change.
    expect((await territoryOf('Midtown')).zipCodes).toEqual(['10001', '10018', '10019', '10036']);
  });

  it('lists territories newest first, a page at a time, searchable by name, zip code and licensee', async () => {
    const first = await api.get(t.app, '/api/admin/territories?limit=1', admin);
    const [newest] = await expectOk<AdminTerritory[]>(first);
    expect(newest!.name).toBe('Brooklyn Heights');
    const cursor = first.headers['x-next-cursor'];
    expect(typeof cursor).toBe('string');
    const second = await api.get(t.app, `/api/admin/territories?limit=1&before=${String(cursor)}`, admin);
    expect((await expectOk<AdminTerritory[]>(second)).map((x) => x.name)).toEqual(['Midtown']);
    expect(second.headers['x-next-cursor']).toBeUndefined();

    const byZip = await expectOk<AdminTerritory[]>(await api.get(t.app, '/api/admin/territories?q=1120', admin));
    expect(byZip.map((x) => x.name)).toEqual(['Brooklyn Heights']);
    const midtownView = await territoryOf('midt');
    expect(midtownView).toMatchObject({
      id: midtown.territoryId,
      status: 'active',
      zipCodes: ['10001', '10018', '10019', '10036'],
      licensedZipCodes: ['10001', '10018', '10019', '10036'],
      licensee: { id: midtown.id, businessName: expect.any(String) },
      suspension: null,
    });
    const byEmail = await expectOk<AdminTerritory[]>(await api.get(t.app, `/api/admin/territories?q=${encodeURIComponent(midtownView.licensee.email)}`, admin));
    expect(byEmail.map((x) => x.id)).toEqual([midtown.territoryId]);
    expect(await expectOk<AdminTerritory[]>(await api.get(t.app, '/api/admin/territories?q=nowhere-at-all', admin))).toEqual([]);
    expect((await api.get(t.app, '/api/admin/territories?status=closed', admin)).statusCode).toBe(400);
    expect((await api.get(t.app, '/api/admin/territories?limit=0', admin)).statusCode).toBe(400);
  });

  it('validates zip code lists: format, count, repeats, unknown territory', async () => {
    const url = `/api/admin/territories/${midtown.territoryId}/zip-codes`;
    for (const zipCodes of [[], ['1001'], ['10001', '10001'], Array.from({ length: 11 }, (_, i) => String(10001 + i))]) {
      const response = await put(url, admin, { zipCodes });
      expect(response.statusCode, JSON.stringify(zipCodes)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await put(url, admin, {})).statusCode).toBe(400);
    expect((await put('/api/admin/territories/00000000-0000-4000-8000-000000000000/zip-codes', admin, { zipCodes: ['10001'] })).statusCode).toBe(404);
  });

  it('changes zip codes within the licence, refuses one outside it or held by another territory per zip, and audits who did it', async () => {
    const url = `/api/admin/territories/${midtown.territoryId}/zip-codes`;
    // Outside the licence (a real zip code, but not in the approved application).
    const outside = await put(url, admin, { zipCodes: ['10001', '10018', '10022'] });
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({ code: 'ZIP_NOT_IN_LICENCE', fields: { 'zipCodes.10022': expect.any(String) } });
    expect(Object.keys(outside.json().fields as object)).toEqual(['zipCodes.10022']);

    // Let go of 10019, which another licensee is then approved for.
    const shrunk = await expectOk<AdminTerritory>(await put(url, admin, { zipCodes: ['10001', '10018', '10036'] }));
    expect(shrunk.zipCodes).toEqual(['10001', '10018', '10036']);
    expect(shrunk.licensedZipCodes).toContain('10019');
    await approvedLicensee(t.app, admin, ['10019'], 'Hells Kitchen');
    const taken = await put(url, admin, { zipCodes: ['10001', '10018', '10036', '10019'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'ZIP_TAKEN', fields: { 'zipCodes.10019': 'Already in Hells Kitchen' } });
    expect((await territoryOf('Midtown')).zipCodes).toEqual(['10001', '10018', '10036']);

    // A pickup in a zip code the territory let go of is no longer its.
    expect((await t.app.services.territories.place({ lat: 40.7506, lng: -73.9935 }))?.territory?.name).toBe('Midtown');

    const events = await expectOk<{ kind: string; details: { before: string[]; after: string[] }; actor: { email: string } | null }[]>(
      await api.get(t.app, `/api/admin/territories/${midtown.territoryId}/events`, admin),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'zip_codes_changed',
      details: { before: ['10001', '10018', '10019', '10036'], after: ['10001', '10018', '10036'] },
      actor: { email: expect.any(String) },
    });
  });

  it('suspends a territory: no quote or booking there (TERRITORY_SUSPENDED), its drivers cannot go online, rides under way finish; reinstating restores it', async () => {
    const suspendUrl = `/api/admin/territories/${midtown.territoryId}/suspend`;
    expect((await api.post(t.app, suspendUrl, admin, {})).statusCode).toBe(400);
    expect((await api.post(t.app, suspendUrl, admin, { reason: 'no' })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { reason: expect.any(String) },
    });

    // A ride under way before the suspension, and a second one booked but not yet taken.
    await goOnline(t.app, driver, HERALD_SQUARE);
    const onTrip = await rider(t.app);
    let since = tap.mark();
    const active = await expectOk<Ride>(await book(t.app, onTrip), 201);
    await tap.dispatched(active.id, since);
    await expectOk(await api.post(t.app, `/api/rides/${active.id}/accept`, driver));
    const secondDriver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    const waiting = await rider(t.app);
    since = tap.mark();
    const requested = await expectOk<Ride>(await book(t.app, waiting), 201);
    await tap.dispatched(requested.id, since);
    // An idle driver who comes online after the first offer: without the suspension, the next round's.
    const idleDriver = await onlineDriver(t.app, admin, HERALD_SQUARE);

    const suspended = await expectOk<AdminTerritory>(await api.post(t.app, suspendUrl, admin, { reason: 'Licence fee unpaid' }));
    expect(suspended).toMatchObject({ status: 'suspended', suspension: { reason: 'Licence fee unpaid', by: admin.id } });
    expect((await api.post(t.app, suspendUrl, admin, { reason: 'Licence fee unpaid' })).statusCode).toBe(409);

    const refused = await book(t.app, someRider, TIMES_SQUARE, PENN_STATION);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'TERRITORY_SUSPENDED', fields: { pickupLocation: expect.any(String) } });
    const quote = await api.post(t.app, '/api/rides/quote', someRider, { pickupLocation: TIMES_SQUARE, dropoffLocation: PENN_STATION });
    expect(quote.json()).toMatchObject({ code: 'TERRITORY_SUSPENDED' });

    // The ride booked before, still waiting, is offered to nobody more: once its offer is declined it ends.
    since = tap.mark();
    await expectOk(await api.post(t.app, `/api/rides/${requested.id}/decline`, secondDriver));
    expect(tap.recipients('ride_request', requested.id, since)).toEqual([]);
    expect(tap.recipients('ride_cancelled', requested.id, since)).toEqual([waiting.id]);
    const ended = await expectOk<Ride>(await api.get(t.app, `/api/rides/${requested.id}`, waiting));
    expect(ended).toMatchObject({ status: 'cancelled', cancelReason: 'no_drivers' });

    // Its drivers cannot go online there.
    expect(idleDriver.id).not.toBe(secondDriver.id);
    await expectOk(await api.patch(t.app, '/api/drivers/status', secondDriver, { status: 'offline' }));
    const online = await api.patch(t.app, '/api/drivers/status', secondDriver, { status: 'online', location: HERALD_SQUARE });
    expect(online.statusCode).toBe(422);
    expect(online.json()).toMatchObject({ code: 'TERRITORY_SUSPENDED' });

    // The ride under way finishes.
    await expectOk(await api.post(t.app, `/api/rides/${active.id}/start`, driver, { pin: active.pin }));
    expect(await expectOk<Ride>(await api.post(t.app, `/api/rides/${active.id}/complete`, driver))).toMatchObject({ status: 'completed' });

    const reinstateUrl = `/api/admin/territories/${midtown.territoryId}/reinstate`;
    expect((await api.post(t.app, reinstateUrl, admin, {})).statusCode).toBe(400);
    const reinstated = await expectOk<AdminTerritory>(await api.post(t.app, reinstateUrl, admin, { reason: 'Fee paid on the 3rd' }));
    expect(reinstated).toMatchObject({ status: 'active', suspension: null });
    expect((await api.post(t.app, reinstateUrl, admin, { reason: 'Fee paid on the 3rd' })).statusCode).toBe(409);
    expect((await book(t.app, someRider)).statusCode).toBe(201);

    const events = await expectOk<{ kind: string; reason: string | null }[]>(
      await api.get(t.app, `/api/admin/territories/${midtown.territoryId}/events`, admin),
    );
    expect(events.slice(0, 2).map((e) => [e.kind, e.reason])).toEqual([
      ['reinstated', 'Fee paid on the 3rd'],
      ['suspended', 'Licence fee unpaid'],
    ]);
    expect(await expectOk<AdminTerritory[]>(await api.get(t.app, '/api/admin/territories?status=suspended', admin))).toEqual([]);
  });

  describe('the licensee business profile', () => {
    const url = '/api/licensee/business-profile';

    it('starts from the application and the account, saves valid details and keeps them', async () => {
      const before = await expectOk<LicenseeBusinessProfile>(await api.get(t.app, url, brooklyn));
      expect(before.businessName.length).toBeGreaterThan(1);
      expect(before.contactEmail).toContain('@');
      const saved = await expectOk<LicenseeBusinessProfile>(
        await put(url, brooklyn, { businessName: '  Heights Rides LLC ', contactEmail: 'Ops@Heights.example', phone: '(718) 555-0142' }),
      );
      expect(saved).toEqual({ businessName: 'Heights Rides LLC', contactEmail: 'ops@heights.example', phone: '(718) 555-0142' });
      expect(await expectOk<LicenseeBusinessProfile>(await api.get(t.app, url, brooklyn))).toEqual(saved);
      // Another licensee's profile is its own.
      expect((await expectOk<LicenseeBusinessProfile>(await api.get(t.app, url, midtown))).businessName).not.toBe('Heights Rides LLC');
      // The admin's list shows the saved business name.
      expect((await territoryOf('Brooklyn')).licensee.businessName).toBe('Heights Rides LLC');
    });

    it('answers 400 with a message per bad field, and 403 to anyone but a licensee', async () => {
      const response = await put(url, brooklyn, { businessName: 'X', contactEmail: 'not-an-email', phone: '555' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { businessName: 'Business name is required', contactEmail: 'Invalid email address', phone: 'Phone number must be at least 10 digits' },
      });
      expect((await put(url, brooklyn, { businessName: 'Ok name' })).statusCode).toBe(400);
      for (const person of [someRider, driver, admin]) {
        expect((await api.get(t.app, url, person)).statusCode).toBe(403);
        expect((await put(url, person, { businessName: 'Taken over', contactEmail: 'x@example.com', phone: '2125550100' })).statusCode).toBe(403);
      }
      expect((await expectOk<LicenseeBusinessProfile>(await api.get(t.app, url, brooklyn))).businessName).toBe('Heights Rides LLC');
    });
  });
});

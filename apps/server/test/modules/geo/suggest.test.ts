import { estimateRoute, type Availability, type Location, type PlaceSuggestion } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Gazetteer, normalizeWords } from '../../../src/modules/geo/gazetteer';
import type { Geocoder } from '../../../src/modules/geo/geocoder';
import { OfflineGeocoder } from '../../../src/modules/geo/geocoder';
import { namedPlaces } from '../../../src/modules/geo/places';
import { PlaceSuggester } from '../../../src/modules/geo/suggest';
import { usZipIndex } from '../../../src/modules/geo/zip-index';
import { createTestApp, backends, type TestApp } from '../../support/test-app';
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

const zips = usZipIndex();
const gazetteer = new Gazetteer(zips);
const MIDTOWN = { lat: 40.758, lng: -73.9855 };
const addresses = (found: { address: string }[]) => found.map((s) => s.address);

describe('the gazetteer (type-ahead ranking)', () => {
  it('normalises words: case, punctuation, "Street"/"West", ordinals', () => {
    expect(normalizeWords('West 42nd Street,  N.Y.')).toEqual(['w', '42', 'st', 'n', 'y']);
    expect(normalizeWords('Fifth Avenue')).toEqual(['5', 'ave']);
  });

  it('offers a landmark from the first letters of its name, first', () => {
    expect(gazetteer.suggest('grand c', 6, MIDTOWN)[0]).toMatchObject({
      kind: 'landmark',
      address: 'Grand Central Terminal, 89 E 42nd St, New York, NY 10017',
    });
    expect(gazetteer.suggest('Times', 6, MIDTOWN)[0]).toMatchObject({ kind: 'landmark', address: 'Times Square, New York, NY 10036' });
  });

  it('offers streets however they are spelled, and keeps a typed house number', () => {
    expect(
      addresses(gazetteer.suggest('42nd', 6, MIDTOWN))
        .slice(0, 2)
        .sort(),
    ).toEqual(['E 42nd St, New York, NY 10017', 'W 42nd St, New York, NY 10036']);
    expect(gazetteer.suggest('west 42nd street', 6, MIDTOWN)[0]?.address).toBe('W 42nd St, New York, NY 10036');
    expect(gazetteer.suggest('fifth avenue', 6, MIDTOWN)[0]).toMatchObject({ kind: 'street', address: '5th Ave, New York, NY 10018' });
    expect(gazetteer.suggest('120 W 42nd St', 6, MIDTOWN)[0]).toMatchObject({ kind: 'street', address: '120 W 42nd St, New York, NY 10036' });
  });

  it('offers zip codes for digits only, nearest first, and the exact zip before places inside it', () => {
    const found = gazetteer.suggest('100', 6, MIDTOWN);
    expect(found).toHaveLength(6);
    expect(found.every((s) => s.kind === 'zip' && /NY 100\d\d$/.test(s.address))).toBe(true);
    const exact = gazetteer.suggest('10017', 6, MIDTOWN);
    expect(exact[0]).toMatchObject({ kind: 'zip', address: 'New York, NY 10017' });
    expect(addresses(exact)).toContain('Grand Central Terminal, 89 E 42nd St, New York, NY 10017');
    // "42nd" is a street, never the zip codes 42xxx.
    expect(gazetteer.suggest('42nd', 6, MIDTOWN).some((s) => s.kind === 'zip')).toBe(false);
  });

  it('offers cities by prefix, the nearer first: "new" starts with New York near Midtown', () => {
    expect(gazetteer.suggest('new', 6, MIDTOWN)[0]).toMatchObject({ kind: 'city', address: 'New York, NY' });
    expect(gazetteer.suggest('springfield, il', 6)[0]).toMatchObject({ kind: 'city', address: 'Springfield, IL' });
  });

  it('answers at most the limit, one per address, and nothing for nonsense or blanks', () => {
    for (const query of ['n', 'b', '1', 'st']) {
      const found = gazetteer.suggest(query, 6, MIDTOWN);
      expect(found.length).toBeLessThanOrEqual(6);
      expect(new Set(addresses(found)).size).toBe(found.length);
    }
    expect(gazetteer.suggest('qwxzv', 6, MIDTOWN)).toEqual([]);
    expect(gazetteer.suggest('  ,. ', 6, MIDTOWN)).toEqual([]);
  });

  it('finds every demo landmark from its name', () => {
    for (const place of namedPlaces) {
      const name = place.address.split(',')[0]!;
      expect(addresses(gazetteer.suggest(name, 6, MIDTOWN))).toContain(place.address);
    }
  });

  it('answers a keystroke in well under a millisecond on average', () => {
    const queries = ['g', 'gr', 'gra', 'gran', 'grand', '1', '10', '100', '1001', 'n', 'ne', 'new', 'new y', 'bro', '42'];
    const start = performance.now();
    for (let round = 0; round < 20; round += 1) for (const q of queries) gazetteer.suggest(q, 6, MIDTOWN);
    // Generous for a loaded CI machine: the point is no scan of 72k rows per keystroke.
    expect((performance.now() - start) / (20 * queries.length)).toBeLessThan(5);
  });
});

describe('reverse geocoding says a place name, never coordinates', () => {
  const offline = new OfflineGeocoder(zips);
  it('names the landmark within a few blocks, else the zip code', async () => {
    expect((await offline.reverse(MIDTOWN))?.address).toMatch(/^Near Times Square, New York, NY \d{5}$/);
    const chelsea = await offline.reverse({ lat: 40.7424, lng: -73.99 });
    expect(chelsea?.address).toMatch(/^New York, NY 100\d\d$/);
    expect(chelsea?.address).not.toMatch(/40\.|73\./);
  });
});

describe('the suggester with a configured geocoder', () => {
  const remotePlace: Location = { address: '120 W 42nd St, Manhattan, New York, NY 10036, USA', lat: 40.7557, lng: -73.9846 };
  function remote(answer: () => Promise<Location[]>): Geocoder & { calls: number } {
    const geocoder = {
      calls: 0,
      search: async () => {
        geocoder.calls += 1;
        return answer();
      },
      reverse: async () => undefined,
    };
    return geocoder;
  }

  it("merges the geocoder's places (kind geocoder) under the gazetteer's name matches, once per address", async () => {
    const geocoder = remote(async () => [remotePlace, { address: 'Times Square, New York, NY 10036', lat: 40.758, lng: -73.9855 }]);
    const suggester = new PlaceSuggester(() => gazetteer, geocoder);
    const found = await suggester.suggest('times', 6, MIDTOWN);
    expect(found[0]).toEqual({ kind: 'landmark', address: 'Times Square, New York, NY 10036', lat: 40.758, lng: -73.9855 });
    expect(found).toContainEqual({ ...remotePlace, kind: 'geocoder' });
    expect(found.filter((s) => s.address === 'Times Square, New York, NY 10036')).toHaveLength(1);
  });

  it('asks the geocoder once per typed text (cached), and keeps the gazetteer when it fails', async () => {
    const geocoder = remote(async () => [remotePlace]);
    const suggester = new PlaceSuggester(() => gazetteer, geocoder);
    await suggester.suggest('120 w 42', 6, MIDTOWN);
    await suggester.suggest('120 W 42', 6, MIDTOWN);
    expect(geocoder.calls).toBe(1);
    const failing = new PlaceSuggester(
      () => gazetteer,
      remote(() => Promise.reject(new Error('down'))),
    );
    expect((await failing.suggest('grand cen', 6, MIDTOWN))[0]?.kind).toBe('landmark');
  });
});

describe.each(backends)('GET /api/geo/suggest and the pickup ETA on %s', (backend) => {
  let t: TestApp;
  let admin: Person;
  let person: Person;

  beforeAll(async () => {
    t = await createTestApp(backend, { LOG_LEVEL: 'error' });
    admin = await signInAdmin(t.app);
    person = await rider(t.app);
  });
  afterAll(async () => t?.close());

  it('answers a signed-in person with ranked suggestions, at most 6 by default', async () => {
    const found = await expectOk<PlaceSuggestion[]>(await api.get(t.app, '/api/geo/suggest?q=grand%20cen&near=40.758,-73.9855', person));
    expect(found[0]).toEqual({ kind: 'landmark', address: 'Grand Central Terminal, 89 E 42nd St, New York, NY 10017', lat: 40.7527, lng: -73.9772 });
    expect(await expectOk<PlaceSuggestion[]>(await api.get(t.app, '/api/geo/suggest?q=1', person))).toHaveLength(6);
    expect(await expectOk<PlaceSuggestion[]>(await api.get(t.app, '/api/geo/suggest?q=1&limit=2', person))).toHaveLength(2);
  });

  it('refuses signed-out requests, blank text, a malformed point and a too large limit', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/geo/suggest?q=grand' })).statusCode).toBe(401);
    expectError(await api.get(t.app, '/api/geo/suggest?q=%20%20', person), 400, 'VALIDATION_FAILED');
    expectError(await api.get(t.app, '/api/geo/suggest?q=grand&near=north', person), 400, 'VALIDATION_FAILED');
    expectError(await api.get(t.app, '/api/geo/suggest?q=grand&near=95,10', person), 400, 'VALIDATION_FAILED');
    expectError(await api.get(t.app, '/api/geo/suggest?q=grand&limit=50', person), 400, 'VALIDATION_FAILED');
  });

  it('gives the pickup ETA of the nearest driver free to take the ride, and none without one', async () => {
    const availability = (point: { lat: number; lng: number }) =>
      api.get(t.app, `/api/rides/availability?lat=${point.lat}&lng=${point.lng}`, person).then((r) => expectOk<Availability>(r));
    await approvedLicensee(t.app, admin);
    expect(await availability(TIMES_SQUARE)).toMatchObject({ isServed: true, onlineDrivers: 0, pickupEtaMinutes: null });
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    const served = await availability(TIMES_SQUARE);
    expect(served.onlineDrivers).toBe(1);
    expect(served.pickupEtaMinutes).toBe(estimateRoute(HERALD_SQUARE, TIMES_SQUARE).durationMinutes);

    // The nearest driver now holds another rider's offer: dispatch would skip them, and so does the ETA.
    const other = await rider(t.app);
    const booked = await expectOk<{ id: string }>(await book(t.app, other), 201);
    await t.app.services.dispatcher.sweep();
    expect(await availability(TIMES_SQUARE)).toMatchObject({ onlineDrivers: 1, pickupEtaMinutes: null });
    const farther = await onlineDriver(t.app, admin, PENN_STATION);
    expect((await availability(TIMES_SQUARE)).pickupEtaMinutes).toBe(estimateRoute(PENN_STATION, TIMES_SQUARE).durationMinutes);

    await expectOk(await api.post(t.app, `/api/rides/${booked.id}/cancel`, other, {}));
    await goOffline(t.app, driver);
    await goOffline(t.app, farther);
  });
});

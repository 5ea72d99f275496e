import type { LatLng } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GridDriverIndex } from '../../../src/modules/dispatch/driver-index';
import { createPresenceReader } from '../../../src/modules/drivers/presence-reader';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { approvedLicensee, coordinates, goOffline, goOnline, offset, registeredDriver, signInAdmin, type Person } from '../../support/world';

/*
 * While Redis cannot answer, the dispatch index's questions are answered from driver_presence
 * (FallbackDriverIndex, redis-outage.test.ts): the same drivers, in the same order, as the index
 * holding the same positions would give.
 */

const BOSTON = { lat: 42.355097, lng: -71.065737 }; // 02108
/** North and east of Downtown Boston, in miles: inside the territory, around the pickup. */
const SPOTS: Array<[number, number]> = [
  [0.1, 0],
  [0, 0.25],
  [-0.3, -0.1],
  [0.5, 0.5],
  [-0.8, 0.2],
  [1.2, -0.4],
  [0.05, -0.05],
  [2.5, 0],
  // Level with the pickup but far east or west: a search that weighed longitude wrongly would rank them first.
  [0.02, 1],
  [-0.01, -1.5],
];

describe.each(backends)('the dispatch index read from driver_presence on %s', (backend) => {
  let t: TestApp;
  let territoryId: string;
  let offline: Person;
  let otherTerritory: Person;
  const grid = new GridDriverIndex();
  const online: Array<{ driver: Person; at: LatLng }> = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = await signInAdmin(t.app);
    ({ territoryId } = await approvedLicensee(t.app, admin, ['02108'], 'Downtown Boston'));
    await approvedLicensee(t.app, admin, ['02110'], 'Financial District');
    for (const [north, east] of SPOTS) {
      const driver = await registeredDriver(t.app, admin, { driveArea: coordinates(BOSTON) });
      const at = offset(BOSTON, north, east);
      await goOnline(t.app, driver, at);
      online.push({ driver, at });
      grid.put({ driverId: driver.id, territoryId, lat: at.lat, lng: at.lng, ts: 0 });
    }
    offline = await registeredDriver(t.app, admin, { driveArea: coordinates(BOSTON) });
    await goOnline(t.app, offline, offset(BOSTON, 0.01));
    await goOffline(t.app, offline);
    // A driver of another territory standing right at the pickup.
    otherTerritory = await registeredDriver(t.app, admin, { driveArea: '02110' });
    await goOnline(t.app, otherTerritory, BOSTON);
  });
  afterAll(() => t?.close());

  const reader = () => createPresenceReader(t.database.db);
  const ids = (drivers: Array<{ driverId: string }>) => drivers.map((d) => d.driverId);

  it('finds the nearest online drivers of the territory within the radius, nearest first, as the index does', async () => {
    for (const { limit, radiusMiles } of [
      { limit: 3, radiusMiles: 2 },
      { limit: 30, radiusMiles: 2 },
      { limit: 30, radiusMiles: 0.4 },
      { limit: 30, radiusMiles: 10 },
    ]) {
      const found = await reader().nearest(territoryId, BOSTON, { limit, radiusMiles });
      const expected = grid.nearestByScan(territoryId, BOSTON, { limit, radiusMiles });
      expect(ids(found)).toEqual(ids(expected));
      found.forEach((driver, i) => expect(driver.distanceMiles).toBeCloseTo(expected[i]!.distanceMiles, 6));
    }
    const exclude = new Set(ids(grid.nearestByScan(territoryId, BOSTON, { limit: 2, radiusMiles: 10 })));
    expect(ids(await reader().nearest(territoryId, BOSTON, { limit: 3, radiusMiles: 10, exclude }))).toEqual(
      ids(grid.nearestByScan(territoryId, BOSTON, { limit: 3, radiusMiles: 10, exclude })),
    );
  });

  it('gives the positions and counts of online drivers only', async () => {
    const [first] = online;
    const positions = await reader().positionsOf([first!.driver.id, offline.id, otherTerritory.id]);
    expect([...positions.keys()].sort()).toEqual([first!.driver.id, otherTerritory.id].sort());
    expect(positions.get(first!.driver.id)).toMatchObject({ territoryId, lat: first!.at.lat, lng: first!.at.lng });
    expect(await reader().countOnline(territoryId)).toBe(SPOTS.length);
    expect(await reader().countOnline()).toBe(SPOTS.length + 1);
  });
});

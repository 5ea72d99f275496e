import { randomUUID } from 'node:crypto';
import type { Ride } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import { activeRideLoader } from '../../../src/modules/dispatch/active-rides';
import { HubTap } from '../../support/realtime';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, book, expectOk, onlineDriver, rider, signInAdmin, type Person } from '../../support/world';

/** The database with a count of the SELECTs made through it. */
function counting(db: Database) {
  const counter = { selects: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'select') counter.selects += 1;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: proxy, counter };
}

/*
 * Reading "the ride this driver is on" when the shared store has no entry: lookups made together go
 * to the database as one query, so thousands of drivers whose entries ran out at once (their first
 * locations, a Redis restart) cost a few queries rather than one each on a pool of ten connections.
 */
describe.each(backends)('the active-ride loader on %s', (backend) => {
  let t: TestApp;
  let driver: Person;
  let idle: Person;
  let ride: Ride;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const tap = new HubTap(t.app);
    const admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
    driver = await onlineDriver(t.app, admin);
    const since = tap.mark();
    ride = await expectOk<Ride>(await book(t.app, await rider(t.app)), 201);
    await tap.dispatched(ride.id, since);
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
    idle = await onlineDriver(t.app, admin);
  });
  afterAll(() => t?.close());

  it('answers lookups made together with one query, each with its own driver’s ride', async () => {
    const { db, counter } = counting(t.database.db);
    const loader = activeRideLoader(db);
    const [onRide, withoutRide, unknown, again] = await Promise.all([
      loader.ofDriver(driver.id),
      loader.ofDriver(idle.id),
      loader.ofDriver(randomUUID()),
      loader.ofDriver(driver.id),
    ]);
    expect(onRide).toMatchObject({ rideId: ride.id, status: 'accepted' });
    expect(again).toEqual(onRide);
    expect(withoutRide).toBeUndefined();
    expect(unknown).toBeUndefined();
    expect(counter.selects).toBe(1);
  });

  it('splits a large gathering into queries of at most 500 drivers', async () => {
    const { db, counter } = counting(t.database.db);
    const loader = activeRideLoader(db);
    const ids = [driver.id, ...Array.from({ length: 1199 }, () => randomUUID())];
    const rides = await Promise.all(ids.map((id) => loader.ofDriver(id)));
    expect(rides[0]).toMatchObject({ rideId: ride.id });
    expect(rides.slice(1).every((r) => r === undefined)).toBe(true);
    expect(counter.selects).toBe(3);
  });

  it('answers lookups made apart with a query each', async () => {
    const { db, counter } = counting(t.database.db);
    const loader = activeRideLoader(db);
    expect(await loader.ofDriver(driver.id)).toMatchObject({ rideId: ride.id });
    expect(await loader.ofDriver(idle.id)).toBeUndefined();
    expect(counter.selects).toBe(2);
  });
});

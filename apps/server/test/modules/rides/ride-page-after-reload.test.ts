import { RIDE_PAGE_KEEPS_ENDED_MS, type ActiveRideResponse, type Ride } from '@coride/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HubTap } from '../../support/realtime';
import { createTestApp, sharedBackends, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
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

describe.each(sharedBackends)('the ride page after a reload (GET /api/rides/active) on %s', (backend) => {
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
  });
  afterEach(async () => {
    for (const driver of online.splice(0)) await goOffline(t.app, driver);
  });
  afterAll(() => t?.close());

  const current = async (person: Person) => expectOk<ActiveRideResponse>(await api.get(t.app, '/api/rides/active', person));

  async function acceptedRide(person: Person) {
    const driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
    online.push(driver);
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, person, TIMES_SQUARE, PENN_STATION), 201);
    await tap.dispatched(ride.id, since);
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
    return { driver, ride };
  }

  async function completedRide(person: Person) {
    const { driver, ride } = await acceptedRide(person);
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/complete`, driver));
    return { driver, ride };
  }

  it('shows the rider the ride in progress, then the one that just finished until it is rated', async () => {
    const person = await rider(t.app);
    const { driver, ride } = await acceptedRide(person);
    expect(await current(person)).toMatchObject({ ride: { id: ride.id, status: 'accepted', pin: ride.pin }, awaitingRating: null });

    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/complete`, driver));
    advance(60 * 60_000); // a later visit, an hour on
    expect(await current(person)).toMatchObject({ ride: null, awaitingRating: { id: ride.id, status: 'completed', rating: null } });
    // The driver's page has no such thing.
    expect(await current(driver)).toEqual({ ride: null, awaitingRating: null });

    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/rate`, person, { rating: 5 }));
    expect(await current(person)).toEqual({ ride: null, awaitingRating: null });
  });

  it('lets an unrated ride go from the ride page a day after it ended, and never keeps a cancelled one', async () => {
    const person = await rider(t.app);
    const { ride } = await completedRide(person);
    advance(RIDE_PAGE_KEEPS_ENDED_MS - 60_000);
    expect((await current(person)).awaitingRating?.id).toBe(ride.id);
    advance(2 * 60_000);
    expect(await current(person)).toEqual({ ride: null, awaitingRating: null });

    const other = await rider(t.app);
    const { ride: cancelled } = await acceptedRide(other);
    await expectOk(await api.post(t.app, `/api/rides/${cancelled.id}/cancel`, other));
    expect(await current(other)).toEqual({ ride: null, awaitingRating: null });
  });

  it('shows the newest unrated ride when there are several', async () => {
    const person = await rider(t.app);
    await completedRide(person);
    advance(60_000);
    const { ride: newest } = await completedRide(person);
    expect((await current(person)).awaitingRating?.id).toBe(newest.id);
  });
});

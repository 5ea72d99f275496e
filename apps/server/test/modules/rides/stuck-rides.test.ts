import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerInvariants, rows } from '../../support/ledger';
import { HubTap } from '../../support/realtime';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  expectOk,
  HERALD_SQUARE,
  onlineDriver,
  registeredDriver,
  rider,
  signInAdmin,
  type Person,
  type Ride,
} from '../../support/world';

/**
 * Contract §4: an admin or the territory's licensee may cancel any active ride (one stuck because its
 * driver vanished mid-trip), with a reason; the hold is let go, rider and driver are told, and both
 * are free to ride again (security review M8).
 */
describe.each(backends)('admins and licensees cancel stuck rides (%s)', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let admin: Person;
  let licensee: Person & { territoryId: string };
  let otherLicensee: Person;
  let driver: Person;

  beforeAll(async () => {
    t = await createTestApp(backend);
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin);
    otherLicensee = await approvedLicensee(t.app, admin, ['11201'], 'Brooklyn Heights');
    driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
  });
  afterAll(() => t?.close());

  /** A rider's ride taken by the driver, then `in_progress` if asked. */
  async function rideInState(state: 'requested' | 'accepted' | 'in_progress'): Promise<{ person: Person; ride: Ride }> {
    const person = await rider(t.app);
    const since = tap.mark();
    const ride = await expectOk<Ride>(await book(t.app, person), 201);
    await tap.dispatched(ride.id, since);
    if (state === 'requested') return { person, ride };
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/accept`, driver));
    if (state === 'accepted') return { person, ride };
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    return { person, ride };
  }

  const fareStatus = async (rideId: string) =>
    (await rows<{ status: string }>(t.database.db, sql`select status from charges where ride_id = ${rideId} and kind = 'fare'`))[0]!.status;

  it('lets an admin cancel an in-progress ride: the hold is voided, both are told, both are free again', async () => {
    const { person, ride } = await rideInState('in_progress');
    // The rider and the driver themselves cannot end it this way.
    expect((await api.post(t.app, `/api/rides/${ride.id}/cancel`, person)).statusCode).toBe(409);
    expect((await api.post(t.app, `/api/rides/${ride.id}/cancel`, driver)).statusCode).toBe(409);

    const since = tap.mark();
    const cancelled = await expectOk<Ride>(await api.post(t.app, `/api/rides/${ride.id}/cancel`, admin, { reason: 'Driver unreachable for 40 minutes' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'admin', cancelReason: 'Driver unreachable for 40 minutes' });
    expect(await fareStatus(ride.id)).toBe('voided');
    expect(tap.recipients('ride_cancelled', ride.id, since).sort()).toEqual([person.id, driver.id].sort());
    expect(await expectOk<{ ride: Ride | null }>(await api.get(t.app, '/api/rides/active', person))).toEqual({ ride: null, awaitingRating: null });
    expect(await expectOk<{ ride: Ride | null }>(await api.get(t.app, '/api/rides/active', driver))).toEqual({ ride: null, awaitingRating: null });

    // Nobody is stuck: the rider books again and the driver takes it.
    const next = await rideInState('accepted');
    await expectOk(await api.post(t.app, `/api/rides/${next.ride.id}/cancel`, next.person));
    await ledgerInvariants(t.database.db);
  });

  it("lets the territory's licensee cancel an accepted or requested ride, and no other licensee", async () => {
    for (const state of ['accepted', 'requested'] as const) {
      const { ride } = await rideInState(state);
      const foreign = await api.post(t.app, `/api/rides/${ride.id}/cancel`, otherLicensee, { reason: 'Not mine to cancel' });
      expect(foreign.statusCode).toBe(404);
      const cancelled = await expectOk<Ride>(await api.post(t.app, `/api/rides/${ride.id}/cancel`, licensee, { reason: 'Rider called: stuck at pickup' }));
      expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'licensee' });
      expect(await fareStatus(ride.id)).toBe('voided');
    }
  });

  it('asks staff for a reason, and refuses a ride that is no longer active', async () => {
    const { ride } = await rideInState('in_progress');
    const missing = await api.post(t.app, `/api/rides/${ride.id}/cancel`, admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { reason: 'Say why the ride is cancelled' } });

    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/complete`, driver));
    const late = await api.post(t.app, `/api/rides/${ride.id}/cancel`, admin, { reason: 'Too late for this one' });
    expect(late.statusCode).toBe(409);
    expect(await fareStatus(ride.id)).toBe('captured');
  });
});

describe.each(backends)('driver approval by the licensee (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('refuses to approve a driver whose application an admin rejected', async () => {
    const admin = await signInAdmin(t.app);
    const licensee = await approvedLicensee(t.app, admin);
    const driver = await registeredDriver(t.app, admin, { approve: false });
    await expectOk(await api.post(t.app, `/api/driver-applications/${driver.applicationId}/review`, admin, { status: 'rejected', notes: 'Licence suspended' }));

    const response = await api.post(t.app, `/api/licensee/drivers/${driver.id}/approve`, licensee);
    expect(response.statusCode).toBe(409);
    const [profile] = await rows<{ is_approved: boolean }>(t.database.db, sql`select is_approved from driver_profiles where user_id = ${driver.id}`);
    expect(profile!.is_approved).toBe(false);
    expect((await api.patch(t.app, '/api/drivers/status', driver, { status: 'online', location: HERALD_SQUARE })).statusCode).not.toBe(200);
  });
});

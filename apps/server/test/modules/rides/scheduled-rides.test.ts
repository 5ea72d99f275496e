import { defaultNotificationPreferences, type Notification, type QuoteResponse, type Ride } from '@coride/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges, rideOffers } from '../../../src/db/schema';
import { HubTap } from '../../support/realtime';
import { bearer } from '../../support/fixtures';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  CITIES,
  coordinates,
  expectError,
  expectOk,
  goOnline,
  offset,
  registeredDriver,
  rider,
  signInAdmin,
  type Person,
} from '../../support/world';

/* Scheduled rides (contract §9, ADR 034): booked 15 minutes to 30 days ahead, dispatched SCHEDULE_LEAD_MINUTES before, once. */

const { SEATTLE } = CITIES;
const MINUTE = 60_000;
const LEAD_MINUTES = 10;

describe.each(backends)('scheduled rides on %s', (backend) => {
  let t: TestApp;
  let tap: HubTap;
  let admin: Person;
  let driver: Person;
  let clock = new Date('2026-12-01T12:00:00Z');
  const inMinutes = (minutes: number) => new Date(clock.getTime() + minutes * MINUTE).toISOString();
  const setClock = (iso: string, minutesOffset = 0) => (clock = new Date(Date.parse(iso) + minutesOffset * MINUTE));

  const trip = { pickupLocation: { address: 'Pike Place', ...SEATTLE }, dropoffLocation: { address: 'Capitol Hill', ...offset(SEATTLE, 1) } };
  const schedule = (person: Person, scheduledAt: string, extra: Record<string, unknown> = {}) =>
    api.post(t.app, '/api/rides', person, { ...trip, scheduledAt, ...extra });
  const startDue = () => t.app.services.rides.startDueScheduledRides();
  const rideOf = async (person: Person, id: string) => expectOk<Ride>(await api.get(t.app, `/api/rides/${id}`, person));
  const chargesOf = (rideId: string) => t.database.db.select().from(charges).where(eq(charges.rideId, rideId));
  const offersOf = (rideId: string) => t.database.db.select().from(rideOffers).where(eq(rideOffers.rideId, rideId));
  const remindersOf = async (person: Person, rideId: string) =>
    (await expectOk<Notification[]>(await api.get(t.app, '/api/notifications', person))).filter(
      (n) => n.kind === 'ride_scheduled_dispatch' && n.data.rideId === rideId,
    );

  beforeAll(async () => {
    t = await createTestApp(backend, { SCHEDULE_LEAD_MINUTES: String(LEAD_MINUTES) }, () => clock);
    tap = new HubTap(t.app);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin, ['98101'], 'Seattle');
    driver = await registeredDriver(t.app, admin, { driveArea: coordinates(SEATTLE) });
    await goOnline(t.app, driver, offset(SEATTLE, 0.3));
  });
  afterAll(() => t?.close());

  it('refuses a time less than 15 minutes ahead (SCHEDULE_TOO_SOON) or more than 30 days ahead (SCHEDULE_TOO_FAR), with 400', async () => {
    const person = await rider(t.app);
    expectError(await schedule(person, inMinutes(14)), 400, 'SCHEDULE_TOO_SOON');
    expectError(await schedule(person, inMinutes(-5)), 400, 'SCHEDULE_TOO_SOON');
    expectError(await schedule(person, inMinutes(31 * 24 * 60)), 400, 'SCHEDULE_TOO_FAR');
    expectError(await schedule(person, 'tomorrow at noon'), 400, 'VALIDATION_FAILED');
    expect(await startDue()).toBe(0);
  });

  it('books 20 minutes ahead as a scheduled ride at the quoted price, with no charge, hold or offer yet', async () => {
    const person = await rider(t.app);
    const quote = await expectOk<QuoteResponse>(await api.post(t.app, '/api/rides/quote', person, trip));
    const scheduledAt = inMinutes(20);
    const ride = await expectOk<Ride>(await schedule(person, scheduledAt, { quoteId: quote.quoteId }), 201);
    expect({ status: ride.status, scheduledAt: ride.scheduledAt, totalFare: ride.totalFare }).toEqual({
      status: 'scheduled',
      scheduledAt,
      totalFare: quote.totalFare,
    });
    expect(await chargesOf(ride.id)).toEqual([]);
    expect(await offersOf(ride.id)).toEqual([]);
    // The rider's rides list shows it with its time; it is not their active ride, so they may ride now.
    const listed = await expectOk<Ride[]>(await api.get(t.app, '/api/rides', person));
    expect(listed.find((r) => r.id === ride.id)).toMatchObject({ status: 'scheduled', scheduledAt });
    expect(await expectOk<{ ride: Ride | null }>(await api.get(t.app, '/api/rides/active', person))).toEqual({ ride: null, awaitingRating: null });
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/cancel`, person, {}));
  });

  it('is not dispatched before its lead time, then dispatched once: requested, held, offered, the rider reminded', async () => {
    const person = await rider(t.app);
    const scheduledAt = inMinutes(60);
    const ride = await expectOk<Ride>(await schedule(person, scheduledAt), 201);

    setClock(scheduledAt, -(LEAD_MINUTES + 1));
    expect(await startDue()).toBe(0);
    expect((await rideOf(person, ride.id)).status).toBe('scheduled');
    expect(await offersOf(ride.id)).toEqual([]);
    expect(await remindersOf(person, ride.id)).toEqual([]);

    setClock(scheduledAt, -LEAD_MINUTES);
    const since = tap.mark();
    // Two rounds at once (two processes, or a round and a retry): the ride starts once.
    const started = await Promise.all([startDue(), startDue()]);
    expect(started[0] + started[1]).toBe(1);
    await tap.dispatched(ride.id, since);
    expect(await startDue()).toBe(0);

    const after = await rideOf(person, ride.id);
    expect({ status: after.status, requestedAt: after.requestedAt, scheduledAt: after.scheduledAt }).toEqual({
      status: 'requested',
      requestedAt: clock.toISOString(),
      scheduledAt,
    });
    const held = await chargesOf(ride.id);
    expect(held).toHaveLength(1);
    expect({ status: held[0]!.status, amount: held[0]!.amount, isHeld: held[0]!.providerRef !== null }).toEqual({
      status: 'authorized',
      amount: ride.totalFare,
      isHeld: true,
    });
    expect((await offersOf(ride.id)).map((o) => o.driverId)).toEqual([driver.id]);
    expect(tap.recipients('ride_request', ride.id, since)).toEqual([driver.id]);
    const reminders = await remindersOf(person, ride.id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.data).toEqual({ rideId: ride.id, pickupAddress: 'Pike Place', scheduledAt, outcome: 'dispatching' });

    // Once dispatched it is an ordinary request: the rider cancels it like one (the hold is let go).
    await expectOk(await api.post(t.app, `/api/rides/${ride.id}/cancel`, person, {}));
    expect((await chargesOf(ride.id))[0]!.status).toBe('voided');
  });

  it('may be cancelled by its rider free before its dispatch: nothing was held or charged, and the job never starts it', async () => {
    const person = await rider(t.app);
    const scheduledAt = inMinutes(3 * 24 * 60);
    const ride = await expectOk<Ride>(await schedule(person, scheduledAt), 201);
    const cancelled = await expectOk<Ride>(await api.post(t.app, `/api/rides/${ride.id}/cancel`, person, {}));
    expect({ status: cancelled.status, cancelledBy: cancelled.cancelledBy }).toEqual({ status: 'cancelled', cancelledBy: 'rider' });
    expect(await chargesOf(ride.id)).toEqual([]);
    setClock(scheduledAt);
    expect(await startDue()).toBe(0);
    expect((await rideOf(person, ride.id)).status).toBe('cancelled');
    // A driver may not cancel it (none is assigned); another rider does not see it.
    expectError(await api.post(t.app, `/api/rides/${ride.id}/cancel`, await rider(t.app), {}), 404, 'NOT_FOUND');
  });

  it('lets its rider ride now meanwhile; a rider still on a ride when the dispatch is due has the scheduled one cancelled and is told', async () => {
    const person = await rider(t.app);
    const scheduledAt = inMinutes(30);
    const scheduled = await expectOk<Ride>(await schedule(person, scheduledAt), 201);
    const now = await expectOk<Ride>(await book(t.app, person, trip.pickupLocation, trip.dropoffLocation), 201);
    expect(now.status).toBe('requested');

    setClock(scheduledAt, -LEAD_MINUTES);
    expect(await startDue()).toBe(0);
    const after = await rideOf(person, scheduled.id);
    expect({ status: after.status, cancelledBy: after.cancelledBy, cancelReason: after.cancelReason }).toEqual({
      status: 'cancelled',
      cancelledBy: 'system',
      cancelReason: 'rider_busy',
    });
    expect((await remindersOf(person, scheduled.id)).map((n) => n.data)).toEqual([
      { rideId: scheduled.id, pickupAddress: 'Pike Place', scheduledAt, outcome: 'rider_busy' },
    ]);
    await expectOk(await api.post(t.app, `/api/rides/${now.id}/cancel`, person, {}));
  });

  it("writes no reminder to a rider who turned off rides' in-app notifications, and still dispatches", async () => {
    const person = await rider(t.app);
    await expectOk(
      await t.app.inject({
        method: 'PUT',
        url: '/api/users/me/notification-preferences',
        headers: bearer(person.token),
        payload: { ...defaultNotificationPreferences(), rides: { email: true, inApp: false } },
      }),
    );
    const scheduledAt = inMinutes(45);
    const ride = await expectOk<Ride>(await schedule(person, scheduledAt), 201);
    setClock(scheduledAt, -LEAD_MINUTES);
    expect(await startDue()).toBe(1);
    expect((await rideOf(person, ride.id)).status).not.toBe('scheduled');
    expect(await remindersOf(person, ride.id)).toEqual([]);
    await t.app.inject({ method: 'POST', url: `/api/rides/${ride.id}/cancel`, headers: bearer(person.token), payload: {} });
  });

  it('holds at most 5 scheduled rides per rider (422 TOO_MANY_SCHEDULED_RIDES)', async () => {
    const person = await rider(t.app);
    for (let i = 1; i <= 5; i += 1) await expectOk<Ride>(await schedule(person, inMinutes(60 * 24 * i)), 201);
    expectError(await schedule(person, inMinutes(60 * 24 * 6)), 422, 'TOO_MANY_SCHEDULED_RIDES');
  });

  it('keeps the limit when the last bookings come at once: of three for the fifth place, one is taken', async () => {
    const person = await rider(t.app);
    for (let i = 1; i <= 4; i += 1) await expectOk<Ride>(await schedule(person, inMinutes(60 * 24 * i)), 201);
    const answers = await Promise.all([6, 7, 8].map((day) => schedule(person, inMinutes(60 * 24 * day))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422]);
  });
});

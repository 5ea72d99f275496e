import type { Ride } from '@coride/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantConversations, notifications, rides, users } from '../../../src/db/schema';
import { createRetentionService } from '../../../src/modules/retention/service';
import { customerPayload, register } from '../../support/fixtures';
import { ledgerInvariants, rows } from '../../support/ledger';
import { findEverywhere } from '../../support/search-everywhere';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, expectOk, HERALD_SQUARE, MIDTOWN_ZIPS, onlineDriver, PENN_STATION, rider, signInAdmin, type Person } from '../../support/world';

/*
 * The retention sweep's erasure (contract §8, ADR 025): 30 days after a rider deleted their account,
 * nothing that names or locates them is left in any table, searched column by column (every text,
 * varchar, json and array column the database has, so a table added later is searched too), while
 * the ledger still balances. Before the 30 days, it is all still there.
 */

const DAY = 86_400_000;
const PASSWORD = 'correct horse battery';

/** A pickup only this rider ever typed. */
const SECRET_PICKUP = { address: '1 Secret Garden Walk, New York, NY 10036', lat: 40.758437, lng: -73.990811 };

describe.each(backends)('erasure of a deleted account on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-11-20T12:00:00Z');
  let admin: Person;
  let driver: Person;
  let person: Person;
  let email: string;
  let rideIds: string[] = [];
  let cancelledRideId: string;
  const retention = () => createRetentionService({ db: t.database.db, now: () => clock });
  const post = (url: string, who: Person, body?: unknown) => api.post(t.app, url, who, body);
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

  const needles = () => [
    email,
    'Zebulon',
    'Quixotewright',
    '2125557788',
    '77 Obscure Lane',
    'Secret Garden Walk',
    'Hidden Mews',
    'Grandma Euphemia',
    'Zenobia',
    '555 7799',
    '5557799',
  ];

  beforeAll(async () => {
    t = await createTestApp(backend, { DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0' }, () => clock);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin, MIDTOWN_ZIPS, 'Midtown');
    driver = await onlineDriver(t.app, admin, HERALD_SQUARE);

    const registered = await register(
      t.app,
      customerPayload({ firstName: 'Zebulon', lastName: 'Quixotewright', phone: '2125557788', homeAddress: '77 Obscure Lane, New York, NY' }),
    );
    email = registered.user.email;
    person = { id: registered.user.id, token: registered.token };
    await expectOk(await post('/api/payment-methods', person, { cardNumber: '5555 5555 5555 4444', expiryDate: '08/31', cvc: '123' }), 201);
    await expectOk(
      await post('/api/favorite-locations', person, { name: 'Grandma Euphemia', address: '12 Hidden Mews, New York, NY', lat: 40.75, lng: -73.99 }),
      201,
    );

    // A completed, rated, tipped and disputed trip from a place only this rider typed.
    const booked = await expectOk<Ride>(await post('/api/rides', person, { pickupLocation: SECRET_PICKUP, dropoffLocation: PENN_STATION }), 201);
    await t.app.services.dispatcher.sweep();
    await expectOk(await post(`/api/rides/${booked.id}/accept`, driver));
    await expectOk(await post(`/api/rides/${booked.id}/start`, driver, { pin: booked.pin }));
    await expectOk(await post(`/api/rides/${booked.id}/complete`, driver));
    await expectOk(await post(`/api/rides/${booked.id}/rate`, person, { rating: 4, comment: 'Zebulon thanks the driver for the detour by Hidden Mews' }));
    await expectOk(await post(`/api/rides/${booked.id}/tip`, person, { amount: 300 }));
    const dispute = await expectOk<{ id: string }>(
      await post(`/api/rides/${booked.id}/disputes`, person, { reason: 'overcharged', description: 'Zebulon Quixotewright was charged too much' }),
      201,
    );
    await expectOk(await post(`/api/disputes/${dispute.id}/resolve`, admin, { resolution: 'refund_partial', refundAmount: 200, note: 'Part refund.' }));

    // A trip the rider cancelled after the driver accepted: the driver's bell says where it was.
    const cancelled = await expectOk<Ride>(await post('/api/rides', person, { pickupLocation: SECRET_PICKUP, dropoffLocation: PENN_STATION }), 201);
    await t.app.services.dispatcher.sweep();
    await expectOk(await post(`/api/rides/${cancelled.id}/accept`, driver));
    await expectOk(await post(`/api/rides/${cancelled.id}/cancel`, person, { reason: 'Plans changed at Secret Garden Walk' }));
    cancelledRideId = cancelled.id;
    rideIds = [booked.id, cancelled.id];

    await expectOk(await post('/api/ai/chat', person, { message: 'Hello, this is Zebulon Quixotewright, where is my receipt?' }));
    await expectOk(
      await post('/api/community/submissions', person, { kind: 'route_suggestion', text: 'Zebulon suggests a stop at the Hidden Mews corner' }),
      201,
    );
    // Other modules' parts (preferences: emergency contacts) are searched the same way.
    await expectOk(
      await post('/api/users/me/emergency-contacts', person, { name: 'Zenobia Quixotewright', phone: '212 555 7799', email: 'zenobia@example.com' }),
      201,
    );
  }, 120_000);
  afterAll(() => t?.close());

  it('the deletion leaves the personal data in place for 30 days (nothing is erased on day 29)', async () => {
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${person.token}` },
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    const driverNotes = await t.database.db.select().from(notifications).where(eq(notifications.userId, driver.id));
    expect(JSON.stringify(driverNotes)).toContain('Secret Garden Walk');

    advance(29 * DAY);
    const early = await retention().sweep();
    expect(early.deleted.deleted_accounts).toBe(0);
    const stillThere = await findEverywhere(t, needles());
    for (const where of [
      'users.first_name',
      'users.phone',
      'users.home_address',
      'favorite_locations.address',
      'rides.pickup_address',
      'mail_outbox.to_address',
      'assistant_messages.text',
      'emergency_contacts.name',
    ]) {
      expect(
        stillThere.some((hit) => hit.startsWith(`${where}:`)),
        where,
      ).toBe(true);
    }
  });

  it('31 days after the deletion nothing names or locates the person in any table, and the ledger still balances', async () => {
    const [ledgerBefore] = await rows<{ entries: number; transactions: number }>(
      t.database.db,
      sql`select (select count(*) from ledger_entries)::int as entries, (select count(*) from ledger_transactions)::int as transactions`,
    );
    advance(2 * DAY);
    const result = await retention().sweep();
    expect(result.deleted.deleted_accounts).toBe(1);

    expect(await findEverywhere(t, needles())).toEqual([]);

    // The trips stay for the books, without their places: the coordinates keep about a kilometre.
    const trips = await t.database.db.select().from(rides).where(eq(rides.riderId, person.id));
    expect(trips.map((trip) => trip.id).sort()).toEqual([...rideIds].sort());
    for (const trip of trips) {
      expect(trip).toMatchObject({ pickupAddress: '', dropoffAddress: '', ratingComment: null, cancelReason: null });
      expect(trip.pickupLat).toBe(40.76);
      expect(trip.pickupLng).toBe(-73.99);
    }
    // The driver keeps the notification of the cancelled trip, without the rider's pickup.
    const driverNotes = await t.database.db.select().from(notifications).where(eq(notifications.userId, driver.id));
    const cancelledNote = driverNotes.find((note) => note.data.rideId === cancelledRideId);
    expect(cancelledNote?.data).toMatchObject({ rideId: cancelledRideId, pickupAddress: '' });
    // The ledger is append-only: every row is still there, and it balances.
    const [ledgerAfter] = await rows<{ entries: number; transactions: number }>(
      t.database.db,
      sql`select (select count(*) from ledger_entries)::int as entries, (select count(*) from ledger_transactions)::int as transactions`,
    );
    expect(ledgerAfter).toEqual(ledgerBefore);
    expect(ledgerBefore!.entries).toBeGreaterThan(0);
    await ledgerInvariants(t.database.db);

    const [account] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(account).toMatchObject({ firstName: 'Deleted', lastName: 'account', phone: null, homeAddress: null, email: `deleted+${person.id}@deleted.invalid` });
    expect(account!.erasedAt).toEqual(clock);
    // Others are untouched: the driver keeps their name and can still sign in.
    const [driverRow] = await t.database.db.select().from(users).where(eq(users.id, driver.id));
    expect(driverRow).toMatchObject({ firstName: 'Ada', deletedAt: null, erasedAt: null });
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: driverRow!.email, password: PASSWORD } });
    expect(signedIn.statusCode).toBe(200);
    driver = { id: driver.id, token: (signedIn.json() as { token: string }).token };

    // A second sweep has nothing left to do.
    expect((await retention().sweep()).deleted.deleted_accounts).toBe(0);
  });

  it("deletes everyone's support chats 2 years after their last message, and the trips' places after 7 years", async () => {
    const other = await rider(t.app);
    const [driverRow] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, driver.id));
    const again = await expectOk<{ token: string }>(
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: driverRow!.email, password: PASSWORD } }),
    );
    driver = { id: driver.id, token: again.token };
    await expectOk(await post('/api/ai/chat', other, { message: 'Where can I find my last receipt?' }));
    // Another rider's trip (checked below) keeps its places for 7 years, then loses them.
    const booked = await expectOk<Ride>(await post('/api/rides', other, { pickupLocation: SECRET_PICKUP, dropoffLocation: PENN_STATION }), 201);
    await t.app.services.dispatcher.sweep();
    await expectOk(await post(`/api/rides/${booked.id}/accept`, driver));
    await expectOk(await post(`/api/rides/${booked.id}/start`, driver, { pin: booked.pin }));
    await expectOk(await post(`/api/rides/${booked.id}/complete`, driver));
    const [chat] = await t.database.db.select().from(assistantConversations).where(eq(assistantConversations.userId, other.id));
    expect(chat).toBeDefined();

    advance(365 * DAY);
    expect((await retention().sweep()).deleted.assistant_conversations).toBe(0);
    advance(366 * DAY);
    expect((await retention().sweep()).deleted.assistant_conversations).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(assistantConversations).where(eq(assistantConversations.userId, other.id))).toEqual([]);

    advance(4 * 365 * DAY);
    expect((await retention().sweep()).deleted.trip_places).toBe(0);
    advance(4 * 365 * DAY);
    expect((await retention().sweep()).deleted.trip_places).toBe(1);
    const [trip] = await t.database.db.select().from(rides).where(eq(rides.id, booked.id));
    expect(trip).toMatchObject({ pickupAddress: '', dropoffAddress: '', pickupLat: 40.76, status: 'completed', totalFare: booked.totalFare });
    await ledgerInvariants(t.database.db);
  });
});

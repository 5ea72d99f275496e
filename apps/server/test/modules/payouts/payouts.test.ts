import { isoWeekOf, type Notification, type Payout, type PayoutOverview, type PayoutStatement, type Ride } from '@coride/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerInvariants, rows } from '../../support/ledger';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  CITIES,
  coordinates,
  expectOk,
  goOffline,
  goOnline,
  offset,
  registeredDriver,
  rider,
  signInAdmin,
  type Person,
} from '../../support/world';

const DAY = 86_400_000;
/** A valid ABA routing number (3·0+7·2+1·1 + 3·0+7·0+1·0 + 3·0+7·2+1·1 = 30). */
const ROUTING = '021000021';
const ACCOUNT = '000123456789';
/** The embedded bank refuses transfers to this test account (provider.ts FAILING_TEST_ACCOUNTS). */
const CLOSED_ACCOUNT = '000111111113';

describe.each(backends)('payouts on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-11-16T12:00:00Z'); // a Monday, ISO week 2026-W47
  let admin: Person;
  let licensee: Person & { territoryId: string };

  beforeAll(async () => {
    // The clock moves 3 days per released batch: sessions must outlive the whole file.
    t = await createTestApp(backend, { SESSION_TTL_HOURS: '87600' }, () => clock);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin, ['80202'], 'Denver');
  });
  afterAll(() => t.close());

  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const get = (url: string, who: Person) => api.get(t.app, url, who);
  const post = (url: string, who: Person, body?: unknown) => api.post(t.app, url, who, body);
  const put = (url: string, who: Person, body: unknown) =>
    t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${who.token}` }, payload: body as Record<string, unknown> });
  const query = <T>(text: string) => rows<T>(t.database.db, sql.raw(text));
  const available = async (who: Person) => (await expectOk<PayoutOverview>(await get('/api/payouts/account', who))).available;

  /** A driver of the Denver territory with `count` completed rides, released from escrow. */
  async function driverWithReleasedRides(count = 1, tip = 0): Promise<{ driver: Person; rides: Ride[] }> {
    const driver = await registeredDriver(t.app, admin, { driveArea: coordinates(CITIES.DENVER) });
    await goOnline(t.app, driver, CITIES.DENVER);
    const done: Ride[] = [];
    for (let i = 0; i < count; i += 1) {
      const person = await rider(t.app);
      const from = { address: 'Union Station, Denver, CO 80202', ...offset(CITIES.DENVER, 0.1) };
      const to = { address: '16th Street Mall, Denver, CO 80202', ...offset(CITIES.DENVER, 0.5, 0.3) };
      const ride = await expectOk<Ride>(await book(t.app, person, from, to), 201);
      await t.app.services.dispatcher.sweep();
      await expectOk(await post(`/api/rides/${ride.id}/accept`, driver));
      await expectOk(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
      done.push(await expectOk<Ride>(await post(`/api/rides/${ride.id}/complete`, driver)));
      if (tip > 0) await expectOk(await post(`/api/rides/${ride.id}/tip`, person, { amount: tip }));
    }
    // Offline, so the next test's rides are offered to its own driver only.
    await goOffline(t.app, driver);
    advance(3 * DAY + 1000);
    await t.app.services.payments.settle();
    return { driver, rides: done };
  }

  async function addAccount(who: Person, accountNumber = ACCOUNT) {
    return expectOk<PayoutOverview>(await put('/api/payouts/account', who, { accountHolder: 'Dana Driver', routingNumber: ROUTING, accountNumber }));
  }

  it('keeps a payout account as a token, the holder and the last four; refuses a bad routing checksum and account number', async () => {
    const { driver } = await driverWithReleasedRides(0);
    expect(await expectOk<PayoutOverview>(await get('/api/payouts/account', driver))).toEqual({ account: null, available: 0 });

    const bad = await put('/api/payouts/account', driver, { accountHolder: 'D', routingNumber: '021000022', accountNumber: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        accountHolder: expect.any(String),
        routingNumber: 'This routing number is not valid',
        accountNumber: 'Enter the account number (4 to 17 digits)',
      },
    });

    const saved = await addAccount(driver, '0001-2345-6789');
    expect(saved.account).toMatchObject({ accountHolder: 'Dana Driver', lastFour: '6789', provider: 'embedded' });
    expect(JSON.stringify(saved)).not.toContain(ACCOUNT);
    // The account number is nowhere in the database, not even in the embedded provider's own books.
    const dump = JSON.stringify(await query('select * from payout_accounts')) + JSON.stringify(await query('select * from embedded_payout_destinations'));
    expect(dump).not.toContain(ACCOUNT);
    expect(dump).not.toContain(ROUTING);

    // Replacing it keeps one account.
    const replaced = await expectOk<PayoutOverview>(
      await put('/api/payouts/account', driver, { accountHolder: 'Dana Q. Driver', routingNumber: '110000000', accountNumber: '000222333444' }),
    );
    expect(replaced.account).toMatchObject({ accountHolder: 'Dana Q. Driver', lastFour: '3444' });
    expect(await query(`select user_id from payout_accounts where user_id = '${driver.id}'`)).toHaveLength(1);
  });

  it('answers 403 to riders and admins and 401 without a token, on every route', async () => {
    const person = await rider(t.app);
    for (const who of [person, admin]) {
      expect((await get('/api/payouts/account', who)).statusCode).toBe(403);
      expect((await put('/api/payouts/account', who, { accountHolder: 'Rae Rider', routingNumber: ROUTING, accountNumber: ACCOUNT })).statusCode).toBe(403);
      expect((await post('/api/payouts', who, {})).statusCode).toBe(403);
      expect((await get('/api/payouts', who)).statusCode).toBe(403);
      expect((await get('/api/payouts/statements/2026-W47', who)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/payouts' })).statusCode).toBe(401);
  });

  it('refuses a payout without an account, without a balance, larger than the balance, or not whole cents', async () => {
    const { driver } = await driverWithReleasedRides(1);
    const balance = await available(driver);
    expect(balance).toBeGreaterThan(0);

    const noAccount = await post('/api/payouts', driver, {});
    expect(noAccount.statusCode).toBe(422);
    expect(noAccount.json()).toMatchObject({ code: 'PAYOUT_ACCOUNT_REQUIRED' });

    await addAccount(driver);
    const tooMuch = await post('/api/payouts', driver, { amount: balance + 1 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', fields: { amount: expect.any(String) } });
    expect((await post('/api/payouts', driver, { amount: 10.5 })).statusCode).toBe(400);
    expect((await post('/api/payouts', driver, { amount: 0 })).statusCode).toBe(400);
    expect(await available(driver)).toBe(balance);

    const empty = await driverWithReleasedRides(0);
    await addAccount(empty.driver);
    const nothing = await post('/api/payouts', empty.driver, {});
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
  });

  it('pays out part, then the rest by default: a ledger transaction each, a mail and a notification, and a retry with the same key pays once', async () => {
    const { driver } = await driverWithReleasedRides(2);
    await addAccount(driver);
    const balance = await available(driver);

    const part = await expectOk<Payout>(await post('/api/payouts', driver, { amount: 500 }), 201);
    expect(part).toMatchObject({ amount: 500, status: 'sent', trigger: 'manual', lastFour: '6789', failureReason: null });
    expect(await available(driver)).toBe(balance - 500);

    const headers = { authorization: `Bearer ${driver.token}`, 'idempotency-key': 'cash-out-1' };
    const rest = await t.app.inject({ method: 'POST', url: '/api/payouts', headers, payload: {} });
    expect(rest.statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/payouts', headers, payload: {} });
    expect(again.statusCode).toBe(200);
    expect(again.json<Payout>().id).toBe(rest.json<Payout>().id);
    expect(rest.json<Payout>().amount).toBe(balance - 500);
    expect(await available(driver)).toBe(0);

    const posted = await query<{ kind: string; n: number }>(
      `select t.kind, count(*)::int as n from ledger_transactions t where t.idempotency_key like 'payout%' and t.memo like '%${part.id}%' group by t.kind order by t.kind`,
    );
    expect(posted).toEqual([
      { kind: 'payout', n: 1 },
      { kind: 'payout_paid', n: 1 },
    ]);
    const mails = await t.app.services.mail.mailsOf({ dedupeKey: `payout-sent:${part.id}` });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'payout-sent', data: expect.objectContaining({ amount: 500, lastFour: '6789' }) });
    const bell = await expectOk<Notification[]>(await get('/api/notifications', driver));
    expect(bell.filter((n) => n.kind === 'payout_sent')).toHaveLength(2);
    await ledgerInvariants(t.database.db);
  });

  it('returns the money of a failed transfer to the available balance, with the reason, and tells the payee', async () => {
    const { driver } = await driverWithReleasedRides(1);
    await addAccount(driver, CLOSED_ACCOUNT);
    const balance = await available(driver);
    const failed = await expectOk<Payout>(await post('/api/payouts', driver, {}), 201);
    expect(failed).toMatchObject({ status: 'failed', amount: balance, failureReason: 'The bank account is closed' });
    expect(await available(driver)).toBe(balance);
    expect(await t.app.services.mail.mailsOf({ dedupeKey: `payout-sent:${failed.id}` })).toEqual([]);
    const bell = await expectOk<Notification[]>(await get('/api/notifications', driver));
    expect(bell.find((n) => n.kind === 'payout_failed')).toMatchObject({
      data: { payoutId: failed.id, amount: balance, reason: 'The bank account is closed' },
    });
    const [inTransit] = await query<{ balance: string }>(`select balance::text from ledger_accounts where id = 'payouts_in_transit'`);
    expect(Number(inTransit?.balance ?? 0)).toBe(0);
    await ledgerInvariants(t.database.db);
  });

  it('lets exactly one of two simultaneous full-balance payouts through', async () => {
    const { driver } = await driverWithReleasedRides(1);
    await addAccount(driver);
    const balance = await available(driver);
    const answers = await Promise.all([post('/api/payouts', driver, {}), post('/api/payouts', driver, {}), post('/api/payouts', driver, { amount: balance })]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422]);
    expect(await available(driver)).toBe(0);
    const [paid] = await query<{ sum: string }>(
      `select coalesce(sum(amount), 0)::text as sum from payouts where payee_id = '${driver.id}' and status = 'sent'`,
    );
    expect(Number(paid!.sum)).toBe(balance);
    await ledgerInvariants(t.database.db);
  });

  it('pays every payee with a balance once a week, licensees included, and a second round that week pays nobody', async () => {
    const a = await driverWithReleasedRides(1);
    const b = await driverWithReleasedRides(1);
    const unpaid = await driverWithReleasedRides(1); // no payout account: skipped
    await addAccount(a.driver);
    await addAccount(b.driver);
    await addAccount(licensee);
    // Anything another test left for these payees is paid in the same round.
    const before = { a: await available(a.driver), b: await available(b.driver), licensee: await available(licensee) };
    expect(before.licensee).toBeGreaterThan(0);

    const first = await t.app.services.payouts.runWeekly();
    expect(first.paid).toBeGreaterThanOrEqual(3);
    for (const who of [a.driver, b.driver, licensee]) expect(await available(who)).toBe(0);
    expect(await available(unpaid.driver)).toBeGreaterThan(0);
    const week = isoWeekOf(clock);
    const weekly = await query<{ payee_id: string; amount: number }>(`select payee_id, amount from payouts where week = '${week}'`);
    expect(weekly.filter((p) => [a.driver.id, b.driver.id, licensee.id].includes(p.payee_id))).toHaveLength(3);
    expect(weekly.find((p) => p.payee_id === licensee.id)?.amount).toBe(before.licensee);

    // More money released the same week waits for next week's round.
    await driverWithReleasedRides(0);
    const again = await t.app.services.payouts.runWeekly();
    expect(again.paid).toBe(0);
    expect(await query(`select id from payouts where week = '${week}'`)).toHaveLength(weekly.length);

    const list = await expectOk<Payout[]>(await get('/api/payouts', licensee));
    expect(list[0]).toMatchObject({ trigger: 'weekly', status: 'sent', amount: before.licensee });
    await ledgerInvariants(t.database.db);
  });

  it('pages payouts newest first with X-Next-Cursor', async () => {
    const { driver } = await driverWithReleasedRides(1);
    await addAccount(driver);
    for (let i = 0; i < 3; i += 1) {
      await expectOk(await post('/api/payouts', driver, { amount: 100 }), 201);
      advance(1000);
    }
    const first = await get('/api/payouts?limit=2', driver);
    const page1 = await expectOk<Payout[]>(first);
    expect(page1).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const second = await get(`/api/payouts?limit=2&before=${cursor}`, driver);
    const page2 = await expectOk<Payout[]>(second);
    expect(page2).toHaveLength(1);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expect([...page1, ...page2].map((p) => p.createdAt)).toEqual(
      [...page1, ...page2]
        .map((p) => p.createdAt)
        .sort()
        .reverse(),
    );
    expect((await get('/api/payouts?limit=0', driver)).statusCode).toBe(400);
    expect((await get('/api/payouts?before=not*a*cursor', driver)).statusCode).toBe(400);
  });

  it('states a week: released earnings and tips per ride, fees shown, payouts, and balances that add up to the ledger', async () => {
    clock = new Date('2026-12-07T09:00:00Z'); // Monday of 2026-W50
    const { driver, rides } = await driverWithReleasedRides(2, 300); // released on Thursday of W50
    await addAccount(driver);
    const payout = await expectOk<Payout>(await post('/api/payouts', driver, { amount: 700 }), 201);
    const statement = await expectOk<PayoutStatement>(await get('/api/payouts/statements/2026-W50', driver));
    expect(statement).toMatchObject({ week: '2026-W50', start: '2026-12-07T00:00:00.000Z', end: '2026-12-14T00:00:00.000Z', openingBalance: 0 });
    expect(statement.rides.map((r) => r.rideId).sort()).toEqual(rides.map((r) => r.id).sort());
    for (const ride of rides) {
      const line = statement.rides.find((r) => r.rideId === ride.id)!;
      expect(line).toMatchObject({ earnings: ride.subtotal, tip: 300, fees: ride.platformFee + ride.adminFee });
    }
    expect(statement.tips).toBe(600);
    expect(statement.paidOut).toBe(700);
    expect(statement.payouts.map((p) => p.id)).toEqual([payout.id]);
    expect(statement.closingBalance).toBe(
      statement.openingBalance + statement.earnings + statement.tips + statement.adjustments - statement.paidOut + statement.returned,
    );
    expect(statement.closingBalance).toBe(await available(driver));

    // The next week opens where this one closed.
    const next = await expectOk<PayoutStatement>(await get('/api/payouts/statements/2026-W51', driver));
    expect(next).toMatchObject({ openingBalance: statement.closingBalance, closingBalance: statement.closingBalance, rides: [], payouts: [] });

    for (const week of ['2026-47', '2026-W54', '2021-W53', 'W47']) expect((await get(`/api/payouts/statements/${week}`, driver)).statusCode).toBe(400);
  });

  it('leaves the books balanced after it all, with nothing left in transit', async () => {
    await ledgerInvariants(t.database.db);
    const [transit] = await query<{ balance: string | null }>(
      `select sum(amount)::text as balance from ledger_entries where account_id = 'payouts_in_transit'`,
    );
    expect(Number(transit?.balance ?? 0)).toBe(0);
    const [external] = await query<{ balance: string | null }>(`select sum(amount)::text as balance from ledger_entries where account_id = 'payouts_external'`);
    const [sent] = await query<{ sum: string | null }>(`select sum(amount)::text as sum from payouts where status = 'sent'`);
    expect(Number(external?.balance ?? 0)).toBe(Number(sent?.sum ?? 0));
  });
});

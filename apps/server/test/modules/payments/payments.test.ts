import {
  splitFare,
  splitTotal,
  type Dispute,
  type DriverEarnings,
  type LicenseeMetrics,
  type PaymentMethod,
  type PlatformStats,
  type Receipt,
  type Ride,
} from '@coride/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  expectOk,
  HERALD_SQUARE,
  MIDTOWN_ZIPS,
  onlineDriver,
  rider,
  signInAdmin,
  TEST_CARD,
  type Person,
} from '../../support/world';
import { ledgerInvariants, rows } from '../../support/ledger';

const DAY = 86_400_000;

describe.each(backends)('money on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-11-20T12:00:00Z');
  let admin: Person;
  let licensee: Person & { territoryId: string };
  let driver: Person;
  /** Each named point fails once, in any order. */
  let failAt: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      backend,
      { DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0' },
      () => clock,
      (point) => {
        if (failAt.includes(point)) {
          failAt = failAt.filter((p) => p !== point);
          throw new Error(`injected failure at ${point}`);
        }
      },
    );
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin, MIDTOWN_ZIPS, 'Midtown');
    driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
  });
  afterAll(() => t.close());

  const get = (url: string, who: Person) => api.get(t.app, url, who);
  const post = (url: string, who: Person, body?: unknown) => api.post(t.app, url, who, body);
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const query = <T>(text: string) => rows<T>(t.database.db, sql.raw(text));

  async function completedRide(person?: Person): Promise<{ person: Person; ride: Ride }> {
    const owner = person ?? (await rider(t.app));
    const ride = await expectOk<Ride>(await book(t.app, owner), 201);
    await t.app.services.dispatcher.sweep();
    await expectOk(await post(`/api/rides/${ride.id}/accept`, driver));
    await expectOk(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    return { person: owner, ride: await expectOk<Ride>(await post(`/api/rides/${ride.id}/complete`, driver)) };
  }

  describe('payment methods', () => {
    it('adds a card checked with Luhn and a future expiry, keeping only brand, last four, expiry and a token', async () => {
      const person = await rider(t.app, { card: null });
      const bad = await post('/api/payment-methods', person, { cardNumber: '4242 4242 4242 4241', expiryDate: '01/20', cvc: '12' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        fields: { cardNumber: 'This card number is not valid', expiryDate: 'This card has expired', cvc: expect.any(String) },
      });

      const card = await expectOk<PaymentMethod>(
        await post('/api/payment-methods', person, { cardNumber: '5555 5555 5555 4444', expiryDate: '08/31', cvc: '123' }),
        201,
      );
      expect(card).toMatchObject({ brand: 'mastercard', lastFour: '4444', expiryDate: '08/31', isDefault: true });
      // The number is nowhere in the database, not even in the embedded provider's own tables.
      const dump = JSON.stringify(await query('select * from payment_methods')) + JSON.stringify(await query('select * from embedded_cards'));
      expect(dump).not.toContain('5555555555554444');
      expect(dump).not.toContain('"123"');
    });

    it('lists newest first, moves the default, edits the expiry, and hands the default on when the default is removed', async () => {
      const person = await rider(t.app, { card: null });
      const first = await expectOk<PaymentMethod>(await post('/api/payment-methods', person, { cardNumber: TEST_CARD, expiryDate: '12/30', cvc: '123' }), 201);
      advance(1000);
      const second = await expectOk<PaymentMethod>(
        await post('/api/payment-methods', person, { cardNumber: '378282246310005', expiryDate: '12/31', cvc: '1234' }),
        201,
      );
      expect(second.isDefault).toBe(false);
      let list = await expectOk<PaymentMethod[]>(await get('/api/payment-methods', person));
      expect(list.map((m) => [m.id, m.isDefault])).toEqual([
        [second.id, false],
        [first.id, true],
      ]);

      expect(
        await expectOk<PaymentMethod>(await api.patch(t.app, `/api/payment-methods/${second.id}`, person, { isDefault: true, expiryDate: '03/33' })),
      ).toMatchObject({ isDefault: true, expiryDate: '03/33' });
      list = await expectOk<PaymentMethod[]>(await get('/api/payment-methods', person));
      expect(list.filter((m) => m.isDefault).map((m) => m.id)).toEqual([second.id]);

      expect((await api.patch(t.app, `/api/payment-methods/${second.id}`, person, { expiryDate: '01/21' })).statusCode).toBe(400);
      await expectOk(await api.delete(t.app, `/api/payment-methods/${second.id}`, person));
      list = await expectOk<PaymentMethod[]>(await get('/api/payment-methods', person));
      expect(list).toMatchObject([{ id: first.id, isDefault: true }]);
    });

    it("answers 404 for another rider's card and 403 for other roles", async () => {
      const owner = await rider(t.app);
      const [card] = await expectOk<PaymentMethod[]>(await get('/api/payment-methods', owner));
      const stranger = await rider(t.app);
      expect((await api.patch(t.app, `/api/payment-methods/${card!.id}`, stranger, { isDefault: true })).statusCode).toBe(404);
      expect((await api.delete(t.app, `/api/payment-methods/${card!.id}`, stranger)).statusCode).toBe(404);
      expect((await get('/api/payment-methods', driver)).statusCode).toBe(403);
      expect((await get('/api/payment-methods', licensee)).statusCode).toBe(403);
    });
  });

  describe('booking and the hold', () => {
    it('refuses to book without a payment method, with a message that says what to do', async () => {
      const person = await rider(t.app, { card: null });
      const response = await book(t.app, person);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'PAYMENT_METHOD_REQUIRED', error: 'Add a payment method before booking a ride.' });
      expect(await query(`select id from rides where rider_id = '${person.id}'`)).toEqual([]);
    });

    it('cancels the booking when the card is declined, so the rider can book again with another card', async () => {
      const person = await rider(t.app, { card: '4000000000000002' });
      const response = await book(t.app, person);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
      expect(await query(`select status, cancel_reason from rides where rider_id = '${person.id}'`)).toEqual([
        { status: 'cancelled', cancel_reason: 'payment_failed' },
      ]);

      await expectOk(await post('/api/payment-methods', person, { cardNumber: TEST_CARD, expiryDate: '12/30', cvc: '123', isDefault: true }), 201);
      const ride = await expectOk<Ride>(await book(t.app, person), 201);
      expect(await query(`select status, amount from charges where ride_id = '${ride.id}'`)).toEqual([{ status: 'authorized', amount: ride.totalFare }]);
      await expectOk(await post(`/api/rides/${ride.id}/cancel`, person));
    });

    it('holds the quoted total at booking and lets the hold go on cancellation, posting nothing', async () => {
      const person = await rider(t.app);
      const ride = await expectOk<Ride>(await book(t.app, person), 201);
      const [charge] = await query<{ status: string; provider_ref: string }>(`select status, provider_ref from charges where ride_id = '${ride.id}'`);
      expect(charge?.status).toBe('authorized');
      expect(await query(`select status, authorized from embedded_payments where id = '${charge!.provider_ref}'`)).toEqual([
        { status: 'authorized', authorized: ride.totalFare },
      ]);

      await expectOk(await post(`/api/rides/${ride.id}/cancel`, person));
      expect(await query(`select status from charges where ride_id = '${ride.id}'`)).toEqual([{ status: 'voided' }]);
      expect(await query(`select status from embedded_payments where id = '${charge!.provider_ref}'`)).toEqual([{ status: 'canceled' }]);
      expect(await query(`select id from ledger_transactions where ride_id = '${ride.id}'`)).toEqual([]);
    });
  });

  describe('a hold whose bookkeeping was lost', () => {
    const holdsOf = (rideId: string) =>
      query<{ id: string; status: string }>(
        `select p.id, p.status from embedded_payments p join embedded_operations o on o.payment_id = p.id where o.idempotency_key = 'fare-auth:${rideId}'`,
      );

    it('is found again by its key: the booking fails, and its cancellation lets the same hold go at once', async () => {
      const person = await rider(t.app);
      failAt = ['authorize:after-provider']; // the provider held the fare, then the server failed to record its id
      const response = await book(t.app, person);
      expect(response.statusCode).toBe(500);
      const [ride] = await query<{ id: string; status: string }>(`select id, status from rides where rider_id = '${person.id}'`);
      expect(ride?.status).toBe('cancelled');
      // One hold ever existed (the provider answered the key again), and it is let go.
      const holds = await holdsOf(ride!.id);
      expect(holds).toEqual([{ id: expect.any(String), status: 'canceled' }]);
      expect(await query(`select status, provider_ref from charges where ride_id = '${ride!.id}'`)).toEqual([{ status: 'voided', provider_ref: holds[0]!.id }]);
    });

    it('is let go by the settlement run when the cancellation could not record the void either', async () => {
      const person = await rider(t.app);
      failAt = ['authorize:after-provider', 'void:after-provider'];
      expect((await book(t.app, person)).statusCode).toBe(500);
      const [ride] = await query<{ id: string; status: string }>(`select id, status from rides where rider_id = '${person.id}'`);
      expect(ride?.status).toBe('cancelled');
      const holds = await holdsOf(ride!.id);
      expect(await query(`select status, provider_ref from charges where ride_id = '${ride!.id}'`)).toEqual([
        { status: 'authorized', provider_ref: holds[0]!.id },
      ]);

      expect((await t.app.services.payments.settle()).voided).toBeGreaterThanOrEqual(1);
      expect(await query(`select status, provider_ref from charges where ride_id = '${ride!.id}'`)).toEqual([{ status: 'voided', provider_ref: holds[0]!.id }]);
      expect(await holdsOf(ride!.id)).toEqual([{ id: holds[0]!.id, status: 'canceled' }]);
    });
  });

  describe('escrow', () => {
    it('captures at completion, holds fare and tip for 3 days, then pays each account its exact split', async () => {
      const driverBefore = await expectOk<DriverEarnings>(await get('/api/drivers/earnings', driver));
      const metricsBefore = await expectOk<LicenseeMetrics>(await get('/api/licensee/metrics', licensee));
      const { person, ride } = await completedRide();
      await expectOk(await post(`/api/rides/${ride.id}/tip`, person, { amount: 250 }));
      const split = splitFare(ride, 250);
      expect(splitTotal(split)).toBe(ride.totalFare + 250);

      let receipt = await expectOk<Receipt>(await get(`/api/rides/${ride.id}/receipt`, person));
      expect(receipt).toMatchObject({
        totalFare: ride.totalFare,
        tip: 250,
        paid: ride.totalFare + 250,
        refunded: 0,
        escrow: 'held',
        split,
        paymentMethod: { brand: 'visa', lastFour: '4242' },
      });
      expect(new Date(receipt.releaseAfter!).getTime()).toBe(new Date(ride.completedAt!).getTime() + 3 * DAY);
      let earnings = await expectOk<DriverEarnings>(await get('/api/drivers/earnings', driver));
      expect(earnings.pending - driverBefore.pending).toBe(ride.subtotal + 250);
      expect(earnings.released).toBe(driverBefore.released);

      // Not a cent moves before the 3 days are over…
      advance(3 * DAY - 60_000);
      await t.app.services.payments.settle();
      expect((await expectOk<Receipt>(await get(`/api/rides/${ride.id}/receipt`, person))).escrow).toBe('held');
      // …and everything moves once they are.
      advance(60_000);
      await t.app.services.payments.settle();
      receipt = await expectOk<Receipt>(await get(`/api/rides/${ride.id}/receipt`, person));
      expect(receipt.escrow).toBe('released');
      earnings = await expectOk<DriverEarnings>(await get('/api/drivers/earnings', driver));
      expect(earnings.released - driverBefore.released).toBe(ride.subtotal + 250);
      expect(earnings.pending).toBe(driverBefore.pending);
      expect(earnings.tips - driverBefore.tips).toBe(250);
      const metrics = await expectOk<LicenseeMetrics>(await get('/api/licensee/metrics', licensee));
      expect(metrics.totalCommission - metricsBefore.totalCommission).toBe(split.licensee);
      const stats = await expectOk<PlatformStats>(await get('/api/admin/platform-stats', admin));
      expect(stats.ledger.inEscrow).toBe(0);
      await ledgerInvariants(t.database.db);
    });

    it('posts a completion once however often it is retried', async () => {
      const { ride } = await completedRide();
      const again = await Promise.all(Array.from({ length: 5 }, () => post(`/api/rides/${ride.id}/complete`, driver)));
      expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await query(`select kind from ledger_transactions where ride_id = '${ride.id}'`)).toEqual([{ kind: 'capture' }]);
    });
  });

  describe('disputes', () => {
    it('holds the release while open; the licensee refunds part from escrow and the rest is released', async () => {
      const { person, ride } = await completedRide();
      const opened = await expectOk<Dispute>(
        await post(`/api/rides/${ride.id}/disputes`, person, { reason: 'wrong_route', description: 'The driver took a much longer way round.' }),
        201,
      );
      expect(opened).toMatchObject({ status: 'open', disputableAmount: ride.totalFare });
      expect((await post(`/api/rides/${ride.id}/disputes`, person, { reason: 'other', description: 'Opening a second one.' })).statusCode).toBe(409);
      expect((await expectOk<Dispute[]>(await get('/api/disputes', licensee))).map((d) => d.id)).toContain(opened.id);

      advance(4 * DAY);
      await t.app.services.payments.settle();
      expect((await expectOk<Receipt>(await get(`/api/rides/${ride.id}/receipt`, person))).escrow).toBe('disputed');

      const tooMuch = await post(`/api/disputes/${opened.id}/resolve`, licensee, {
        resolution: 'refund_partial',
        refundAmount: ride.totalFare + 1,
        note: 'Too much',
      });
      expect(tooMuch.statusCode).toBe(400);
      const resolved = await expectOk<Dispute>(
        await post(`/api/disputes/${opened.id}/resolve`, licensee, { resolution: 'refund_partial', refundAmount: 300, note: 'Refunding the detour.' }),
      );
      expect(resolved).toMatchObject({ status: 'resolved', resolution: 'refund_partial', refundAmount: 300, resolutionNote: 'Refunding the detour.' });
      expect((await post(`/api/disputes/${opened.id}/resolve`, licensee, { resolution: 'release', note: 'again' })).statusCode).toBe(409);

      await t.app.services.payments.settle();
      const receipt = await expectOk<Receipt>(await get(`/api/rides/${ride.id}/receipt`, person));
      expect(receipt).toMatchObject({ refunded: 300, paid: ride.totalFare - 300, escrow: 'released' });
      expect(splitTotal(receipt.split)).toBe(ride.totalFare - 300);
      expect(receipt.split.driver / splitTotal(receipt.split)).toBeGreaterThanOrEqual(0.94);
      await ledgerInvariants(t.database.db);
    });

    it('takes a refund after release back from the payees (clawback) and keeps the books balanced', async () => {
      const before = await expectOk<DriverEarnings>(await get('/api/drivers/earnings', driver));
      const { person, ride } = await completedRide();
      advance(3 * DAY + 1000);
      await t.app.services.payments.settle();
      const opened = await expectOk<Dispute>(
        await post(`/api/rides/${ride.id}/disputes`, person, { reason: 'overcharged', description: 'Charged for a trip I did not finish.' }),
        201,
      );
      await expectOk(await post(`/api/disputes/${opened.id}/resolve`, licensee, { resolution: 'refund_full', note: 'Full refund.' }));
      const after = await expectOk<DriverEarnings>(await get('/api/drivers/earnings', driver));
      expect(after.released).toBe(before.released);
      expect(await query(`select kind from ledger_transactions where ride_id = '${ride.id}' order by kind`)).toEqual([
        { kind: 'capture' },
        { kind: 'clawback' },
        { kind: 'release' },
      ]);
      expect((await expectOk<Receipt>(await get(`/api/rides/${ride.id}/receipt`, person))).escrow).toBe('refunded');
      await ledgerInvariants(t.database.db);
    });

    it('refuses disputes after 7 days, on rides of others, and resolutions by another territory', async () => {
      const { person, ride } = await completedRide();
      const stranger = await rider(t.app);
      expect((await post(`/api/rides/${ride.id}/disputes`, stranger, { reason: 'other', description: 'Not my ride at all.' })).statusCode).toBe(404);
      const opened = await expectOk<Dispute>(
        await post(`/api/rides/${ride.id}/disputes`, person, { reason: 'other', description: 'Something went wrong.' }),
        201,
      );
      const other = await approvedLicensee(t.app, admin, ['11215'], 'Park Slope');
      expect((await post(`/api/disputes/${opened.id}/resolve`, other, { resolution: 'release', note: 'Not mine' })).statusCode).toBe(404);
      expect(await expectOk<Dispute[]>(await get('/api/disputes', other))).toEqual([]);
      expect((await post(`/api/disputes/${opened.id}/resolve`, driver, { resolution: 'release', note: 'Mine?' })).statusCode).toBe(403);
      await expectOk(await post(`/api/disputes/${opened.id}/resolve`, licensee, { resolution: 'release', note: 'The ride was fine.' }));

      const late = await completedRide();
      advance(7 * DAY + 1000);
      const response = await post(`/api/rides/${late.ride.id}/disputes`, late.person, { reason: 'other', description: 'Too late to complain.' });
      expect(response.statusCode).toBe(422);
    });
  });

  describe('the ledger', () => {
    it('refuses UPDATE, DELETE and TRUNCATE of entries and transactions, and an unbalanced transaction', async () => {
      await completedRide();
      await expect(t.database.db.execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
      await expect(t.database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
      await expect(t.database.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
      await expect(t.database.db.execute(sql`truncate ledger_entries cascade`)).rejects.toThrow();
      await expect(
        t.database.db.transaction(async (tx) => {
          const [row] = await rows<{ id: string }>(
            tx,
            sql`insert into ledger_transactions (idempotency_key, kind, posted_at) values ('unbalanced', 'capture', now()) returning id`,
          );
          await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount) values (${row!.id}, 'escrow', 100)`);
        }),
      ).rejects.toThrow();
      await ledgerInvariants(t.database.db);
    });
  });
});

import { splitFare, type Receipt, type Ride } from '@coride/domain';
import type { ChampionsBoard, RewardsOverview, Submission } from '@coride/domain/community/submissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireOffers, ridesAwaitingDispatch } from '../../../src/modules/rides/repository';
import { customerPayload, register } from '../../support/fixtures';
import { ledgerInvariants, rows } from '../../support/ledger';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import {
  api,
  approvedLicensee,
  book,
  expectOk,
  goOffline,
  HERALD_SQUARE,
  MIDTOWN_ZIPS,
  offset,
  onlineDriver,
  PENN_STATION,
  rider,
  signInAdmin,
  TEST_CARD,
  TIMES_SQUARE,
  type Person,
} from '../../support/world';

const DAY = 86_400_000;
/** A long trip: its fare is well above a $5 credit. */
const JFK = { address: 'JFK Airport, Queens, NY 11430', lat: 40.6413, lng: -73.7781 };
const LONG_COMMENT = 'Very careful driver, clean car, took the fastest route and helped with my bags.';

describe.each(backends)('rider rewards on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-11-20T12:00:00Z');
  let admin: Person;
  let licensee: Person & { territoryId: string };
  let otherLicensee: Person & { territoryId: string };
  let driver: Person;

  beforeAll(async () => {
    t = await createTestApp(backend, { DISPATCH_SWEEP_MS: '0', SETTLEMENT_SWEEP_MS: '0' }, () => clock);
    admin = await signInAdmin(t.app);
    licensee = await approvedLicensee(t.app, admin, MIDTOWN_ZIPS, 'Midtown');
    otherLicensee = await approvedLicensee(t.app, admin, ['10026', '10027'], 'Harlem');
    driver = await onlineDriver(t.app, admin, HERALD_SQUARE);
  });
  afterAll(() => t.close());

  const get = (url: string, who: Person) => api.get(t.app, url, who);
  const post = (url: string, who: Person, body?: unknown) => api.post(t.app, url, who, body);
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const query = <T>(text: string) => rows<T>(t.database.db, sql.raw(text));
  const rewards = async (who: Person) => expectOk<RewardsOverview>(await get('/api/rewards', who));
  /** Points for test set-up, through the service's own append (as an accepted submission would). */
  const grant = (who: Person, points: number) =>
    t.app.services.rewards.award(t.database.db, { userId: who.id, action: 'community_feedback', points, key: `test-grant:${who.id}:${Math.random()}` });

  async function requested(person: Person, to = PENN_STATION): Promise<Ride> {
    return expectOk<Ride>(await book(t.app, person, TIMES_SQUARE, to), 201);
  }

  async function completedRide(person?: Person, to = PENN_STATION): Promise<{ person: Person; ride: Ride }> {
    const owner = person ?? (await rider(t.app));
    const ride = await requested(owner, to);
    await t.app.services.dispatcher.sweep();
    await expectOk(await post(`/api/rides/${ride.id}/accept`, driver));
    await expectOk(await post(`/api/rides/${ride.id}/start`, driver, { pin: ride.pin }));
    advance(60_000);
    return { person: owner, ride: await expectOk<Ride>(await post(`/api/rides/${ride.id}/complete`, driver)) };
  }

  describe('earning by rating', () => {
    it('rating a completed ride earns 2 points once; the safety rating is stored', async () => {
      const { person, ride } = await completedRide();
      expect((await rewards(person)).points).toBe(0);
      const rated = await expectOk<Ride>(await post(`/api/rides/${ride.id}/rate`, person, { rating: 5, comment: 'Nice', safetyRating: 4 }));
      expect(rated).toMatchObject({ rating: 5, safetyRating: 4 });
      let balance = await rewards(person);
      expect(balance.points).toBe(2);
      expect(balance.recent).toMatchObject([{ action: 'rate_driver', points: 2 }]);
      // Once per ride: a second rating is refused and earns nothing.
      expect((await post(`/api/rides/${ride.id}/rate`, person, { rating: 4, comment: LONG_COMMENT })).statusCode).toBe(409);
      balance = await rewards(person);
      expect(balance.points).toBe(2);
      expect(await query<{ safety_rating: number }>(`select safety_rating from rides where id = '${ride.id}'`)).toEqual([{ safety_rating: 4 }]);
    });

    it('a detailed review (50+ characters) earns 5 more; a safety rating out of 1-5 is refused', async () => {
      const { person, ride } = await completedRide();
      expect((await post(`/api/rides/${ride.id}/rate`, person, { rating: 5, safetyRating: 6 })).statusCode).toBe(400);
      await expectOk(await post(`/api/rides/${ride.id}/rate`, person, { rating: 5, comment: LONG_COMMENT }));
      const balance = await rewards(person);
      expect(balance.points).toBe(7);
      expect(balance.lifetimePoints).toBe(7);
      expect(balance.recent.map((e) => e.action).sort()).toEqual(['detailed_review', 'rate_driver']);
    });

    it('a ride that is not completed cannot be rated and earns nothing', async () => {
      const person = await rider(t.app);
      const ride = await requested(person);
      expect((await post(`/api/rides/${ride.id}/rate`, person, { rating: 5 })).statusCode).toBe(409);
      expect((await rewards(person)).points).toBe(0);
      await expectOk(await post(`/api/rides/${ride.id}/cancel`, person, {}));
    });
  });

  describe('community submissions', () => {
    it('an accepted route suggestion earns 10; a rejected safety report earns nothing; reviews happen once', async () => {
      const { person } = await completedRide();
      const suggestion = await expectOk<Submission>(
        await post('/api/community/submissions', person, { kind: 'route_suggestion', text: 'Use 9th Ave northbound after 5 pm, it is faster.' }),
        201,
      );
      expect(suggestion).toMatchObject({ status: 'pending', territoryId: licensee.territoryId, points: 10, authorRole: 'customer' });
      const report = await expectOk<Submission>(
        await post('/api/community/submissions', person, { kind: 'safety_report', text: 'Pickup spot at the corner is dark at night.' }),
        201,
      );
      expect((await rewards(person)).points).toBe(0);

      const queue = await expectOk<{ submissions: Submission[] }>(await get('/api/licensee/submissions', licensee));
      expect(queue.submissions.map((s) => s.id)).toEqual(expect.arrayContaining([suggestion.id, report.id]));
      expect(await expectOk<Submission>(await post(`/api/licensee/submissions/${suggestion.id}/review`, licensee, { decision: 'accepted' }))).toMatchObject({
        status: 'accepted',
      });
      expect((await rewards(person)).points).toBe(10);
      expect((await post(`/api/licensee/submissions/${suggestion.id}/review`, licensee, { decision: 'accepted' })).statusCode).toBe(409);
      expect((await post(`/api/licensee/submissions/${suggestion.id}/review`, licensee, { decision: 'rejected' })).statusCode).toBe(409);

      await expectOk(await post(`/api/licensee/submissions/${report.id}/review`, licensee, { decision: 'rejected' }));
      expect((await rewards(person)).points).toBe(10);
      const own = await expectOk<{ submissions: Submission[] }>(await get('/api/community/submissions', person));
      expect(own.submissions.map((s) => [s.kind, s.status]).sort()).toEqual([
        ['route_suggestion', 'accepted'],
        ['safety_report', 'rejected'],
      ]);
    });

    it("another territory's licensee neither sees nor reviews it; the admin sees it; invalid text is refused", async () => {
      const { person } = await completedRide();
      expect((await post('/api/community/submissions', person, { kind: 'community_feedback', text: 'short' })).statusCode).toBe(400);
      expect((await post('/api/community/submissions', person, { kind: 'nonsense', text: 'A long enough text here' })).statusCode).toBe(400);
      const feedback = await expectOk<Submission>(
        await post('/api/community/submissions', person, { kind: 'community_feedback', text: 'More drivers near the stadium on game nights.' }),
        201,
      );
      const other = await expectOk<{ submissions: Submission[] }>(await get('/api/licensee/submissions', otherLicensee));
      expect(other.submissions.map((s) => s.id)).not.toContain(feedback.id);
      expect((await post(`/api/licensee/submissions/${feedback.id}/review`, otherLicensee, { decision: 'accepted' })).statusCode).toBe(404);
      expect((await post(`/api/licensee/submissions/${feedback.id}/review`, person, { decision: 'accepted' })).statusCode).toBe(403);
      expect((await expectOk<{ submissions: Submission[] }>(await get('/api/licensee/submissions', admin))).submissions.map((s) => s.id)).toContain(
        feedback.id,
      );
      expect((await rewards(person)).points).toBe(0);
      await expectOk(await post(`/api/licensee/submissions/${feedback.id}/review`, admin, { decision: 'accepted' }));
      expect((await rewards(person)).points).toBe(8);
    });

    it("a driver's accepted submission earns no points (it counts as engagement); drivers have no rewards balance", async () => {
      const submission = await expectOk<Submission>(
        await post('/api/community/submissions', driver, { kind: 'route_suggestion', text: 'Avoid 34th St at rush hour, take 33rd.' }),
        201,
      );
      expect(submission).toMatchObject({ authorRole: 'driver', points: 0 });
      await expectOk(await post(`/api/licensee/submissions/${submission.id}/review`, licensee, { decision: 'accepted' }));
      expect(await query(`select * from reward_events where user_id = '${driver.id}'`)).toEqual([]);
      expect((await get('/api/rewards', driver)).statusCode).toBe(403);
    });
  });

  describe('referrals', () => {
    it('50 points to the referrer when the referred rider completes a first ride, and only the first', async () => {
      const referrer = await rider(t.app);
      const { referral } = await rewards(referrer);
      expect(referral.code).toMatch(/^[A-Z]+-[0-9A-F]{6}$/);
      expect((await app().inject({ method: 'POST', url: '/api/register', payload: customerPayload({ referralCode: 'NOPE-000000' }) })).statusCode).toBe(400);
      const registered = await register(t.app, customerPayload({ referralCode: referral.code.toLowerCase() }));
      const friend = { id: registered.user.id, token: registered.token };
      await expectOk(await post('/api/payment-methods', friend, { cardNumber: TEST_CARD, expiryDate: '12/39', cvc: '123' }), 201);

      // A cancelled ride is not a completed one.
      const cancelled = await requested(friend);
      await expectOk(await post(`/api/rides/${cancelled.id}/cancel`, friend, {}));
      expect((await rewards(referrer)).points).toBe(0);

      await completedRide(friend);
      const after = await rewards(referrer);
      expect(after.points).toBe(50);
      expect(after.referral.referredCount).toBe(1);
      expect(after.recent).toMatchObject([{ action: 'referral', points: 50 }]);
      await completedRide(friend);
      expect((await rewards(referrer)).points).toBe(50);
      expect((await rewards(friend)).points).toBe(0);
    });
  });

  const app = () => t.app;

  describe('redemptions', () => {
    it('refuses an unaffordable option and spends points on a credit', async () => {
      const person = await rider(t.app);
      await grant(person, 30);
      const before = await rewards(person);
      expect(before.options.map((o) => [o.id, o.affordable])).toEqual([
        ['credit_1', true],
        ['credit_5', false],
        ['priority_booking', false],
        ['champion_status', false],
        ['credit_25', false],
      ]);
      const refused = await post('/api/rewards/redeem', person, { optionId: 'credit_5' });
      expect(refused.statusCode).toBe(422);
      expect((await rewards(person)).points).toBe(30);
      expect((await post('/api/rewards/redeem', person, { optionId: 'nope' })).statusCode).toBe(400);

      expect(await expectOk(await post('/api/rewards/redeem', person, { optionId: 'credit_1' }))).toEqual({
        balance: 5,
        effect: { type: 'ride_credit', cents: 100 },
      });
      const after = await rewards(person);
      expect(after).toMatchObject({ points: 5, lifetimePoints: 30, rideCreditCents: 100 });
      expect(after.recent[0]).toMatchObject({ action: 'redemption', points: -25 });
    });

    it('concurrent redemptions never spend the same points twice', async () => {
      const person = await rider(t.app);
      await grant(person, 250);
      const results = await Promise.all(Array.from({ length: 6 }, () => post('/api/rewards/redeem', person, { optionId: 'credit_5' })));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 200, 422, 422, 422, 422]);
      const after = await rewards(person);
      expect(after).toMatchObject({ points: 50, rideCreditCents: 1000 });
      expect(await query<{ n: number }>(`select count(*)::int as n from reward_credits where user_id = '${person.id}'`)).toEqual([{ n: 2 }]);
    });

    it('champion status gives a 30-day badge', async () => {
      const person = await rider(t.app);
      await grant(person, 300);
      await expectOk(await post('/api/rewards/redeem', person, { optionId: 'champion_status' }));
      expect((await rewards(person)).championUntil).toBe(new Date(clock.getTime() + 30 * DAY).toISOString());
    });
  });

  describe('credit and priority at the next booking', () => {
    it('holds and captures the fare less the credit; the platform pays the credit; the split is unchanged', async () => {
      const person = await rider(t.app);
      await grant(person, 100);
      await expectOk(await post('/api/rewards/redeem', person, { optionId: 'credit_5' }));
      const { ride } = await completedRide(person, JFK);
      expect(ride.totalFare).toBeGreaterThan(500);
      expect(ride.creditApplied).toBe(500);
      const paid = ride.totalFare - 500;
      const [charge] = await query<{ id: string; amount: number; status: string }>(
        `select id, amount, status from charges where ride_id = '${ride.id}' and kind = 'fare'`,
      );
      expect(charge).toMatchObject({ amount: paid, status: 'captured' });
      const held = await query<{ authorized: number; captured: number }>(
        `select authorized, captured from embedded_payments where id = (select provider_ref from charges where id = '${charge!.id}')`,
      );
      expect(held).toEqual([{ authorized: paid, captured: paid }]);
      const entries = await query<{ account_id: string; amount: string }>(
        `select e.account_id, e.amount::text from ledger_entries e join ledger_transactions t on t.id = e.transaction_id where t.charge_id = '${charge!.id}' and t.kind = 'capture' order by e.account_id`,
      );
      expect(entries.map((e) => [e.account_id, Number(e.amount)])).toEqual([
        ['escrow', ride.totalFare],
        ['platform_software', -500],
        [`rider:${person.id}`, -paid],
      ]);
      const receipt = await expectOk<Receipt>(await get(`/api/rides/${ride.id}/receipt`, person));
      expect(receipt).toMatchObject({ creditApplied: 500, paid, split: splitFare(ride) });
      expect((await rewards(person)).rideCreditCents).toBe(0);

      // After the hold, the payees get exactly splitFare(fare): the driver's whole subtotal.
      const before = await query<{ balance: string }>(`select balance::text from ledger_accounts where id = 'driver:${driver.id}'`);
      advance(4 * DAY);
      await t.app.services.payments.settle();
      const after = await query<{ balance: string }>(`select balance::text from ledger_accounts where id = 'driver:${driver.id}'`);
      expect(Number(after[0]!.balance) - Number(before[0]?.balance ?? 0)).toBeGreaterThanOrEqual(splitFare(ride).driver);
      const released = await query<{ account_id: string; amount: string }>(
        `select e.account_id, e.amount::text from ledger_entries e join ledger_transactions t on t.id = e.transaction_id where t.charge_id = '${charge!.id}' and t.kind = 'release'`,
      );
      expect(Number(released.find((e) => e.account_id === `driver:${driver.id}`)!.amount)).toBe(splitFare(ride).driver);
      expect(Number(released.find((e) => e.account_id === 'escrow')!.amount)).toBe(-ride.totalFare);
      await ledgerInvariants(t.database.db);
    });

    it('a credit larger than the fare pays it all (no card hold) and the rest stays for the next ride', async () => {
      const person = await rider(t.app);
      await grant(person, 500);
      await expectOk(await post('/api/rewards/redeem', person, { optionId: 'credit_25' }));
      const { ride } = await completedRide(person);
      expect(ride.creditApplied).toBe(ride.totalFare);
      expect(await query(`select amount, status from charges where ride_id = '${ride.id}' and kind = 'fare'`)).toEqual([{ amount: 0, status: 'captured' }]);
      expect((await rewards(person)).rideCreditCents).toBe(2500 - ride.totalFare);
      const second = await requested(person);
      expect(second.creditApplied).toBe(Math.min(second.totalFare, 2500 - ride.totalFare));
      await expectOk(await post(`/api/rides/${second.id}/cancel`, person, {}));
      await ledgerInvariants(t.database.db);
    });

    it('a cancelled ride gives its credit back once', async () => {
      const person = await rider(t.app);
      await grant(person, 100);
      await expectOk(await post('/api/rewards/redeem', person, { optionId: 'credit_5' }));
      const ride = await requested(person, JFK);
      expect(ride.creditApplied).toBe(500);
      expect((await rewards(person)).rideCreditCents).toBe(0);
      await expectOk(await post(`/api/rides/${ride.id}/cancel`, person, {}));
      expect((await rewards(person)).rideCreditCents).toBe(500);
      expect(await t.app.services.rewards.restoreForRide(ride.id)).toBe(0);
      expect(await t.app.services.rewards.restoreCancelled()).toBe(0);
      expect((await rewards(person)).rideCreditCents).toBe(500);
      // The next booking takes it again.
      const again = await requested(person, JFK);
      expect(again.creditApplied).toBe(500);
      await expectOk(await post(`/api/rides/${again.id}/cancel`, person, {}));
    });

    it('priority booking: used by one ride, offered to a batch twice as large, dispatched first', async () => {
      // Four more drivers, further away than the first, so the usual batch (3) leaves two out.
      const extra: Person[] = [];
      for (let i = 1; i <= 4; i += 1) extra.push(await onlineDriver(t.app, admin, offset(HERALD_SQUARE, 0.003 * i)));
      const offersOf = async (rideId: string) => (await query<{ n: number }>(`select count(*)::int as n from ride_offers where ride_id = '${rideId}'`))[0]!.n;
      const expireAll = async () => {
        advance(16_000);
        await expireOffers(t.database.db, clock);
      };
      const person = await rider(t.app);
      await grant(person, 150);
      await expectOk(await post('/api/rewards/redeem', person, { optionId: 'priority_booking' }));
      expect((await rewards(person)).priorityBookings).toBe(1);

      const plainRider = await rider(t.app);
      const plain = await requested(plainRider);
      await t.app.services.dispatcher.dispatch(plain.id);
      expect(plain.priority).toBe(false);
      expect(await offersOf(plain.id)).toBe(3);
      await expireAll();

      advance(1000);
      const priority = await requested(person);
      await t.app.services.dispatcher.dispatch(priority.id);
      expect(priority.priority).toBe(true);
      expect((await rewards(person)).priorityBookings).toBe(0);
      expect(await offersOf(priority.id)).toBe(5);
      await expireAll();
      // Both wait for their next round: the priority one goes first although it was booked later.
      const waiting = (await ridesAwaitingDispatch(t.database.db)).map((r) => r.id);
      expect(waiting.indexOf(priority.id)).toBeGreaterThanOrEqual(0);
      expect(waiting.indexOf(priority.id)).toBeLessThan(waiting.indexOf(plain.id));
      await expectOk(await post(`/api/rides/${plain.id}/cancel`, plainRider, {}));

      const late = await onlineDriver(t.app, admin, offset(HERALD_SQUARE, 0.02));
      await t.app.services.dispatcher.sweep();
      await expectOk(await post(`/api/rides/${priority.id}/accept`, late));
      await expectOk(await post(`/api/rides/${priority.id}/start`, late, { pin: priority.pin }));
      await expectOk(await post(`/api/rides/${priority.id}/complete`, late));
      // Used once: the next booking is an ordinary one.
      const next = await requested(person);
      expect(next.priority).toBe(false);
      await expectOk(await post(`/api/rides/${next.id}/cancel`, person, {}));
      for (const d of [...extra, late]) await goOffline(t.app, d);
    });

    it('a priority ride cancelled before any driver accepted gives the perk back', async () => {
      const person = await rider(t.app);
      await grant(person, 150);
      await expectOk(await post('/api/rewards/redeem', person, { optionId: 'priority_booking' }));
      const ride = await requested(person);
      expect(ride.priority).toBe(true);
      await expectOk(await post(`/api/rides/${ride.id}/cancel`, person, {}));
      expect((await rewards(person)).priorityBookings).toBe(1);
      await t.app.services.dispatcher.sweep();
    });
  });

  describe('monthly champions', () => {
    it('ranks the month by points earned, grants prizes once, and shows shortened names', async () => {
      const top = await rider(t.app);
      const second = await rider(t.app);
      await grant(top, 5000);
      await grant(second, 4000);
      // Spending does not cost a place.
      await expectOk(await post('/api/rewards/redeem', top, { optionId: 'credit_25' }));
      const creditBefore = (await rewards(top)).rideCreditCents;

      expect((await post('/api/admin/champions/run', admin, { month: '2026-11' })).statusCode).toBe(409);
      expect((await post('/api/admin/champions/run', top, { month: '2026-11' })).statusCode).toBe(403);
      clock = new Date('2026-12-01T00:05:00Z');
      expect(await t.app.services.rewards.runDueChampions()).toMatchObject({ month: '2026-11', created: true });
      expect(await expectOk(await post('/api/admin/champions/run', admin, { month: '2026-11' }))).toMatchObject({ month: '2026-11', created: false });

      const board = await expectOk<ChampionsBoard>(await get('/api/rewards/champions?month=2026-11', top));
      expect(board.champions[0]).toMatchObject({
        rank: 1,
        points: 5000,
        title: 'top_contributor',
        prizeCents: 5000,
        badge: true,
        isMe: true,
        name: expect.stringMatching(/^\S+ [A-Z]\.$/),
      });
      expect(board.champions[1]).toMatchObject({ rank: 2, points: 4000, title: 'top_5', prizeCents: 2000, isMe: false });
      expect(board.champions.map((c) => c.rank)).toEqual(board.champions.map((_, i) => i + 1));
      expect(board.champions.length).toBeLessThanOrEqual(20);
      // The prize is ride credit, granted exactly once.
      expect((await rewards(top)).rideCreditCents).toBe(creditBefore + 5000);
      expect((await rewards(second)).rideCreditCents).toBe(2000);
      expect(await query<{ n: number }>(`select count(*)::int as n from reward_credits where source = 'champion' and user_id = '${top.id}'`)).toEqual([
        { n: 1 },
      ]);
      expect(await expectOk<ChampionsBoard>(await get('/api/rewards/champions', driver))).toMatchObject({ month: '2026-11' });
      expect((await get('/api/rewards/champions?month=2026-13', top)).statusCode).toBe(400);
    });
  });
});

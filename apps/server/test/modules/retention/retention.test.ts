import { randomUUID } from 'node:crypto';
import type { QuoteResponse, Ride } from '@coride/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communitySubmissions, rideQuotes, sessions } from '../../../src/db/schema';
import { priceColumns } from '../../../src/modules/rides/repository';
import { createRetentionService } from '../../../src/modules/retention/service';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, expectOk, PENN_STATION, rider, signInAdmin, TIMES_SQUARE, type Person } from '../../support/world';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(backends)('the retention sweep on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-11-20T12:00:00Z');
  let person: Person;
  let territoryId: string;
  const retention = () => createRetentionService({ db: t.database.db, now: () => clock });

  beforeAll(async () => {
    t = await createTestApp(backend, {}, () => clock);
    const admin = await signInAdmin(t.app);
    territoryId = (await approvedLicensee(t.app, admin)).territoryId;
    person = await rider(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  const ids = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((row) => row.id).sort();

  it('deletes sessions expired or revoked more than 7 days ago and keeps the recent and the live ones', async () => {
    const ago = (ms: number) => new Date(clock.getTime() - ms);
    const session = (values: { expiresAt: Date; revokedAt?: Date }) =>
      t.database.db
        .insert(sessions)
        .values({ userId: person.id, tokenHash: randomUUID(), ...values })
        .returning({ id: sessions.id })
        .then(([row]) => row!.id);
    const old = [await session({ expiresAt: ago(8 * DAY) }), await session({ expiresAt: new Date(clock.getTime() + DAY), revokedAt: ago(8 * DAY) })];
    const recent = [await session({ expiresAt: ago(6 * DAY) }), await session({ expiresAt: new Date(clock.getTime() + DAY), revokedAt: ago(DAY) })];

    const result = await retention().sweep();
    expect(result.skipped).toBe(false);
    expect(result.deleted.sessions).toBe(2);
    const left = await ids(
      t.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(inArray(sessions.id, [...old, ...recent])),
    );
    expect(left).toEqual([...recent].sort());
    // The rider's own sign-in (live) still works.
    expect((await api.get(t.app, '/api/users/me', person)).statusCode).toBe(200);
  });

  it('deletes quotes expired more than a day ago, and a ride booked from one keeps its price', async () => {
    const quote = await expectOk<QuoteResponse>(
      await api.post(t.app, '/api/rides/quote', person, { pickupLocation: TIMES_SQUARE, dropoffLocation: PENN_STATION }),
    );
    const booked = await expectOk<Ride>(
      await api.post(t.app, '/api/rides', person, { pickupLocation: TIMES_SQUARE, dropoffLocation: PENN_STATION, quoteId: quote.quoteId }),
      201,
    );
    expect(booked.totalFare).toBe(quote.totalFare);
    const [stored] = await t.database.db.select().from(rideQuotes).where(eq(rideQuotes.id, quote.quoteId));
    const unused = async (expiresAt: Date) => {
      const { id: _id, createdAt: _createdAt, ...copy } = stored!;
      const [row] = await t.database.db
        .insert(rideQuotes)
        .values({ ...copy, ...priceColumns(stored!), territoryId, expiresAt })
        .returning({ id: rideQuotes.id });
      return row!.id;
    };
    // Two days on, the booked ride's quote is stale too.
    clock = new Date(clock.getTime() + 2 * DAY);
    const stale = await unused(new Date(clock.getTime() - 2 * DAY));
    const fresh = await unused(new Date(clock.getTime() - HOUR));
    expect((await retention().sweep()).deleted.ride_quotes).toBe(2);
    const left = await ids(
      t.database.db
        .select({ id: rideQuotes.id })
        .from(rideQuotes)
        .where(inArray(rideQuotes.id, [quote.quoteId, stale, fresh])),
    );
    expect(left).toEqual([fresh]);
    // The ride never read its quote again: its price lives in its own columns.
    const ride = await expectOk<Ride>(await api.get(t.app, `/api/rides/${booked.id}`, person));
    expect({ subtotal: ride.subtotal, totalFare: ride.totalFare }).toEqual({ subtotal: quote.subtotal, totalFare: quote.totalFare });
  });

  it('deletes submissions rejected more than 90 days ago and keeps accepted, pending and recent ones', async () => {
    const submission = (status: 'pending' | 'accepted' | 'rejected', reviewedDaysAgo: number | null) =>
      t.database.db
        .insert(communitySubmissions)
        .values({
          userId: person.id,
          territoryId,
          kind: 'route_suggestion',
          text: 'Use 8th Avenue northbound after 5 pm',
          status,
          createdAt: new Date(clock.getTime() - 200 * DAY),
          reviewedAt: reviewedDaysAgo === null ? null : new Date(clock.getTime() - reviewedDaysAgo * DAY),
        })
        .returning({ id: communitySubmissions.id })
        .then(([row]) => row!.id);
    const oldRejected = await submission('rejected', 91);
    const kept = [await submission('rejected', 89), await submission('accepted', 180), await submission('pending', null)];

    expect((await retention().sweep()).deleted.community_submissions).toBe(1);
    const left = await ids(
      t.database.db
        .select({ id: communitySubmissions.id })
        .from(communitySubmissions)
        .where(inArray(communitySubmissions.id, [oldRejected, ...kept])),
    );
    expect(left).toEqual([...kept].sort());
  });

  it('deletes in bounded batches: a large backlog takes several sweeps', async () => {
    // The quote of the previous test, still fresh: 25 copies of it that expired 3 days ago.
    const [template] = await t.database.db.select().from(rideQuotes).limit(1);
    const { id: _id, createdAt: _createdAt, ...copy } = template!;
    await t.database.db.insert(rideQuotes).values(Array.from({ length: 25 }, () => ({ ...copy, expiresAt: new Date(clock.getTime() - 3 * DAY) })));
    const small = createRetentionService({ db: t.database.db, now: () => clock, batchSize: 10, maxBatchesPerRule: 2 });
    expect((await small.sweep()).deleted.ride_quotes).toBe(20);
    expect((await small.sweep()).deleted.ride_quotes).toBe(5);
    expect((await small.sweep()).deleted.ride_quotes).toBe(0);
  });
});

describe.each(backends)('the retention job on %s', (backend) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('sweeps on the RETENTION_SWEEP_MS timer with the app’s clock', async () => {
    // The app's clock is 30 days ahead: a session that is live by the wall clock is long expired by the app's.
    const clock = new Date(Date.now() + 30 * DAY);
    t = await createTestApp(backend, { RETENTION_SWEEP_MS: '50' }, () => clock);
    const person = await rider(t.app);
    const [row] = await t.database.db
      .insert(sessions)
      .values({ userId: person.id, tokenHash: randomUUID(), expiresAt: new Date(Date.now() + DAY) })
      .returning({ id: sessions.id });
    let left = 1;
    for (let attempt = 0; attempt < 100 && left > 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, row!.id))).length;
    }
    expect(left).toBe(0);
  }, 30_000);
});

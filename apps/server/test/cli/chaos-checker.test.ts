import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProperties, type PropertyResult } from '../../src/cli/chaos/checker';
import { createFreshDatabase, type FreshDatabase } from '../../src/cli/chaos/world';
import { openPostgres } from '../../src/db/client';
import { users } from '../../src/modules/accounts/tables';
import { driverOnlineSessions } from '../../src/modules/drivers/tables';
import { rideOffers, rides } from '../../src/modules/rides/tables';
import { territories } from '../../src/modules/territories/tables';
import type { BotEvent } from '../../src/simulator/history';

/**
 * The chaos run passes only if its checker can fail: each property is shown a database (and a
 * client history) that breaks it. PostgreSQL only (the checker reads the run's real database).
 */
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('the chaos checker', () => {
  let database: FreshDatabase;
  let pool: pg.Pool;
  const ids = { rider: '', driverA: '', driverB: '', territory: '' };

  beforeAll(async () => {
    database = await createFreshDatabase(databaseUrl!, 'checker');
    const handle = await openPostgres(database.url);
    const person = async (role: 'customer' | 'driver' | 'licensee', email: string) =>
      (await handle.db.insert(users).values({ role, email, passwordHash: 'x', firstName: 'T', lastName: 'T' }).returning())[0]!.id;
    ids.rider = await person('customer', 'rider@checker.test');
    ids.driverA = await person('driver', 'a@checker.test');
    ids.driverB = await person('driver', 'b@checker.test');
    const licensee = await person('licensee', 'l@checker.test');
    ids.territory = (await handle.db.insert(territories).values({ licenseeId: licensee, name: 'T' }).returning())[0]!.id;
    await handle.close();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
  });

  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  const byName = (results: PropertyResult[]) => Object.fromEntries(results.map((r) => [r.name, r]));
  const history: BotEvent[] = [];

  it('passes an empty marketplace', async () => {
    const results = await checkProperties(pool, [], { batchSize: 3 });
    expect(results.filter((r) => !r.passed)).toEqual([]);
  });

  it('fails each property on the rows and answers that break it', async () => {
    const handle = await openPostgres(database.url);
    const { db } = handle;
    const trip = {
      riderId: ids.rider,
      territoryId: ids.territory,
      pickupAddress: 'a',
      pickupLat: 40.75,
      pickupLng: -73.98,
      dropoffAddress: 'b',
      dropoffLat: 40.76,
      dropoffLng: -73.97,
      distance: 1,
      duration: 5,
      pickupZip: '10036',
      baseFare: 250,
      distanceFare: 100,
      timeFare: 50,
      subtotal: 400,
      platformFee: 12,
      adminFee: 12,
      totalFare: 424,
    };
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    // A ride left requested, with an offer pending past its expiry and four offers open at once.
    const [stuck] = await db
      .insert(rides)
      .values({ ...trip, status: 'requested', requestedAt: minutesAgo(10) })
      .returning();
    const offeredAt = minutesAgo(9);
    const expiresAt = minutesAgo(8);
    const drivers = [ids.driverA, ids.driverB];
    for (const driverId of drivers) {
      await db.insert(rideOffers).values({ rideId: stuck!.id, driverId, round: 1, status: 'pending', distanceMiles: 1, offeredAt, expiresAt });
    }
    // Two completed rides of driver A overlapping in time, one of them with two accepted offers.
    const [first] = await db
      .insert(rides)
      .values({
        ...trip,
        riderId: ids.driverB,
        status: 'completed',
        driverId: ids.driverA,
        fareHeldAt: minutesAgo(30),
        acceptedAt: minutesAgo(30),
        completedAt: minutesAgo(10),
      })
      .returning();
    await db.insert(rides).values({
      ...trip,
      status: 'completed',
      driverId: ids.driverA,
      fareHeldAt: minutesAgo(20),
      acceptedAt: minutesAgo(20),
      completedAt: minutesAgo(5),
    });
    for (const driverId of drivers) {
      await db
        .insert(rideOffers)
        .values({ rideId: first!.id, driverId, round: 1, status: 'accepted', distanceMiles: 1, offeredAt: minutesAgo(31), expiresAt: minutesAgo(30) });
    }
    // An online session left open.
    await db.insert(driverOnlineSessions).values({ driverId: ids.driverA, startedAt: minutesAgo(15) });
    await handle.close();
    // Two drivers told they won the same ride; a booking acknowledged that the database does not have.
    const at = Date.now();
    history.push(
      { at, actor: 'a', userId: ids.driverA, kind: 'accept', outcome: 'ok', rideId: stuck!.id },
      { at, actor: 'b', userId: ids.driverB, kind: 'accept', outcome: 'ok', rideId: stuck!.id },
      { at, actor: 'r', userId: ids.rider, kind: 'book', outcome: 'ok', rideId: '00000000-0000-4000-8000-000000000000' },
    );

    const results = byName(await checkProperties(pool, history, { batchSize: 1 }));
    expect(results['no ride lost or stuck']!.passed).toBe(false);
    expect(results['no ride lost or stuck']!.evidence).toHaveLength(2);
    expect(results['no ride with two drivers']!.passed).toBe(false);
    expect(results['no ride with two drivers']!.evidence.length).toBeGreaterThanOrEqual(2);
    expect(results['no driver with two active rides']!.passed).toBe(false);
    // The second ride of driver A was accepted without any offer of theirs.
    expect(results['every assignment through an open offer']!.evidence).toHaveLength(1);
    expect(results['no stuck or oversized offers']!.passed).toBe(false);
    // Two pending offers past their expiry, and each open next to the other with a batch of 1.
    expect(results['no stuck or oversized offers']!.evidence.length).toBeGreaterThanOrEqual(3);
    // Completed rides without a captured fare.
    expect(results['ledger balanced, escrow = captured - released']!.passed).toBe(false);
    expect(results['online sessions: no overlap, none left open']!.passed).toBe(false);
  });
});

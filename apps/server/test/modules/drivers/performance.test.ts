import { quoteFare, type DriverPerformance } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideOffers, rides } from '../../../src/db/schema';
import { priceColumns } from '../../../src/modules/rides/repository';
import { backends, createTestApp, type TestApp } from '../../support/test-app';
import { api, approvedLicensee, expectOk, HERALD_SQUARE, onlineDriver, PENN_STATION, rider, signInAdmin, TIMES_SQUARE, type Person } from '../../support/world';

const DAY = 86_400_000;

describe.each(backends)('driver performance on %s', (backend) => {
  let t: TestApp;
  const clock = new Date('2026-11-20T12:00:00Z');
  let territoryId: string;
  let riderId: string;
  const drivers: Record<'a' | 'b' | 'c' | 'd', Person> = {} as Record<'a' | 'b' | 'c' | 'd', Person>;

  /** A month of history for one driver: rides with ratings, and the offers they answered (accepts first, declines last). */
  async function script(driver: Person, plan: { ratings: number[]; declines: number; cancelled?: number }) {
    const fare = priceColumns(quoteFare({ distanceMiles: 1, durationMinutes: 5 }));
    const trip = {
      riderId,
      territoryId,
      pickupAddress: TIMES_SQUARE.address,
      pickupLat: TIMES_SQUARE.lat,
      pickupLng: TIMES_SQUARE.lng,
      pickupZip: '10036',
      dropoffAddress: PENN_STATION.address,
      dropoffLat: PENN_STATION.lat,
      dropoffLng: PENN_STATION.lng,
      ...fare,
    };
    const total = plan.ratings.length + (plan.cancelled ?? 0) + plan.declines;
    for (let i = 0; i < total; i += 1) {
      const at = new Date(clock.getTime() - 28 * DAY + i * 3_600_000);
      const isRide = i < plan.ratings.length + (plan.cancelled ?? 0);
      const isCompleted = i < plan.ratings.length;
      const [ride] = await t.database.db
        .insert(rides)
        .values({
          ...trip,
          driverId: isRide ? driver.id : null,
          status: isCompleted ? 'completed' : 'cancelled',
          rating: isCompleted ? plan.ratings[i]! : null,
          requestedAt: at,
          fareHeldAt: isRide ? at : null,
          acceptedAt: isRide ? at : null,
          // Picked up 4 minutes after accepting, against a 5-minute ETA: punctuality has data (on time).
          pickupEtaSeconds: isRide ? 300 : null,
          startedAt: isCompleted ? new Date(at.getTime() + 240_000) : null,
          completedAt: isCompleted ? new Date(at.getTime() + 900_000) : null,
          cancelledAt: isCompleted ? null : at,
          cancelledBy: isCompleted ? null : isRide ? 'driver' : 'system',
        })
        .returning();
      await t.database.db.insert(rideOffers).values({
        rideId: ride!.id,
        driverId: driver.id,
        round: 0,
        status: isRide ? 'accepted' : 'declined',
        distanceMiles: 0.5,
        offeredAt: at,
        expiresAt: at,
        respondedAt: new Date(at.getTime() + 5000),
      });
    }
  }

  beforeAll(async () => {
    t = await createTestApp(backend, {}, () => clock);
    const admin = await signInAdmin(t.app);
    territoryId = (await approvedLicensee(t.app, admin)).territoryId;
    riderId = (await rider(t.app)).id;
    for (const key of ['a', 'b', 'c', 'd'] as const) drivers[key] = await onlineDriver(t.app, admin, HERALD_SQUARE);
    await script(drivers.a, { ratings: Array(30).fill(5), declines: 0 });
    await script(drivers.b, { ratings: [...Array(15).fill(5), ...Array(10).fill(4)], declines: 5 });
    await script(drivers.c, { ratings: Array(5).fill(5), declines: 0 });
    await script(drivers.d, { ratings: Array(22).fill(4), declines: 18 });
  }, 60_000);
  afterAll(() => t?.close());

  const performance = async (driver: Person) => expectOk<DriverPerformance>(await api.get(t.app, '/api/drivers/performance', driver));

  it('makes a driver with perfect ratings and every offer accepted Gold, missing only community engagement for Platinum', async () => {
    const a = await performance(drivers.a);
    expect(a.metrics).toMatchObject({ customerRating: 5, acceptanceRate: 100, completionRate: 100, completedRides: 30, streakCount: 3, streakProgress: 0 });
    expect(a.tier).toBe('Gold');
    expect(a.topFraction).toBe(0);
    expect(a.goals.nextTier).toBe('Platinum');
    expect(a.goals.requirements.filter((r) => !r.met).map((r) => r.metric)).toEqual(['communityEngagement']);
    expect(a.rules.perks).toContain('priority_matching');
  });

  it('makes a driver with a 4.6 rating and 83% acceptance Silver, and tells them what Gold needs', async () => {
    const b = await performance(drivers.b);
    expect(b.metrics).toMatchObject({ customerRating: 4.6, acceptanceRate: 83.3, completedRides: 25, streakCount: 0 });
    expect(b.tier).toBe('Silver');
    expect(b.goals.requirements.filter((r) => !r.met).map((r) => r.metric)).toEqual(expect.arrayContaining(['customerRating', 'acceptanceRate']));
  });

  it('keeps a driver under 20 rides, or below the Bronze minimums, Probationary', async () => {
    const c = await performance(drivers.c);
    expect(c).toMatchObject({ tier: 'Probationary', topFraction: null });
    expect(c.goals.ridesNeeded).toBe(15);
    const d = await performance(drivers.d);
    expect(d.metrics.acceptanceRate).toBe(55);
    expect(d.tier).toBe('Probationary');
    expect(d.cohortSize).toBe(4);
  });

  it('is for drivers only', async () => {
    const person = await rider(t.app);
    expect((await api.get(t.app, '/api/drivers/performance', person)).statusCode).toBe(403);
  });
});

import type { Ride } from '@coride/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './support/test-app';
import { api, approvedLicensee, book, CHICAGO, expectOk, onlineDriver, PENN_STATION, rider, signInAdmin, TIMES_SQUARE, type Person } from './support/world';

describe.each(backends)('the marketplace loop on %s', (backend) => {
  let t: TestApp;
  let clock = new Date('2026-11-20T12:00:00Z');
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp(backend, { DISPATCH_SWEEP_MS: '0', OFFER_TIMEOUT_SECONDS: '15' }, () => clock);
    admin = await signInAdmin(t.app);
    await approvedLicensee(t.app, admin);
  });
  afterAll(() => t.close());

  it('books at the quoted price, offers the ride to the nearest driver, and runs it to completion', async () => {
    const driver = await onlineDriver(t.app, admin);
    const person = await rider(t.app);
    const quote = await expectOk<{ totalFare: number; quoteId: string; subtotal: number }>(
      await api.post(t.app, '/api/rides/quote', person, {
        pickupLocation: TIMES_SQUARE,
        dropoffLocation: PENN_STATION,
      }),
    );
    expect(quote.totalFare).toBe(quote.subtotal + Math.floor(quote.subtotal * 0.03) * 2);

    const booked = await expectOk<Ride>(await book(t.app, person), 201);
    expect(booked.status).toBe('requested');
    expect(booked.totalFare).toBe(quote.totalFare);

    await t.app.services.dispatcher.sweep();
    const offers = await expectOk<{ ride: Ride }[]>(await api.get(t.app, '/api/drivers/offers', driver));
    expect(offers.map((o) => o.ride.id)).toContain(booked.id);

    const accepted = await expectOk<Ride>(await api.post(t.app, `/api/rides/${booked.id}/accept`, driver));
    expect(accepted.status).toBe('accepted');
    expect(accepted.driver?.id).toBe(driver.id);
    const started = await expectOk<Ride>(await api.post(t.app, `/api/rides/${booked.id}/start`, driver, { pin: booked.pin }));
    expect(started.startedAt).not.toBeNull();
    const completed = await expectOk<Ride>(await api.post(t.app, `/api/rides/${booked.id}/complete`, driver));
    expect(completed.status).toBe('completed');

    const rated = await expectOk<Ride>(await api.post(t.app, `/api/rides/${booked.id}/rate`, person, { rating: 5, comment: 'Great' }));
    expect(rated.rating).toBe(5);
    const tipped = await expectOk<Ride>(await api.post(t.app, `/api/rides/${booked.id}/tip`, person, { amount: 300 }));
    expect(tipped.tip).toBe(300);
    expect((await api.post(t.app, `/api/rides/${booked.id}/tip`, person, { amount: 300 })).statusCode).toBe(409);
  });

  it('serves a building-sized zip code enclosed by the territory (Penn Plaza, 10119) from the surrounding territory', async () => {
    const person = await rider(t.app);
    const response = await api.post(t.app, '/api/rides/quote', person, { pickupLocation: PENN_STATION, dropoffLocation: TIMES_SQUARE });
    expect(t.app.services.zips.locate(PENN_STATION)?.zip).toBe('10119');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ territoryName: 'Midtown' });
  });

  it('refuses a pickup outside every territory with 422', async () => {
    const person = await rider(t.app);
    const response = await book(t.app, person, CHICAGO);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'AREA_NOT_SERVED', error: expect.stringMatching(/not serving this pickup area yet/) });
  });

  it('cancels with reason no_drivers when every driver declines', async () => {
    const driver = await onlineDriver(t.app, admin);
    const person = await rider(t.app);
    const booked = await expectOk<Ride>(await book(t.app, person), 201);
    await t.app.services.dispatcher.sweep();
    // Every online idle driver of the territory gets offered in turn; all decline.
    for (let i = 0; i < 20; i += 1) {
      const current = await expectOk<Ride>(await api.get(t.app, `/api/rides/${booked.id}`, person));
      if (current.status !== 'requested') break;
      const offers = await t.app.services.drivers.pendingOffers({ id: driver.id } as never);
      if (offers.length === 0) {
        clock = new Date(clock.getTime() + 16_000);
        await t.app.services.dispatcher.sweep();
        continue;
      }
      await api.post(t.app, `/api/rides/${booked.id}/decline`, driver);
    }
    const final = await expectOk<Ride>(await api.get(t.app, `/api/rides/${booked.id}`, person));
    expect(final.status).toBe('cancelled');
    expect(final.cancelReason).toBe('no_drivers');
  });
});

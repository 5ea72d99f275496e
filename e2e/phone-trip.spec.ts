import { expect, test, type Browser } from '@playwright/test';
import { phoneLayoutProblems } from './phone-layout';
import { adminHeaders, approvedDriver, expectNoSeriousA11yViolations, licenseeFor, onlineDriverPage, riderWithCard, signInWithToken } from './support';

/**
 * Contract §10, the trip as people live it on a phone (390x844): the driver says they arrived and
 * the rider sees it with the plate and the PIN; a finished ride is still rated and tipped after a
 * reload; an offer another driver took leaves the screen at once.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** LaGuardia and JFK: zip codes no other spec licenses. */
const LAGUARDIA = { latitude: 40.7769, longitude: -73.874 };
const JFK = { latitude: 40.6413, longitude: -73.7781 };
const AT_LAGUARDIA = { address: 'LaGuardia Airport, Queens, NY 11371', lat: LAGUARDIA.latitude, lng: LAGUARDIA.longitude };
const AT_JFK = { address: 'JFK Airport, Queens, NY 11430', lat: JFK.latitude, lng: JFK.longitude };

/**
 * The rider books through the API (the booking form has specs of its own) and follows the ride on
 * /ride in their own phone-sized browser.
 */
async function riderPhone(browser: Browser, auth: { authorization: string }) {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
  await signInWithToken(page, auth.authorization.replace('Bearer ', ''));
  await page.goto('/ride');
  return page;
}

test('the driver arrives, the rider sees the plate and the PIN, and still rates and tips after a reload', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const admin = await adminHeaders(request);
  await licenseeFor(request, admin, { emailPrefix: 'phone-licensee', territoryName: 'LaGuardia', zipCodes: '11371, 11369, 11370, 11372' });
  const { email: driverEmail } = await approvedDriver(request, admin, {
    emailPrefix: 'phone-driver',
    driveArea: '11371',
    firstName: 'Ada',
    lastName: 'Arrive',
  });
  const { page: driverPage } = await onlineDriverPage(browser, driverEmail, LAGUARDIA);
  const rider = await riderWithCard(request, { emailPrefix: 'phone-rider' });
  const booked = await request.post('/api/rides', { headers: rider.auth, data: { pickupLocation: AT_LAGUARDIA, dropoffLocation: AT_JFK } });
  expect(booked.status()).toBe(201);
  // Taken while the offer is open (15 s), before the rider's page loads on a busy machine.
  await driverPage.getByTestId('accept-ride').click({ timeout: 30_000 });
  const riderPage = await riderPhone(browser, rider.auth);
  // The ride views are a lazy chunk: a slow phone (or a busy CI machine) may take a while.
  await expect(riderPage.getByTestId('ride-status')).toHaveText('Driver on the way', { timeout: 60_000 });
  const plate = (await riderPage.getByTestId('ride-driver-plate').innerText()).trim();
  const pin = (await riderPage.getByTestId('ride-pin').innerText()).trim();
  expect(plate).not.toBe('');
  expect(pin).toMatch(/^\d{4}$/);
  await expect(riderPage.getByTestId('ride-timeline').locator('[data-step="arrived"]')).toHaveAttribute('data-done', 'false');

  // The driver, at the pickup, taps I've arrived: the button goes, the rider is told at once.
  await driverPage.getByTestId('arrived-at-pickup').click();
  await expect(driverPage.getByTestId('arrived-at-pickup')).toBeHidden();
  await expect(driverPage.getByTestId('active-ride-status')).toHaveText('At pickup');
  await expect(riderPage.getByRole('heading', { name: 'Your driver is here' })).toBeVisible();
  await expect(riderPage.getByTestId('arrived-plate')).toHaveText(plate);
  await expect(riderPage.getByTestId('arrived-pin')).toHaveText(pin);
  await expect(riderPage.getByTestId('ride-timeline').locator('[data-step="arrived"]')).toHaveAttribute('data-done', 'true');
  await expectNoSeriousA11yViolations(riderPage);
  await expectNoSeriousA11yViolations(driverPage);
  // The rider's live ride (map, plate, PIN) and the driver's card at the pickup: nothing covers anything at 360-430 px.
  expect([...(await phoneLayoutProblems(riderPage, 'rider, driver arrived')), ...(await phoneLayoutProblems(driverPage, 'driver, at the pickup'))]).toEqual([]);

  // The driver starts with the PIN the rider tells them, then completes.
  await driverPage.getByTestId('ride-pin-input').fill(pin);
  await driverPage.getByTestId('start-ride').click();
  await expect(riderPage.getByTestId('ride-status')).toHaveText('On your trip');
  await driverPage.getByTestId('complete-ride').click();
  await expect(riderPage.getByTestId('rate-star-5')).toBeVisible();

  // A reload (or a later visit) still offers the rating and the tip.
  await riderPage.reload();
  await riderPage.getByTestId('rate-star-5').click();
  await riderPage.getByTestId('submit-rating').click();
  await expect(riderPage.getByTestId('rating-done')).toBeVisible();
  await riderPage.getByTestId('tip-preset-0').click();
  await riderPage.getByTestId('submit-tip').click();
  await expect(riderPage.getByTestId('tip-done')).toBeVisible();
  await expectNoSeriousA11yViolations(riderPage);

  const rides = (await (await request.get('/api/rides', { headers: rider.auth })).json()) as { rating: number | null; tip: number; arrivedAt: string | null }[];
  expect(rides[0]).toMatchObject({ rating: 5 });
  expect(rides[0]!.tip).toBeGreaterThan(0);
  expect(rides[0]!.arrivedAt).not.toBeNull();
});

test('two drivers get one offer; when one accepts, the other’s card leaves within a second', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const admin = await adminHeaders(request);
  await licenseeFor(request, admin, { emailPrefix: 'offer-licensee', territoryName: 'JFK', zipCodes: '11430, 11434, 11436, 11420' });
  const first = await approvedDriver(request, admin, { emailPrefix: 'offer-first', driveArea: '11430' });
  const second = await approvedDriver(request, admin, { emailPrefix: 'offer-second', driveArea: '11430' });
  const { page: firstPage } = await onlineDriverPage(browser, first.email, JFK);
  const { page: secondPage } = await onlineDriverPage(browser, second.email, { latitude: JFK.latitude + 0.001, longitude: JFK.longitude });

  const rider = await riderWithCard(request, { emailPrefix: 'offer-rider' });
  const booked = await request.post('/api/rides', { headers: rider.auth, data: { pickupLocation: AT_JFK, dropoffLocation: AT_LAGUARDIA } });
  expect(booked.status()).toBe(201);

  const secondCard = secondPage.getByTestId('ride-request-card');
  await expect(firstPage.getByTestId('ride-request-card')).toBeVisible({ timeout: 30_000 });
  await expect(secondCard).toBeVisible({ timeout: 30_000 });

  // Timed from the tap: the accept's round trip and the withdrawal together stay under a second.
  await firstPage.getByTestId('accept-ride').click();
  await expect(secondCard).toBeHidden({ timeout: 1_000 });
  await expect(firstPage.getByTestId('active-ride-card')).toBeVisible();
  await expect(secondPage.getByTestId('waiting-for-requests')).toBeVisible();
  await expectNoSeriousA11yViolations(secondPage);
});

test('a tap on an offer that closed a moment before says what happened, not an error', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const admin = await adminHeaders(request);
  // Zip codes of its own (specs run two at a time): no other spec's driver is offered this ride.
  await licenseeFor(request, admin, { emailPrefix: 'late-tap-licensee', territoryName: 'Chicago Loop', zipCodes: '60601, 60602' });
  const winner = await approvedDriver(request, admin, { emailPrefix: 'late-tap-winner', driveArea: '60601' });
  const late = await approvedDriver(request, admin, { emailPrefix: 'late-tap-driver', driveArea: '60601' });
  const winnerAuth = { authorization: `Bearer ${winner.token}` };
  expect(
    (await request.patch('/api/drivers/status', { headers: winnerAuth, data: { status: 'online', location: { lat: 41.8866, lng: -87.6231 } } })).status(),
  ).toBe(200);
  // The late driver's withdrawal is lost on the way (a slow network): the card is still there to tap.
  const { page } = await onlineDriverPage(browser, late.email, { latitude: 41.8827, longitude: -87.6233 }, (context) =>
    context.routeWebSocket(/\/ws$/, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (!String(message).includes('"offer_withdrawn"')) socket.send(message);
      });
    }),
  );

  const rider = await riderWithCard(request, { emailPrefix: 'late-tap-rider' });
  const pickup = { address: 'Millennium Park, Chicago, IL 60601', lat: 41.8826, lng: -87.6226 };
  const dropoff = { address: 'Navy Pier, Chicago, IL 60611', lat: 41.8917, lng: -87.6086 };
  const booked = await request.post('/api/rides', { headers: rider.auth, data: { pickupLocation: pickup, dropoffLocation: dropoff } });
  expect(booked.status()).toBe(201);
  const rideId = ((await booked.json()) as { id: string }).id;
  const card = page.getByTestId('ride-request-card');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      async () => ((await (await request.get('/api/drivers/offers', { headers: winnerAuth })).json()) as { ride: { id: string } }[]).map((o) => o.ride.id),
      {
        timeout: 30_000,
      },
    )
    .toContain(rideId);
  expect((await request.post(`/api/rides/${rideId}/accept`, { headers: winnerAuth })).status()).toBe(200);

  await page.getByTestId('accept-ride').click();
  await expect(card).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('The ride from Millennium Park, Chicago, IL 60601 was taken by another driver.');
  await expect(page.getByTestId('toast')).not.toContainText('Failed to accept ride');
  await expect(page.getByTestId('waiting-for-requests')).toBeVisible();
});

import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  adminHeaders,
  approvedDriver,
  expectNoSeriousA11yViolations,
  forThisTry,
  licenseeFor,
  registrationPayloads,
  signInWithToken,
  uniqueEmail,
  ridePin,
} from './support';

const ROCKEFELLER_CENTER = { address: 'Rockefeller Center, 45 Rockefeller Plaza, New York, NY 10111', lat: 40.7587, lng: -73.9787 };
const GRAND_CENTRAL = { address: 'Grand Central Terminal, New York, NY 10017', lat: 40.7527, lng: -73.9772 };
const LONG_COMMENT = 'Friendly driver, spotless car and a smooth ride through heavy midtown traffic.';

type Auth = { authorization: string };
const bearer = (token: string): Auth => ({ authorization: `Bearer ${token}` });

type Place = { zips: string; name: string; at: { lat: number; lng: number }; driveArea: string };
/**
 * Zip codes no other spec licenses (specs run two at a time): a ride here is offered to this spec's
 * driver only, and this driver is offered no other spec's ride.
 */
const ROCKEFELLER_TERRITORY: Place = {
  zips: '10112, 10111',
  name: 'Rockefeller Center',
  at: { lat: 40.7587, lng: -73.9787 },
  driveArea: '10112',
};

/** A licensed territory with one approved driver online there, all through the API. */
async function territoryWithDriver(request: APIRequestContext, place: Place = ROCKEFELLER_TERRITORY): Promise<{ driver: Auth; licenseeToken: string }> {
  const admin = await adminHeaders(request);
  const licensee = await licenseeFor(request, admin, { emailPrefix: 'rewards-licensee', territoryName: place.name, zipCodes: place.zips });

  const driver = bearer((await approvedDriver(request, admin, { emailPrefix: 'rewards-driver', firstName: 'Rosa', driveArea: place.driveArea })).token);
  await goOnline(request, driver, place.at);
  return { driver, licenseeToken: licensee.token };
}

/** The driver takes the rider's requested ride and drives it to the end, through the API. */
async function driveRide(request: APIRequestContext, driver: Auth, rider: Auth, rideId: string, at = ROCKEFELLER_TERRITORY.at) {
  await expect
    .poll(
      async () => {
        const offers = (await (await request.get('/api/drivers/offers', { headers: driver })).json()) as { ride: { id: string } }[];
        return offers.some((o) => o.ride.id === rideId);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  for (const step of ['accept', 'start', 'complete']) {
    const data = step === 'start' ? await ridePin(request, rider, rideId) : undefined;
    expect((await request.post(`/api/rides/${rideId}/${step}`, { headers: driver, data })).status()).toBe(200);
  }
  // Back where the trip began and available, as the driver app reports after a trip.
  await goOnline(request, driver, at);
}

async function goOnline(request: APIRequestContext, driver: Auth, location: { lat: number; lng: number }) {
  expect((await request.patch('/api/drivers/status', { headers: driver, data: { status: 'online', location } })).status()).toBe(200);
}

/** The rider's last name differs from try to try, so a retry finds its own submission, not the first try's. */
const riderLastName = () => forThisTry(['Pérez', 'Quintero', 'Solís']);

async function riderWithCard(request: APIRequestContext, extra: Record<string, unknown> = {}): Promise<{ auth: Auth; token: string }> {
  const signup = await request.post('/api/register', {
    data: { ...registrationPayloads.customer(uniqueEmail('rewards-rider')), firstName: 'Ana', lastName: riderLastName(), ...extra },
  });
  expect(signup.status()).toBe(201);
  const token = ((await signup.json()) as { token: string }).token;
  expect(
    (
      await request.post('/api/payment-methods', { headers: bearer(token), data: { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123' } })
    ).status(),
  ).toBe(201);
  return { auth: bearer(token), token };
}

test('a rider earns points (referral, rating), redeems a credit and sees it apply on the booking page', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { driver } = await territoryWithDriver(request);
  const rider = await riderWithCard(request);

  // A friend signs up with the rider's code and completes a first ride: 50 points to the rider.
  const { referral } = (await (await request.get('/api/rewards', { headers: rider.auth })).json()) as { referral: { code: string } };
  const friend = await riderWithCard(request, { referralCode: referral.code });
  const friendRide = (await (
    await request.post('/api/rides', { headers: friend.auth, data: { pickupLocation: ROCKEFELLER_CENTER, dropoffLocation: GRAND_CENTRAL } })
  ).json()) as { id: string };
  await driveRide(request, driver, friend.auth, friendRide.id);

  // The rider books in the UI; the driver completes the ride; the rider rates it in the UI (a detailed review and a safety rating).
  await signInWithToken(page, rider.token);
  await page.goto('/ride');
  await page.getByTestId('pickup-input').fill('Rockefeller Center');
  await page.getByTestId('pickup-input').press('Enter');
  await page.getByTestId('dropoff-input').fill('Grand Central');
  await page.getByTestId('dropoff-input').press('Enter');
  await expect(page.getByTestId('fare-total')).toContainText('$');
  await expect(page.getByTestId('rewards-applies')).toHaveCount(0);
  await page.getByTestId('request-ride').click();
  await expect(page.getByTestId('ride-status')).toHaveText('Finding a driver');
  const { ride: active } = (await (await request.get('/api/rides/active', { headers: rider.auth })).json()) as { ride: { id: string } };
  await driveRide(request, driver, rider.auth, active.id);
  await expect(page.getByTestId('ride-status')).toHaveText('Completed');
  await page.getByTestId('rate-star-5').click();
  await page.getByTestId('safety-rating').getByText('5', { exact: true }).click();
  await page.getByTestId('rating-comment').fill(LONG_COMMENT);
  await page.getByTestId('submit-rating').click();
  await expect(page.getByTestId('rating-done')).toBeVisible();

  // The Rewards tab: 50 + 2 + 5 points, the history, and an accessible screen.
  await page.goto('/dashboard?tab=rewards');
  await expect(page.getByTestId('rewards-points')).toHaveText('57');
  await expect(page.getByTestId('rewards-history')).toContainText('Referral');
  await expect(page.getByTestId('rewards-history')).toContainText('Detailed review');
  await expect(page.getByTestId('redeem-credit_5')).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Redeem $1 of credit, confirmed in a dialog.
  await page.getByTestId('redeem-credit_1').click();
  await expect(page.getByRole('alertdialog')).toContainText('25 points');
  await page.getByTestId('confirm-redeem').click();
  await expect(page.getByTestId('rewards-points')).toHaveText('32');
  await expect(page.getByTestId('rewards-credit')).toContainText('$1.00');

  // The booking page says the credit will apply; the booking takes it and the card holds the rest.
  await page.goto('/ride');
  await page.getByTestId('pickup-input').fill('Rockefeller Center');
  await page.getByTestId('pickup-input').press('Enter');
  await page.getByTestId('dropoff-input').fill('Grand Central');
  await page.getByTestId('dropoff-input').press('Enter');
  await expect(page.getByTestId('rewards-applies')).toContainText('$1.00');
  await page.getByTestId('request-ride').click();
  await expect(page.getByTestId('ride-status')).toHaveText('Finding a driver');
  const { ride: booked } = (await (await request.get('/api/rides/active', { headers: rider.auth })).json()) as { ride: { id: string; creditApplied: number } };
  expect(booked.creditApplied).toBe(100);
  expect((await request.post(`/api/rides/${booked.id}/cancel`, { headers: rider.auth, data: {} })).status()).toBe(200);
});

test('a rider sends a route suggestion; the licensee accepts it in the console and the rider earns 10 points', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // Zip codes no other spec licenses: this licensee reviews what comes from them.
  const place: Place = { zips: '02133, 02203, 02108', name: 'Downtown Boston', at: { lat: 42.3576, lng: -71.0603 }, driveArea: '02133' };
  const { driver, licenseeToken } = await territoryWithDriver(request, place);
  const rider = await riderWithCard(request);
  const pickup = { address: 'Tremont St & Park St, Boston, MA 02108', lat: 42.3564, lng: -71.0622 };
  const dropoff = { address: 'State St & Congress St, Boston, MA 02109', lat: 42.3589, lng: -71.0575 };
  const booked = await request.post('/api/rides', { headers: rider.auth, data: { pickupLocation: pickup, dropoffLocation: dropoff } });
  expect(booked.status()).toBe(201);
  await driveRide(request, driver, rider.auth, ((await booked.json()) as { id: string }).id, place.at);

  const riderPage = await (await browser.newContext()).newPage();
  await signInWithToken(riderPage, rider.token);
  await riderPage.goto('/dashboard?tab=rewards');
  await expect(riderPage.getByTestId('rewards-points')).toHaveText('0');
  // The shared schema refuses an empty form, then the suggestion goes out.
  await riderPage.getByTestId('submission-send').click();
  await expect(riderPage.getByTestId('submission-form').getByRole('alert').first()).toBeVisible();
  await riderPage.getByTestId('submission-kind').selectOption('route_suggestion');
  await riderPage.getByTestId('submission-text').fill('Pick up on Tremont St instead of Park St at rush hour: it is much faster.');
  await riderPage.getByTestId('submission-send').click();
  await expect(riderPage.getByTestId('own-submissions')).toContainText('Pending');

  const licenseePage = await (await browser.newContext()).newPage();
  await signInWithToken(licenseePage, licenseeToken);
  await licenseePage.goto('/licensee-dashboard');
  await licenseePage.getByRole('tab', { name: 'Community' }).click();
  await expect(licenseePage.getByTestId('submissions-pending')).toContainText('Tremont St');
  await expectNoSeriousA11yViolations(licenseePage);
  const accept = licenseePage.getByRole('button', { name: `Accept Route suggestion from Ana ${riderLastName()[0]}.` });
  await accept.click();
  await expect(accept).toHaveCount(0);

  await riderPage.reload();
  await expect(riderPage.getByTestId('rewards-points')).toHaveText('10');
  await expect(riderPage.getByTestId('own-submissions')).toContainText('Accepted');
});

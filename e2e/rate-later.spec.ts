import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminHeaders, approvedDriver, expectNoSeriousA11yViolations, licenseeFor, ridePin, riderWithCard, signInWithToken } from './support';

/**
 * Contract §10: a completed ride is rated and tipped from the rides list for 7 days, and a reported
 * ride shows its report's state there (under review, then the outcome, live).
 */

const BOERUM_HILL = { lat: 40.6857, lng: -73.9836 };
const trip = {
  pickupLocation: { address: 'Barclays Center, Brooklyn, NY 11217', lat: 40.6826, lng: -73.9754 },
  dropoffLocation: { address: 'Atlantic Terminal, Brooklyn, NY 11217', lat: 40.6841, lng: -73.9778 },
};

/** Books the trip and drives it to completion through the API (the dispatch sweep offers it within a second or so). */
async function completedRide(request: APIRequestContext, riderAuth: { authorization: string }, driver: { authorization: string }): Promise<string> {
  const booked = await request.post('/api/rides', { headers: riderAuth, data: trip });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: string };
  await expect(async () => expect((await request.post(`/api/rides/${id}/accept`, { headers: driver })).status()).toBe(200)).toPass({ timeout: 20_000 });
  expect((await request.post(`/api/rides/${id}/start`, { headers: driver, data: await ridePin(request, riderAuth, id) })).status()).toBe(200);
  expect((await request.post(`/api/rides/${id}/complete`, { headers: driver })).status()).toBe(200);
  return id;
}

test('a rider rates and tips a past ride from the rides list, and sees a report’s outcome arrive there', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const admin = await adminHeaders(request);
  const licensee = await licenseeFor(request, admin, { emailPrefix: 'later-licensee', territoryName: 'Downtown Brooklyn', zipCodes: '11217' });
  const licenseeAuth = { authorization: `Bearer ${licensee.token}` };
  const driver = await approvedDriver(request, admin, { emailPrefix: 'later-driver', driveArea: '11217', firstName: 'Dana' });
  const driverAuth = { authorization: `Bearer ${driver.token}` };
  expect((await request.patch('/api/drivers/status', { headers: driverAuth, data: { status: 'online', location: BOERUM_HILL } })).status()).toBe(200);

  const rider = await riderWithCard(request, { emailPrefix: 'later-rider' });
  const rated = await completedRide(request, rider.auth, driverAuth);
  const reported = await completedRide(request, rider.auth, driverAuth);
  expect((await request.patch('/api/drivers/status', { headers: driverAuth, data: { status: 'offline' } })).status()).toBe(200);
  const opened = await request.post(`/api/rides/${reported}/disputes`, {
    headers: rider.auth,
    data: { reason: 'overcharged', description: 'The driver took a much longer way round.' },
  });
  expect(opened.status()).toBe(201);
  const dispute = (await opened.json()) as { id: string };

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithToken(page, rider.auth.authorization.replace('Bearer ', ''));
  await page.goto('/dashboard?tab=rides');
  const list = page.getByTestId('all-rides');
  const items = list.getByTestId('ride-item');
  await expect(items).toHaveCount(2);
  // Newest first: the reported ride, then the one to rate.
  const reportedItem = items.nth(0);
  const ratedItem = items.nth(1);
  await expect(reportedItem.getByTestId('ride-item-dispute')).toHaveText('Reported: under review, your payment stays in escrow');
  await expect(ratedItem.getByTestId('ride-item-dispute')).toHaveCount(0);

  await ratedItem.getByTestId('rate-and-tip').click();
  const dialog = page.getByTestId('feedback-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You can rate and tip this ride until');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByTestId('rate-star-5').click();
  await dialog.getByTestId('submit-rating').click();
  await expect(dialog.getByTestId('rating-done')).toBeVisible();
  await dialog.getByTestId('tip-preset-0').click();
  await dialog.getByTestId('submit-tip').click();
  // The rated and tipped ride leaves the list's to-do state while the dialog still shows its thanks.
  await expect(dialog.getByTestId('tip-done')).toBeVisible();
  await expect(ratedItem).toContainText('You rated 5/5');
  // Escape closes the topmost layer first: the rating's and the tip's toasts while they show, then the dialog.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass();
  await expect(ratedItem).toContainText('You rated 5/5');
  await expect(ratedItem).toContainText(/Includes \$\d+\.\d{2} tip/);
  await expect(ratedItem.getByTestId('rate-and-tip')).toHaveCount(0);
  const server = (await (await request.get(`/api/rides/${rated}`, { headers: rider.auth })).json()) as { rating: number; tip: number };
  expect(server.rating).toBe(5);
  expect(server.tip).toBeGreaterThan(0);

  // The licensee decides: the outcome reaches the open list without a reload.
  const resolved = await request.post(`/api/disputes/${dispute.id}/resolve`, {
    headers: licenseeAuth,
    data: { resolution: 'release', note: 'The route matched the traffic that day.' },
  });
  expect(resolved.status()).toBe(200);
  await expect(reportedItem.getByTestId('ride-item-dispute')).toHaveText('No refund: the payment went to the driver');
  await context.close();
});

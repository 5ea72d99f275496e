import { expect, test } from '@playwright/test';
import {
  adminHeaders,
  approvedDriver,
  expectNoSeriousA11yViolations,
  licenseeFor,
  registrationPayloads,
  signInWithToken,
  uniqueEmail,
  ridePin,
} from './support';

/** In the Upper East Side territory licensed by the driver test (zip codes 10128 and 10029). */
const PICKUP = { address: 'E 90th St & 3rd Ave, New York, NY 10128', lat: 40.782, lng: -73.9515 };
const DROPOFF = { address: 'E 104th St & 2nd Ave, New York, NY 10029', lat: 40.7915, lng: -73.9447 };

test("a driver sees their tier, the Goals tab's missing conditions and the tracker ticking; a completed ride moves the tracker live", async ({
  browser,
  request,
}) => {
  // Two of the console's tabs, a ride and an axe scan: over two minutes on a loaded 2-core machine.
  test.setTimeout(240_000);
  // A licensed Upper East Side territory (its own zip codes: no other spec books there) and its driver.
  const admin = await adminHeaders(request);
  await licenseeFor(request, admin, { emailPrefix: 'performance-licensee', territoryName: 'Upper East Side', zipCodes: '10128, 10029' });
  const driver = await approvedDriver(request, admin, { emailPrefix: 'performance-driver', driveArea: '10128' });
  const context = await browser.newContext({ geolocation: { latitude: PICKUP.lat, longitude: PICKUP.lng }, permissions: ['geolocation'] });
  const page = await context.newPage();
  await signInWithToken(page, driver.token);
  await page.goto('/driver-dashboard');

  // The console's sections are tabs (ADR 037): Earnings opens first, Performance is the next one.
  const consoleTabs = page.getByRole('tablist', { name: 'More of your console' });
  // The console's first load fetches several chunks and namespaces: give a busy machine time.
  await consoleTabs.getByRole('tab', { name: 'Performance' }).click({ timeout: 30_000 });
  const dashboard = page.getByTestId('performance-dashboard');
  await expect(dashboard).toBeVisible({ timeout: 30_000 });
  await expect(dashboard.getByTestId('performance-tier')).toHaveText('Probationary');
  await expect(dashboard.getByTestId('streak-progress')).toHaveText('0/10');
  await expect(dashboard.getByTestId('tier-perks')).toContainText('Mandatory training');

  // A new driver has no completed ride yet, and a minimum with nothing measured is not met on the
  // tiers' default figures: it is missing, said to be not measured yet (the safety score starts met).
  await dashboard.getByRole('tab', { name: 'Goals' }).click();
  await expect(dashboard.getByTestId('goals-missing')).toContainText('Complete 20 more rides to finish the trial period');
  await expect(dashboard.getByTestId('goals-missing')).toContainText('Customer rating 4.00 ★ or more (not measured yet)');
  await expect(dashboard.getByTestId('goals-met')).not.toContainText('Customer rating');
  await dashboard.getByRole('tab', { name: 'Metrics' }).click();
  // Nothing measured yet: no figure is shown as the newcomer's (the tiers' default of 5.0 is not their rating).
  await expect(dashboard.getByTestId('metric-customerRating')).toContainText('Not measured yet');
  await expect(dashboard.getByTestId('performance-score')).toHaveCount(0);
  await dashboard.getByRole('tab', { name: 'Overview' }).click();
  await expect(dashboard.getByTestId('performance-score')).toHaveText('No rating yet');

  await consoleTabs.getByRole('tab', { name: 'Earnings' }).click();
  await expect(page.getByTestId('earnings-chart')).toBeVisible();
  const tracker = page.getByTestId('earnings-tracker');
  await expect(tracker.getByTestId('tracker-tier')).toHaveText('Probationary');
  // Today's earnings are on the first screen, once.
  await expect(page.getByTestId('today-earnings')).toContainText('$0.00');
  const clock = tracker.getByTestId('tracker-clock');
  const first = await clock.textContent();
  await expect.poll(async () => clock.textContent(), { timeout: 5_000 }).not.toBe(first);
  await expect(tracker.getByTestId('tracker-goals')).toContainText('Accept streak: 0 of 10.');
  await expectNoSeriousA11yViolations(page);

  // Live: the driver goes online, a rider books (through the API), the driver completes the ride in the UI.
  await page.getByTestId('go-online-switch').click();
  await expect(page.getByTestId('driver-status-badge')).toHaveText(/online/i);
  const rider = await request.post('/api/register', { data: registrationPayloads.customer(uniqueEmail('performance-rider')) });
  const riderHeaders = { authorization: `Bearer ${((await rider.json()) as { token: string }).token}` };
  expect(
    (await request.post('/api/payment-methods', { headers: riderHeaders, data: { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123' } })).status(),
  ).toBe(201);
  const booked = await request.post('/api/rides', { headers: riderHeaders, data: { pickupLocation: PICKUP, dropoffLocation: DROPOFF } });
  expect(booked.status()).toBe(201);
  const { subtotal } = (await booked.json()) as { subtotal: number };
  await page.getByTestId('accept-ride').click({ timeout: 30_000 });
  const { id: rideId } = (await booked.json()) as { id: string };
  await page.getByTestId('ride-pin-input').fill((await ridePin(request, riderHeaders, rideId)).pin);
  await page.getByTestId('start-ride').click();
  await page.getByTestId('complete-ride').click();
  await expect(page.getByTestId('today-earnings').locator('[data-cents]')).toHaveAttribute('data-cents', String(subtotal));
  await expect(tracker.getByTestId('tracker-fares')).toHaveAttribute('data-cents', String(subtotal));
  await expect(page.getByTestId('earnings-recent')).toContainText('E 90th St & 3rd Ave');
  await expect(tracker.getByTestId('tracker-goals')).toContainText('Accept streak: 1 of 10.');
  await context.close();
});

test('a licensee opens Analytics and sees the community health score, its inputs and the insights', async ({ page, request }) => {
  const licensee = await licenseeFor(request, await adminHeaders(request), {
    emailPrefix: 'analytics-licensee',
    territoryName: 'Harlem',
    zipCodes: '10026, 10027',
  });
  await signInWithToken(page, licensee.token);
  await page.goto('/licensee-dashboard');

  await page.getByRole('tab', { name: 'Analytics' }).click({ timeout: 30_000 });
  const analytics = page.getByTestId('licensee-analytics');
  await expect(analytics).toBeVisible({ timeout: 30_000 });
  // No rides yet: every input counts as 5.0, so the score is 100 and green.
  await expect(analytics.getByTestId('health-score')).toContainText('100');
  await expect(analytics.getByTestId('health-score')).toHaveAttribute('data-colour', 'green');
  await expect(analytics.getByTestId('analytics-commission-month')).toContainText('$0.00');
  await expect(analytics.getByTestId('analytics-rides-month')).toContainText('Nothing last month to compare with');

  await analytics.getByRole('tab', { name: 'Community' }).click();
  await expect(analytics.getByTestId('health-driverRating')).toContainText('Not measured yet');
  await expect(analytics.getByTestId('retention')).toContainText('no retention to measure yet');
  await analytics.getByRole('tab', { name: 'Revenue' }).click();
  await expect(analytics.getByTestId('revenue-chart')).toBeVisible();
  await analytics.getByRole('tab', { name: 'Insights' }).click();
  await expect(analytics.getByTestId('insight')).toHaveAttribute('data-kind', 'steady');

  await expectNoSeriousA11yViolations(page);
});

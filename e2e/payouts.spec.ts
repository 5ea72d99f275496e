import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminHeaders, approvedDriver, expectNoSeriousA11yViolations, licenseeFor, PASSWORD, riderWithCard, signInThroughForm, ridePin } from './support';

/**
 * A driver with released earnings adds a payout account and cashes out. Released money needs the 3-day
 * escrow to pass: this spec moves the server's clock, so it runs in the 'clock' project with
 * escrow-release.spec.ts (playwright.config.ts CLOCK_MOVERS), never beside a live dispatch.
 */

const BROOKLYN_HEIGHTS = { lat: 40.694, lng: -73.9903 };

/** The driver takes a booked ride through the API once it is offered (the dispatch sweep runs every second). */
async function driveRide(request: APIRequestContext, driver: { authorization: string }, rideId: string, riderAuth: { authorization: string }) {
  await expect(async () => expect((await request.post(`/api/rides/${rideId}/accept`, { headers: driver })).status()).toBe(200)).toPass({ timeout: 20_000 });
  expect((await request.post(`/api/rides/${rideId}/start`, { headers: driver, data: await ridePin(request, riderAuth, rideId) })).status()).toBe(200);
  expect((await request.post(`/api/rides/${rideId}/complete`, { headers: driver })).status()).toBe(200);
}

test('a driver with released earnings adds a payout account and cashes out', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await adminHeaders(request);
  await licenseeFor(request, admin, { emailPrefix: 'payouts-licensee', territoryName: 'Brooklyn Heights', zipCodes: '11201' });
  const driver = await approvedDriver(request, admin, { emailPrefix: 'payouts-driver', driveArea: '11201', firstName: 'Pat' });
  const driverAuth = { authorization: `Bearer ${driver.token}` };
  expect((await request.patch('/api/drivers/status', { headers: driverAuth, data: { status: 'online', location: BROOKLYN_HEIGHTS } })).status()).toBe(200);

  const rider = await riderWithCard(request, { emailPrefix: 'payouts-rider' });
  const booked = await request.post('/api/rides', {
    headers: rider.auth,
    data: {
      pickupLocation: { address: 'Brooklyn Heights Promenade, Brooklyn, NY 11201', lat: 40.6955, lng: -73.9968 },
      dropoffLocation: { address: 'Borough Hall, Brooklyn, NY 11201', lat: 40.6928, lng: -73.9903 },
    },
  });
  expect(booked.status()).toBe(201);
  const ride = (await booked.json()) as { id: string; subtotal: number };
  await driveRide(request, driverAuth, ride.id, rider.auth);
  expect((await request.patch('/api/drivers/status', { headers: driverAuth, data: { status: 'offline' } })).status()).toBe(200);

  // 3 days later the fare is released to the driver's account.
  const moved = await request.post('/api/dev/clock', { headers: admin, data: { seconds: 3 * 86_400 + 60 } });
  expect(moved.status()).toBe(200);

  const page = await (await browser.newContext()).newPage();
  await signInThroughForm(page, driver.email, PASSWORD);
  await expect(page).toHaveURL(/\/driver-dashboard$/);
  // Payouts is one of the console's tabs (ADR 037).
  await page.getByRole('tablist', { name: 'More of your console' }).getByRole('tab', { name: 'Payouts' }).click();
  const panel = page.getByTestId('payouts-panel');
  await expect(panel.getByTestId('payout-available')).toHaveText(`$${(ride.subtotal / 100).toFixed(2)}`);
  await expect(panel.getByTestId('cash-out')).toHaveAttribute('aria-disabled', 'true');

  // A routing number with a bad checksum is refused in the form, before anything is sent.
  const form = panel.getByTestId('payout-account-form');
  await form.getByLabel('Account holder name').fill('Pat Payee');
  await form.getByLabel('Routing number').fill('021000022');
  await form.getByLabel('Account number').fill('000123456789');
  await form.getByRole('button', { name: 'Save account' }).click();
  await expect(form.getByText('This routing number is not valid')).toBeVisible();
  await form.getByLabel('Routing number').fill('021000021');
  await form.getByRole('button', { name: 'Save account' }).click();
  await expect(panel.getByTestId('payout-account')).toContainText('Pat Payee · account ending in 6789');
  await expectNoSeriousA11yViolations(page);

  // More than the balance is refused with a clear message; an empty amount cashes out everything.
  await panel.getByTestId('cash-out-amount').fill(String(ride.subtotal / 100 + 1));
  await panel.getByTestId('cash-out').click();
  await expect(panel.getByTestId('cash-out-error')).toContainText('You can cash out at most');
  await panel.getByTestId('cash-out-amount').fill('');
  await panel.getByTestId('cash-out').click();
  await expect(panel.getByTestId('cash-out-result')).toContainText('is on its way to the account ending in 6789');
  await expect(panel.getByTestId('payout-available')).toHaveText('$0.00');
  await expect(panel.getByTestId('payout-history')).toContainText('Sent');
  await expect(panel.getByTestId('payout-history')).toContainText(`$${(ride.subtotal / 100).toFixed(2)}`);
  await expect(panel.getByTestId('payout-statement')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

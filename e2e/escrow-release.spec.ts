import { expect, test } from '@playwright/test';
import {
  adminHeaders,
  approvedDriver,
  expectNoSeriousA11yViolations,
  licenseeFor,
  PASSWORD,
  registrationPayloads,
  signInThroughForm,
  uniqueEmail,
  startWithRiderPin,
} from './support';

/**
 * The escrow test moves the server's clock 3 days forward, which expires every open offer: it runs in
 * its own project after all the others (playwright.config.ts), never beside a live dispatch.
 */

/** Cents as the UI shows them in English: 1234 -> "$12.34". */
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a rider adds a card, books, tips and sees the receipt; 3 days later the driver and the licensee see the exact cents released', async ({
  browser,
  request,
}) => {
  // Four people in four browsers, with axe checks: minutes on a loaded 2-core machine.
  test.setTimeout(300_000);
  const admin = await adminHeaders(request);

  // A licensed Union Square territory and its approved driver, set up through the API.
  const { email: licenseeEmail } = await licenseeFor(request, admin, {
    emailPrefix: 'union-square-licensee',
    territoryName: 'Union Square',
    zipCodes: '10003, 10011, 10012, 10014',
  });
  const { email: driverEmail } = await approvedDriver(request, admin, { emailPrefix: 'union-square-driver', driveArea: '10003', firstName: 'Uma' });

  const driverContext = await browser.newContext({ geolocation: { latitude: 40.7359, longitude: -73.9911 }, permissions: ['geolocation'] });
  const driverPage = await driverContext.newPage();
  await signInThroughForm(driverPage, driverEmail, PASSWORD);
  await expect(driverPage).toHaveURL(/\/driver-dashboard$/);
  await driverPage.getByTestId('go-online-switch').click();
  await expect(driverPage.getByTestId('driver-status-badge')).toHaveText(/online/i);
  // A new driver has earned nothing yet.
  await expect(driverPage.getByTestId('driver-earnings')).toBeVisible();
  await expect(driverPage.getByTestId('earnings-released-amount')).toHaveCount(0);

  // The rider has no card yet: booking says so and links to Payments, where they add one.
  const riderEmail = uniqueEmail('paying-rider');
  expect((await request.post('/api/register', { data: registrationPayloads.customer(riderEmail) })).status()).toBe(201);
  const riderContext = await browser.newContext();
  const riderPage = await riderContext.newPage();
  await signInThroughForm(riderPage, riderEmail, PASSWORD);
  await expect(riderPage).toHaveURL(/\/dashboard$/);
  await riderPage.goto('/ride');
  await expect(riderPage.getByTestId('request-ride')).toBeDisabled();
  await riderPage.getByTestId('go-to-payments').click();
  await expect(riderPage).toHaveURL(/\/dashboard\?tab=payments$/);
  await riderPage.getByTestId('add-payment-method').click();
  await riderPage.getByTestId('card-number-input').fill('4242 4242 4242 4241');
  await riderPage.getByTestId('card-expiry-input').fill('12/39');
  await riderPage.getByTestId('card-cvc-input').fill('123');
  await riderPage.getByTestId('save-payment-method').click();
  await expect(riderPage.getByText('This card number is not valid')).toBeVisible();
  await riderPage.getByTestId('card-number-input').fill('4242 4242 4242 4242');
  await riderPage.getByTestId('save-payment-method').click();
  const card = riderPage.getByTestId('payment-methods');
  await expect(card).toContainText('4242');
  await expect(card.getByTestId('default-badge')).toBeVisible();
  await expectNoSeriousA11yViolations(riderPage);

  // Book Union Square -> Chelsea Market.
  await riderPage.goto('/ride');
  await riderPage.getByTestId('pickup-input').fill('Union Square');
  await riderPage.getByTestId('pickup-input').press('Enter');
  await riderPage.getByTestId('dropoff-input').fill('Chelsea Market');
  await riderPage.getByTestId('dropoff-input').press('Enter');
  await expect(riderPage.getByTestId('fare-total')).toContainText('$');
  await riderPage.getByTestId('revenue-distribution-toggle').click();
  await expect(riderPage.getByTestId('revenue-distribution')).toBeVisible();
  await riderPage.getByTestId('request-ride').click();
  await expect(riderPage.getByTestId('ride-status')).toHaveText('Finding a driver');

  await expect(driverPage.getByTestId('ride-request-card')).toBeVisible();
  await driverPage.getByTestId('accept-ride').click();
  await startWithRiderPin(riderPage, driverPage);
  await expect(riderPage.getByTestId('ride-status')).toHaveText('On your trip');
  await driverPage.getByTestId('complete-ride').click();
  await expect(riderPage.getByTestId('ride-status')).toHaveText('Completed');

  // A $3.00 tip, then the full receipt.
  await riderPage.getByTestId('tip-custom').click();
  await riderPage.getByTestId('tip-custom-input').fill('3');
  await riderPage.getByTestId('submit-tip').click();
  await expect(riderPage.getByTestId('tip-done')).toBeVisible();
  const token = await riderPage.evaluate(() => localStorage.getItem('token'));
  const [ride] = (await (await riderPage.request.get('/api/rides', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    id: string;
    subtotal: number;
    totalFare: number;
    tip: number;
  }[];
  expect(ride!.tip).toBe(300);
  const receipt = (await (await riderPage.request.get(`/api/rides/${ride!.id}/receipt`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    split: Record<'driver' | 'licensee' | 'platformSoftware', number>;
    escrow: string;
  };
  // The driver gets the whole subtotal and the tip; the licensee its 1.25% to the cent.
  expect(receipt.split.driver).toBe(ride!.subtotal + 300);
  expect(Math.abs(receipt.split.licensee - ride!.subtotal * 0.0125)).toBeLessThan(1);
  expect(receipt.escrow).toBe('held');

  await riderPage.getByTestId('open-receipt').click();
  const dialog = riderPage.getByTestId('receipt-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('receipt-tip')).toHaveText(usd(300));
  await expect(dialog.getByTestId('receipt-paid')).toHaveText(usd(ride!.totalFare + 300));
  await expect(dialog.getByTestId('split-driver')).toContainText(usd(ride!.subtotal + 300));
  await expect(dialog.getByTestId('split-licensee')).toContainText(usd(receipt.split.licensee));
  await expectNoSeriousA11yViolations(riderPage);

  // Nothing is released before the 3 days; then the clock moves and the settlement runs.
  await driverPage.reload();
  await expect(driverPage.getByTestId('earnings-pending-amount')).toHaveAttribute('data-cents', String(ride!.subtotal + 300));
  await expect(driverPage.getByTestId('earnings-released-amount')).toHaveAttribute('data-cents', '0');
  const moved = await request.post('/api/dev/clock', { headers: admin, data: { seconds: 3 * 86_400 + 60 } });
  expect(moved.status()).toBe(200);
  expect(((await moved.json()) as { released: number }).released).toBeGreaterThanOrEqual(2); // the fare and the tip

  await driverPage.reload();
  await expect(driverPage.getByTestId('earnings-released-amount')).toHaveAttribute('data-cents', String(ride!.subtotal + 300));
  await expect(driverPage.getByTestId('earnings-released-amount')).toHaveText(usd(ride!.subtotal + 300));

  const licenseeContext = await browser.newContext();
  const licenseePage = await licenseeContext.newPage();
  await signInThroughForm(licenseePage, licenseeEmail, PASSWORD);
  await expect(licenseePage).toHaveURL(/\/licensee-dashboard$/);
  await expect(licenseePage.getByTestId('metric-totalCommission')).toContainText(usd(receipt.split.licensee));
  await expect(licenseePage.getByTestId('metric-monthlyCommission')).toContainText(usd(receipt.split.licensee));

  await driverContext.close();
  await riderContext.close();
  await licenseeContext.close();
});

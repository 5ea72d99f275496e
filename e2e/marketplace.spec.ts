import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, expectNoSeriousA11yViolations, licenseeFor, PASSWORD, registrationPayloads, signInThroughForm, uniqueEmail } from './support';

// The money test moves the server's clock 3 days forward: it must not run beside a live dispatch.
test.describe.configure({ mode: 'serial' });

/** Cents as the UI shows them in English: 1234 -> "$12.34". */
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A licensed Times Square territory, set up through the API as an admin would. */
async function licensedTerritory(request: APIRequestContext) {
  const adminLogin = await request.post('/api/login', { data: ADMIN });
  const admin = { authorization: `Bearer ${((await adminLogin.json()) as { token: string }).token}` };
  await licenseeFor(request, admin, { emailPrefix: 'times-square-licensee', territoryName: 'Times Square', zipCodes: '10036, 10019, 10018, 10020, 10017' });
  return admin;
}

test('a rider books in the UI and sees a driver, who works in the UI too, accept, start and complete live; then rates', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await licensedTerritory(request);

  // An approved driver (approved by the admin through the API).
  const driverEmail = uniqueEmail('live-driver');
  expect((await request.post('/api/register', { data: { ...registrationPayloads.driver(driverEmail), firstName: 'Dana', lastName: 'Driver' } })).status()).toBe(201);
  const driverApplications = (await (await request.get('/api/driver-applications', { headers: admin })).json()) as { id: string; user: { email: string } }[];
  const driverApplication = driverApplications.find((a) => a.user.email === driverEmail)!;
  expect((await request.post(`/api/driver-applications/${driverApplication.id}/review`, { headers: admin, data: { status: 'approved' } })).status()).toBe(200);

  // The driver's browser, near Times Square, goes online through the dashboard.
  const driverContext = await browser.newContext({ geolocation: { latitude: 40.759, longitude: -73.991 }, permissions: ['geolocation'] });
  const driverPage = await driverContext.newPage();
  await signInThroughForm(driverPage, driverEmail, PASSWORD);
  await expect(driverPage).toHaveURL(/\/driver-dashboard$/);
  await driverPage.getByTestId('go-online-switch').click();
  await expect(driverPage.getByTestId('driver-status-badge')).toHaveText(/online/i);

  // The rider books through the booking page.
  const riderEmail = uniqueEmail('live-rider');
  const riderSignup = await request.post('/api/register', { data: registrationPayloads.customer(riderEmail) });
  expect(riderSignup.status()).toBe(201);
  // A card on file (added through the Payments tab in money.spec.ts): no card, no booking.
  const riderToken = ((await riderSignup.json()) as { token: string }).token;
  const card = await request.post('/api/payment-methods', { headers: { authorization: `Bearer ${riderToken}` }, data: { cardNumber: '4242424242424242', expiryDate: '12/39', cvc: '123' } });
  expect(card.status()).toBe(201);
  const riderContext = await browser.newContext();
  const riderPage = await riderContext.newPage();
  await signInThroughForm(riderPage, riderEmail, PASSWORD);
  await expect(riderPage).toHaveURL(/\/dashboard$/);
  await riderPage.goto('/ride');
  await riderPage.getByTestId('pickup-input').fill('Times Square');
  await riderPage.getByTestId('pickup-input').press('Enter');
  await riderPage.getByTestId('dropoff-input').fill('Grand Central');
  await riderPage.getByTestId('dropoff-input').press('Enter');
  await expect(riderPage.getByTestId('fare-total')).toContainText('$');
  await riderPage.getByTestId('request-ride').click();
  await expect(riderPage.getByTestId('ride-status')).toHaveText('Finding a driver');

  // The offer reaches the driver live; they accept, start and complete.
  await expect(driverPage.getByTestId('ride-request-card')).toBeVisible();
  await driverPage.getByTestId('accept-ride').click();
  await expect(driverPage.getByTestId('active-ride-card')).toBeVisible();
  await expect(riderPage.getByTestId('ride-status')).toHaveText('Driver on the way');
  await expect(riderPage.getByTestId('ride-driver-name')).toContainText('Dana');

  await driverPage.getByTestId('start-ride').click();
  await expect(riderPage.getByTestId('ride-status')).toHaveText('On your trip');
  await driverPage.getByTestId('complete-ride').click();
  await expect(riderPage.getByTestId('ride-status')).toHaveText('Completed');

  // None of that needed a reload: the rider rates the driver on the same page.
  await riderPage.getByTestId('rate-star-5').click();
  await riderPage.getByTestId('submit-rating').click();
  await expect(riderPage.getByTestId('rating-done')).toBeVisible();

  const rides = (await (await riderPage.request.get('/api/rides', { headers: { authorization: `Bearer ${await riderPage.evaluate(() => localStorage.getItem('token'))}` } })).json()) as {
    status: string;
    rating: number | null;
    acceptedAt: string | null;
    startedAt: string | null;
    completedAt: string | null;
  }[];
  expect(rides[0]).toMatchObject({ status: 'completed', rating: 5 });
  expect(rides[0]!.acceptedAt && rides[0]!.startedAt && rides[0]!.completedAt).toBeTruthy();

  await driverContext.close();
  await riderContext.close();
});

test('a rider adds a card, books, tips and sees the receipt; 3 days later the driver and the licensee see the exact cents released', async ({ browser, request }) => {
  // Four people in four browsers, with axe checks: minutes on a loaded 2-core machine.
  test.setTimeout(300_000);
  const adminLogin = await request.post('/api/login', { data: ADMIN });
  const admin = { authorization: `Bearer ${((await adminLogin.json()) as { token: string }).token}` };

  // A licensed Union Square territory and its approved driver, set up through the API.
  const { email: licenseeEmail } = await licenseeFor(request, admin, { emailPrefix: 'union-square-licensee', territoryName: 'Union Square', zipCodes: '10003, 10011, 10012, 10014' });
  const driverEmail = uniqueEmail('union-square-driver');
  expect((await request.post('/api/register', { data: { ...registrationPayloads.driver(driverEmail), driveArea: '10003', firstName: 'Uma' } })).status()).toBe(201);
  const driverApplications = (await (await request.get('/api/driver-applications', { headers: admin })).json()) as { id: string; user: { email: string } }[];
  const driverApplication = driverApplications.find((a) => a.user.email === driverEmail)!;
  expect((await request.post(`/api/driver-applications/${driverApplication.id}/review`, { headers: admin, data: { status: 'approved' } })).status()).toBe(200);

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
  await driverPage.getByTestId('start-ride').click();
  await expect(riderPage.getByTestId('ride-status')).toHaveText('On your trip');
  await driverPage.getByTestId('complete-ride').click();
  await expect(riderPage.getByTestId('ride-status')).toHaveText('Completed');

  // A $3.00 tip, then the full receipt.
  await riderPage.getByTestId('tip-custom').click();
  await riderPage.getByTestId('tip-custom-input').fill('3');
  await riderPage.getByTestId('submit-tip').click();
  await expect(riderPage.getByTestId('tip-done')).toBeVisible();
  const token = await riderPage.evaluate(() => localStorage.getItem('token'));
  const [ride] = (await (await riderPage.request.get('/api/rides', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string; subtotal: number; totalFare: number; tip: number }[];
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

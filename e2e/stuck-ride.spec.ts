import { expect, test } from '@playwright/test';
import {
  adminHeaders,
  approvedDriver,
  bookInBrowser,
  expectNoSeriousA11yViolations,
  licenseeFor,
  onlineDriverPage,
  PASSWORD,
  riderWithCard,
  signInThroughForm,
  startWithRiderPin,
} from './support';

/** Wall Street, where the driver waits and the rider is picked up (zip code 10005). */
const WALL_STREET = { latitude: 40.7061, longitude: -74.0092 };

test('a driver vanishes mid-trip; the licensee cancels the ride from the console with a reason and the rider sees it cancelled', async ({
  browser,
  request,
}) => {
  // Three people in three browsers, with axe checks: minutes on a loaded 2-core machine.
  test.setTimeout(180_000);
  const admin = await adminHeaders(request);

  // A Financial District territory of its own (no other spec books there) and its approved driver.
  const { email: licenseeEmail } = await licenseeFor(request, admin, {
    emailPrefix: 'stuck-ride-licensee',
    territoryName: 'Financial District',
    zipCodes: '10004, 10005, 10006, 10038',
  });
  const { email: driverEmail } = await approvedDriver(request, admin, {
    emailPrefix: 'stuck-ride-driver',
    driveArea: '10005',
    firstName: 'Vic',
    lastName: 'Vanish',
  });

  const { context: driverContext, page: driverPage } = await onlineDriverPage(browser, driverEmail, WALL_STREET);

  // The rider (a card on file, added through the API) books Wall Street -> Brooklyn Bridge in the UI.
  const { email: riderEmail, auth: riderAuth } = await riderWithCard(request, { emailPrefix: 'stuck-rider', firstName: 'Rita' });
  const { context: riderContext, page: riderPage } = await bookInBrowser(browser, riderEmail, { pickup: 'Wall Street', dropoff: 'Brooklyn Bridge' });

  // The driver accepts and starts the trip, then vanishes: their browser is gone for good.
  await expect(driverPage.getByTestId('ride-request-card')).toBeVisible();
  await driverPage.getByTestId('accept-ride').click();
  await expect(driverPage.getByTestId('active-ride-card')).toBeVisible();
  await startWithRiderPin(riderPage, driverPage);
  await expect(riderPage.getByTestId('ride-status')).toHaveText('On your trip');
  await driverContext.close();
  const [ride] = (await (await request.get('/api/rides', { headers: riderAuth })).json()) as { id: string; status: string }[];
  expect(ride!.status).toBe('in_progress');

  // The licensee finds the stuck ride in the console's Rides tab.
  const licenseeContext = await browser.newContext();
  const licenseePage = await licenseeContext.newPage();
  await signInThroughForm(licenseePage, licenseeEmail, PASSWORD);
  await expect(licenseePage).toHaveURL(/\/licensee-dashboard$/);
  await licenseePage.getByRole('tab', { name: 'Rides' }).click();
  const row = licenseePage.locator(`[data-testid="active-ride"][data-ride-id="${ride!.id}"]`);
  await expect(row).toHaveAttribute('data-status', 'in_progress');
  await expect(row).toContainText('Rita');
  await expect(row).toContainText('Vic');
  await expect(row).toContainText('On the trip');
  await expectNoSeriousA11yViolations(licenseePage);

  // On a phone the table becomes labelled blocks: nothing in it scrolls sideways.
  await licenseePage.setViewportSize({ width: 390, height: 844 });
  const list = licenseePage.getByTestId('active-rides');
  await expect(list.locator('thead')).toBeHidden();
  await expect(row.getByText('Driver', { exact: true })).toBeVisible();
  expect(await list.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  // By keyboard: the row's button opens the dialog with the focus in the reason.
  const cancelButton = row.getByRole('button', { name: /^Cancel ride of Rita/ });
  await cancelButton.focus();
  await licenseePage.keyboard.press('Enter');
  const dialog = licenseePage.getByTestId('cancel-ride-dialog');
  await expect(dialog).toBeVisible();
  const reason = dialog.getByLabel('Reason');
  await expect(reason).toBeFocused();

  // A reason is required (the domain's own message), and nothing is sent without one.
  await dialog.getByTestId('confirm-cancel-ride').click();
  await expect(dialog.getByText('Say why the ride is cancelled')).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(row).toBeVisible();
  await expectNoSeriousA11yViolations(licenseePage);

  // A refusal (here the first answer is made a 503) shows the server's message in the dialog, which
  // stays open with the reason still typed.
  const why = 'Driver stopped responding mid-trip; the rider is stranded';
  await reason.fill(why);
  await licenseePage.route(
    `**/api/rides/${ride!.id}/cancel`,
    (route) => route.fulfill({ status: 503, json: { error: 'The payment provider is not answering. Try again in a moment.', code: 'UNAVAILABLE' } }),
    { times: 1 },
  );
  await licenseePage.keyboard.press('Tab');
  await licenseePage.keyboard.press('Tab');
  await expect(dialog.getByTestId('confirm-cancel-ride')).toBeFocused();
  await licenseePage.keyboard.press('Enter');
  await expect(dialog.getByTestId('cancel-ride-error')).toHaveText('The payment provider is not answering. Try again in a moment.');
  await expect(reason).toHaveValue(why);
  await expect(dialog.getByTestId('confirm-cancel-ride')).toBeFocused();

  // Trying again goes through.
  await licenseePage.keyboard.press('Enter');

  // A toast confirms, the list refreshes without the ride, and the focus lands on the list's heading.
  await expect(licenseePage.getByTestId('toast')).toContainText('Ride cancelled');
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(licenseePage.getByRole('heading', { name: 'Active rides' })).toBeFocused();

  // The rider's page, open all along, shows the ride cancelled without a reload.
  await expect(riderPage.getByTestId('ride-status')).toHaveText('Cancelled');

  // The reason and who cancelled are kept on the ride; a second cancel is refused as a conflict.
  const cancelled = (await (await request.get(`/api/rides/${ride!.id}`, { headers: riderAuth })).json()) as {
    status: string;
    cancelledBy: string;
    cancelReason: string;
  };
  expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'licensee', cancelReason: why });
  const again = await request.post(`/api/rides/${ride!.id}/cancel`, { headers: admin, data: { reason: 'Still stuck?' } });
  expect(again.status()).toBe(409);

  await riderContext.close();
  await licenseeContext.close();
});

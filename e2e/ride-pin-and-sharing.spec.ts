import { expect, test } from '@playwright/test';
import { adminHeaders, approvedDriver, bookInBrowser, expectNoSeriousA11yViolations, licenseeFor, onlineDriverPage, riderWithCard } from './support';

/** Lincoln Center, Upper West Side (zip codes no other spec licenses). */
const LINCOLN_CENTER = { latitude: 40.7725, longitude: -73.9835 };

test('the rider tells the PIN, the driver types it to start; a signed-out viewer follows the shared trip live', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await adminHeaders(request);
  await licenseeFor(request, admin, { emailPrefix: 'pin-licensee', territoryName: 'Upper West Side', zipCodes: '10023, 10024, 10025, 10069' });
  const { email: driverEmail } = await approvedDriver(request, admin, { emailPrefix: 'pin-driver', driveArea: '10023', firstName: 'Pia', lastName: 'Driver' });
  const { page: driverPage } = await onlineDriverPage(browser, driverEmail, LINCOLN_CENTER);
  const rider = await riderWithCard(request, { emailPrefix: 'pin-rider' });
  const { page: riderPage } = await bookInBrowser(browser, rider.email, { pickup: 'Lincoln Center', dropoff: 'Central Park' });

  await driverPage.getByTestId('accept-ride').click({ timeout: 30_000 });
  await expect(riderPage.getByTestId('ride-status')).toHaveText('Driver on the way');

  // The rider's live ride shows the PIN prominently; the driver's card never has it.
  await expect(riderPage.getByText('Tell your driver this PIN')).toBeVisible();
  const pin = (await riderPage.getByTestId('ride-pin').innerText()).trim();
  expect(pin).toMatch(/^\d{4}$/);
  await expect(driverPage.getByTestId('active-ride-card')).not.toContainText(pin);
  await expectNoSeriousA11yViolations(riderPage);

  // The rider shares the trip; a third, signed-out browser opens the link.
  await riderPage.getByTestId('share-trip').click();
  const url = await riderPage.getByTestId('share-trip-url').inputValue();
  expect(url).toMatch(/\/trip\/[A-Za-z0-9_-]{40,}$/);
  const viewer = await (await browser.newContext()).newPage();
  await viewer.goto(new URL(url).pathname);
  await expect(viewer.getByTestId('shared-trip-status')).toHaveText('Driver on the way');
  await expect(viewer.getByTestId('shared-trip-driver')).toContainText('Pia');
  await expect(viewer.getByTestId('shared-trip-plate')).not.toBeEmpty();
  await expect(viewer.getByText('Lincoln Center')).toHaveCount(0);
  await expectNoSeriousA11yViolations(viewer);

  // A wrong PIN is refused with the tries left; the right one starts the ride.
  const wrong = String((Number(pin) + 1) % 10_000).padStart(4, '0');
  const pinInput = driverPage.getByLabel("Rider's PIN");
  await pinInput.fill(wrong);
  await driverPage.getByTestId('start-ride').click();
  await expect(driverPage.getByTestId('ride-pin-error')).toHaveText('Wrong PIN. 4 tries left.');
  // Scanned once the refused start has settled: a pending action button is dimmed on purpose.
  await expect(driverPage.getByTestId('start-ride')).not.toHaveAttribute('aria-disabled', 'true');
  await expect(driverPage.getByTestId('active-ride-card')).toHaveAttribute('data-status', 'accepted');
  await expectNoSeriousA11yViolations(driverPage);
  await pinInput.fill(pin);
  await driverPage.getByTestId('start-ride').click();
  await expect(riderPage.getByTestId('ride-status')).toHaveText('On your trip');

  // The shared page follows without a reload, then dies when the rider stops sharing.
  await expect(viewer.getByTestId('shared-trip-status')).toHaveText('On your trip', { timeout: 15_000 });
  await riderPage.getByTestId('share-trip-stop').click();
  await expect(riderPage.getByTestId('share-trip')).toBeVisible();
  await expect(viewer.getByTestId('shared-trip-gone')).toBeVisible({ timeout: 15_000 });
});

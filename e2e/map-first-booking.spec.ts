import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminHeaders, approvedDriver, expectNoSeriousA11yViolations, licenseeFor, riderWithCard, signInWithToken } from './support';

// A phone at the Empire State Building (issue 19, contract §10): map-first booking with type-ahead.
const EMPIRE_STATE = { latitude: 40.7484, longitude: -73.9857 };
test.use({ viewport: { width: 390, height: 844 }, geolocation: EMPIRE_STATE, permissions: ['geolocation'] });

/** The element is entirely inside the phone's first screen (no scrolling). */
async function expectOnFirstScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'the element is rendered').not.toBeNull();
  const viewport = page.viewportSize()!;
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
}

test('on a phone a rider types part of an address, picks a suggestion, sees the map, price, ETA and card without scrolling, and requests', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminHeaders(request);
  // Zip codes no other spec licenses (specs run two at a time): this ride is offered to no other spec's driver.
  await licenseeFor(request, admin, { emailPrefix: 'mapfirst-licensee', territoryName: 'Koreatown', zipCodes: '10119, 10118' });
  // A driver online a block away, through the API: the rider sees how soon the nearest one could come.
  const driver = await approvedDriver(request, admin, { emailPrefix: 'mapfirst-driver', driveArea: '10119' });
  const driverAuth = { authorization: `Bearer ${driver.token}` };
  expect(
    (await request.patch('/api/drivers/status', { headers: driverAuth, data: { status: 'online', location: { lat: 40.7488, lng: -73.9862 } } })).status(),
  ).toBe(200);

  const rider = await riderWithCard(request, { emailPrefix: 'mapfirst-rider' });
  await signInWithToken(page, rider.auth.authorization.replace('Bearer ', ''));
  await page.goto('/ride');

  const pickup = page.getByTestId('pickup-input');
  const dropoff = page.getByTestId('dropoff-input');
  // The first visit to the booking page on a loaded machine: its chunk and the session check.
  await expect(pickup).toBeVisible({ timeout: 60_000 });
  // Nothing is called missing or wrong before the rider has typed anything.
  await expect(page.getByTestId('missing-information')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Map first: the map and Request (with the ETA and the card beside it) are on the first screen.
  await expect(page.getByTestId('default-card')).toContainText('4242');
  await expectOnFirstScreen(page, page.getByTestId('trip-map-card'));
  await expectOnFirstScreen(page, page.getByTestId('request-ride'));

  // "Use current location" fills in a place name, not coordinates.
  await page.getByTestId('use-current-location').click();
  await expect(pickup).toHaveValue(/Empire State Building, New York, NY \d{5}/);
  await expect(pickup).not.toHaveValue(/\d+\.\d{3}/);
  // Until a pickup is set the ETA is the city centre's; from here on it is the rider's own.
  await expect(page.getByTestId('pickup-eta')).toContainText(/Nearest driver \d+ min away/);

  // Type-ahead: part of an address, the combobox lists places; Escape closes the list, typing opens it again.
  await dropoff.click();
  await dropoff.pressSequentially('grand cen', { delay: 40 });
  const list = page.getByRole('listbox', { name: 'Matching places' });
  await expect(list).toBeVisible();
  await expect(dropoff).toHaveAttribute('aria-expanded', 'true');
  const grandCentral = list.getByRole('option', { name: /Grand Central Terminal/ });
  await expect(grandCentral).toBeVisible();
  await dropoff.press('Escape');
  await expect(list).toBeHidden();
  await expect(dropoff).toHaveAttribute('aria-expanded', 'false');
  await dropoff.press('ArrowDown');
  await expect(list).toBeVisible();
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(dropoff).toHaveAttribute('aria-activedescendant', (await list.getByRole('option').first().getAttribute('id'))!);
  await expectNoSeriousA11yViolations(page);
  await dropoff.press('Enter');
  await expect(dropoff).toHaveValue('Grand Central Terminal, 89 E 42nd St, New York, NY 10017');
  await expect(list).toBeHidden();

  // The price is on the Request button, on the first screen, with the map still there: no scrolling.
  const requestButton = page.getByTestId('request-ride');
  await expect(requestButton).toContainText(/Request Ride \$\d+\.\d\d/);
  await expect(page.getByTestId('trip-summary')).toContainText('mi');
  // Typing into To scrolled it into view; back at the top of the page, with the price known, the
  // map and everything beside Request share the first screen.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expectOnFirstScreen(page, page.getByTestId('trip-map-card'));
  await expectOnFirstScreen(page, requestButton);
  await expectOnFirstScreen(page, page.getByTestId('pickup-eta'));
  await expectOnFirstScreen(page, page.getByTestId('default-card'));
  await expectNoSeriousA11yViolations(page);

  // A tap on a suggestion works too: change the destination to Penn Station.
  await dropoff.fill('');
  await dropoff.pressSequentially('penn', { delay: 40 });
  await list.getByRole('option', { name: /Penn Station/ }).click();
  await expect(dropoff).toHaveValue('Penn Station, New York, NY 10001');
  await expect(requestButton).toContainText(/Request Ride \$\d+\.\d\d/);

  await requestButton.click();
  await expect(page.getByTestId('ride-status')).toHaveText('Finding a driver');

  await request.patch('/api/drivers/status', { headers: driverAuth, data: { status: 'offline' } });
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, approvedDriver, bookInBrowser, licenseeFor, onlineDriverPage, riderWithCard } from './support';

/** Axe on the open thread (the page behind the modal is inert; the live map keeps a full-page scan from settling). */
async function expectAccessibleThread(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-testid="ride-messages"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/*
 * Contract §9 (ADR 029): during the ride, rider and driver write each other in a thread opened from the
 * driver card (rider) and the active ride card (driver), live on both sides; Call without a masking
 * service opens the thread saying calls go through messages.
 */
test('rider and driver exchange messages live during the ride', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await adminHeaders(request);
  await licenseeFor(request, admin, { emailPrefix: 'messages-licensee', territoryName: 'Morningside Heights', zipCodes: '10115' });
  const { email: driverEmail } = await approvedDriver(request, admin, { emailPrefix: 'messages-driver', firstName: 'Mo', lastName: 'Driver' });
  const { context: driverContext, page: driverPage } = await onlineDriverPage(browser, driverEmail, { latitude: 40.8072, longitude: -73.9628 });
  const rider = await riderWithCard(request, { emailPrefix: 'messages-rider' });
  const { context: riderContext, page: riderPage } = await bookInBrowser(browser, rider.email, { pickup: 'Columbia University', dropoff: 'Harlem' });

  await expect(driverPage.getByTestId('ride-request-card')).toBeVisible();
  await driverPage.getByTestId('accept-ride').click();
  await expect(driverPage.getByTestId('active-ride-card')).toBeVisible();
  await expect(riderPage.getByTestId('ride-driver-name')).toContainText('Mo');

  // Call: no masking service in this deployment, so it opens the thread and says so; no tel: link to the
  // driver (the SOS card's emergency number is the only one on the page).
  await expect(riderPage.getByTestId('driver-card').locator('a[href^="tel:"]')).toHaveCount(0);
  await riderPage.getByTestId('call-driver').click();
  const riderThread = riderPage.getByTestId('ride-messages');
  await expect(riderThread).toBeVisible();
  await expect(riderThread.getByTestId('calls-through-messages')).toBeVisible();
  // Focus lands in the labelled message field.
  await expect(riderThread.getByLabel('Your message')).toBeFocused();
  await riderThread.getByRole('button', { name: "I'm at the pickup" }).click();
  await expect(riderThread.getByTestId('ride-messages-list')).toContainText("I'm at the pickup");

  // The driver opens the thread from the active ride card and sees it; answers in free text.
  await driverPage.getByTestId('message-rider').click();
  const driverThread = driverPage.getByTestId('ride-messages');
  await expect(driverThread.getByTestId('ride-messages-list')).toContainText("I'm at the pickup");
  const field = driverThread.getByLabel('Your message');
  await field.fill('Grey sedan by the curb');
  await expect(driverThread.getByTestId('ride-messages-counter')).toHaveText('Characters left: 478');
  await field.press('Enter');
  await expect(driverThread.getByTestId('ride-messages-list')).toContainText('Grey sedan by the curb');

  // Live on the rider's side, announced in the polite live region, without a reload.
  await expect(riderThread.getByTestId('ride-messages-list')).toContainText('Grey sedan by the curb');
  await expect(riderThread.getByTestId('ride-messages-live')).toContainText('Grey sedan by the curb');
  await expectAccessibleThread(riderPage);
  await expectAccessibleThread(driverPage);

  // Escape closes the thread.
  await riderPage.keyboard.press('Escape');
  await expect(riderThread).toBeHidden();

  await driverContext.close();
  await riderContext.close();
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, approvedDriver, bookInBrowser, licenseeFor, onlineDriverPage, riderWithCard, signInWithToken } from './support';

/** Axe on one part of the page (the live map keeps a full-page scan from settling). */
async function expectAccessible(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/*
 * Contract §9 (ADR 032): a rider on a live ride presses SOS and confirms; the territory's licensee,
 * with the console open, sees the alert arrive live (a toast and the list), acknowledges it and
 * resolves it with a note. The 911 link is beside the button all along.
 */
test("a rider's SOS reaches the territory's licensee console live", async ({ browser, request }) => {
  // Three browsers on a shared two-core machine: the steps pass in about three minutes.
  test.setTimeout(300_000);
  const admin = await adminHeaders(request);
  const licensee = await licenseeFor(request, admin, {
    emailPrefix: 'sos-licensee',
    // Its own zip codes: a ride here is offered to no other spec's driver (specs run two at a time).
    territoryName: 'Hudson Yards',
    zipCodes: '10199',
  });
  const { email: driverEmail } = await approvedDriver(request, admin, { emailPrefix: 'sos-driver', firstName: 'Dana', lastName: 'Driver' });
  const { context: driverContext, page: driverPage } = await onlineDriverPage(browser, driverEmail, { latitude: 40.7533, longitude: -74.0005 });
  const rider = await riderWithCard(request, { emailPrefix: 'sos-rider', firstName: 'Sasha' });
  const { context: riderContext, page: riderPage } = await bookInBrowser(browser, rider.email, { pickup: 'Hudson Yards', dropoff: 'Penn Station' });

  // The licensee's console is open before anything happens.
  const licenseeContext = await browser.newContext();
  const licenseePage = await licenseeContext.newPage();
  await signInWithToken(licenseePage, licensee.token);
  await licenseePage.goto('/licensee-dashboard');
  const panel = licenseePage.getByTestId('safety-alerts');
  await expect(panel).toBeVisible();

  await expect(driverPage.getByTestId('ride-request-card')).toBeVisible();
  await driverPage.getByTestId('accept-ride').click();
  await expect(driverPage.getByTestId('active-ride-card')).toBeVisible();
  await expect(riderPage.getByTestId('ride-driver-name')).toContainText('Dana');
  // The driver has the button and the 911 link too.
  await expect(driverPage.getByTestId('active-ride-card').getByTestId('sos-button')).toBeVisible();

  // The rider: SOS with the 911 link beside it; the confirmation is a labelled dialog, keyboard first.
  const sos = riderPage.getByTestId('sos-control');
  await expect(sos.getByTestId('call-911')).toHaveAttribute('href', 'tel:911');
  await sos.getByTestId('sos-button').focus();
  await riderPage.keyboard.press('Enter');
  const dialog = riderPage.getByRole('alertdialog', { name: 'Send an SOS?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(riderPage, '[data-testid="sos-dialog"]');
  await dialog.getByTestId('sos-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(sos.getByTestId('sos-status')).toContainText('Help was alerted');
  await expect(sos.getByTestId('call-911')).toBeVisible();
  await expectAccessible(riderPage, '[data-testid="sos-control"]');

  // The licensee: a toast and the alert in the list, without a reload.
  // The toast itself: its text is also read out once by the toasts' live region.
  await expect(licenseePage.getByTestId('toast').getByText('SOS: someone on a ride needs help')).toBeVisible();
  const alert = panel.getByTestId('safety-alert').first();
  await expect(alert.getByTestId('safety-alert-who')).toContainText('Sasha');
  await expect(alert.getByTestId('safety-alert-who')).toContainText('rider');
  await expect(alert.getByTestId('safety-alert-status')).toHaveText('Open');
  await expect(alert.getByTestId('safety-alert-location')).toBeVisible();
  await expectAccessible(licenseePage, '[data-testid="safety-alerts"]');

  await alert.getByTestId('safety-alert-acknowledge').click();
  await expect(alert.getByTestId('safety-alert-status')).toHaveText('Acknowledged');
  await alert.getByLabel('How was it resolved?').fill('Called the rider: safe, ride continued');
  await alert.getByTestId('safety-alert-resolve').click();
  await expect(alert.getByTestId('safety-alert-status')).toHaveText('Resolved');
  await expect(alert.getByTestId('safety-alert-resolution')).toContainText('Called the rider');

  await licenseeContext.close();
  await driverContext.close();
  await riderContext.close();
});

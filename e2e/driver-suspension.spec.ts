import { expect, test } from '@playwright/test';
import { adminHeaders, approvedDriver, expectNoSeriousA11yViolations, licenseeFor, onlineDriverPage, PASSWORD, signInThroughForm } from './support';

/** Downtown Denver (80202): a territory no other spec books in. */
const DENVER = { latitude: 39.751526, longitude: -104.997673 };

test('a licensee suspends an online driver with a reason; the driver is taken offline and sees why, live', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminHeaders(request);
  const { email: licenseeEmail } = await licenseeFor(request, admin, {
    emailPrefix: 'suspend-licensee',
    territoryName: 'Downtown Denver',
    zipCodes: '80202, 80205',
  });
  const { email: driverEmail } = await approvedDriver(request, admin, {
    emailPrefix: 'suspend-driver',
    driveArea: '80202',
    firstName: 'Sam',
    lastName: 'Paused',
  });
  const { context: driverContext, page: driverPage } = await onlineDriverPage(browser, driverEmail, DENVER);

  const licenseeContext = await browser.newContext();
  const licenseePage = await licenseeContext.newPage();
  await signInThroughForm(licenseePage, licenseeEmail, PASSWORD);
  await expect(licenseePage).toHaveURL(/\/licensee-dashboard$/);
  await licenseePage.getByRole('tab', { name: 'Drivers' }).click();
  const row = licenseePage.getByTestId('territory-driver').filter({ hasText: driverEmail });
  await expect(row.getByTestId('driver-online')).toHaveText('Online');
  await expect(licenseePage.getByTestId('low-rated')).toBeVisible();

  await row.getByTestId('suspend-driver').click();
  const dialog = licenseePage.getByTestId('driver-suspension-dialog');
  await expect(dialog).toBeVisible();
  // Too short a reason is refused in the form, with the field's message.
  await dialog.getByTestId('driver-suspension-reason').fill('no');
  await dialog.getByTestId('driver-suspension-confirm').click();
  await expect(dialog.getByText('Give a reason of at least 5 characters.')).toBeVisible();
  await expectNoSeriousA11yViolations(licenseePage);
  await dialog.getByTestId('driver-suspension-reason').fill('Three riders reported unsafe driving');
  await dialog.getByTestId('driver-suspension-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(licenseePage.getByText('Sam Paused is suspended.').first()).toBeVisible();
  await expect(row.getByTestId('driver-suspension-note')).toContainText('Three riders reported unsafe driving');
  await expect(row.getByTestId('reinstate-driver')).toBeVisible();

  // The driver's console hears it over the socket: offline, the reason, the switch held off.
  await expect(driverPage.getByTestId('suspension-banner')).toBeVisible();
  await expect(driverPage.getByTestId('suspension-reason')).toHaveText('Three riders reported unsafe driving');
  await expect(driverPage.getByTestId('driver-status-badge')).toHaveText(/offline/i);
  await expect(driverPage.getByTestId('go-online-switch')).toBeDisabled();
  await expectNoSeriousA11yViolations(driverPage);

  await driverContext.close();
  await licenseeContext.close();
});

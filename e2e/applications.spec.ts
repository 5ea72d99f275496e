import { expect, test, type Page } from '@playwright/test';
import { ADMIN, fillAccount, signInThroughForm, uniqueEmail } from './support';

/**
 * Holds registrations back until the test has seen the in-flight state and calls the returned
 * release(): a fixed delay raced with the assertions on a loaded machine.
 */
async function holdRegistration(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/register', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const APPLICATION_BODY = "Your application is being reviewed. We'll notify you once approved.";

// The admin test reviews the two applications the first two tests submit, so they run in order.
test.describe.configure({ mode: 'serial' });

const driverEmail = uniqueEmail('driver.applicant');
const licenseeEmail = uniqueEmail('licensee.applicant');

test('a driver applies through the sign-up form, sees the confirmation and the install guide, and lands on the driver dashboard', async ({ page }) => {
  const releaseRegistration = await holdRegistration(page);
  await page.goto('/onboarding');
  await page.getByTestId('tab-driver').click();

  await fillAccount(page, 'driver', driverEmail, { first: 'Ada', last: 'Lovelace' });
  await page.getByTestId('driver-licenseNumber').fill('D1234567');
  await page.getByTestId('driver-insuranceNumber').fill('INS-998877');
  await page.getByTestId('driver-driveArea').fill('Brooklyn');
  await page.getByTestId('driver-vehicleMake').fill('Honda');
  await page.getByTestId('driver-vehicleModel').fill('Odyssey');
  await page.getByTestId('driver-vehicleYear').fill('2020');
  await page.getByTestId('driver-vehicleColor').fill('Silver');
  await page.getByTestId('driver-vehiclePlate').fill('KXY4821');
  await expect(page.getByTestId('driver-seatCount')).toHaveValue('4');
  await page.getByTestId('driver-seatCount').fill('7');
  await page.getByTestId('driver-vehicleAge').selectOption({ label: 'Standard (4-8 years)' });
  await page.getByTestId('driver-vehicleSize').selectOption({ label: 'SUV (6-7 seats)' });
  await page.getByTestId('driver-terms').click();

  const submit = page.getByTestId('driver-submit');
  await expect(submit).toHaveText('Submit Application');
  const registration = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/register'));
  await submit.click();
  await expect(submit).toHaveText('Submitting Application...');
  await expect(submit).toBeDisabled();
  releaseRegistration();

  expect((await registration).postDataJSON()).toMatchObject({
    role: 'driver',
    email: driverEmail,
    username: driverEmail,
    firstName: 'Ada',
    lastName: 'Lovelace',
    licenseNumber: 'D1234567',
    insuranceNumber: 'INS-998877',
    driveArea: 'Brooklyn',
    vehicleMake: 'Honda',
    vehicleModel: 'Odyssey',
    vehicleYear: '2020',
    vehicleColor: 'Silver',
    vehiclePlate: 'KXY4821',
    seatCount: 7,
    vehicleAge: 'standard',
    vehicleSize: 'suv',
    terms: true,
  });

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Driver Application Submitted!');
  await expect(toast).toContainText(APPLICATION_BODY);
  // The application asks for documents next (contract §10; the API tests upload them): later is fine.
  await expect(page.getByTestId('documents-checklist')).toBeVisible();
  await page.getByTestId('documents-continue').click();
  const guide = page.getByTestId('install-guide');
  await expect(guide).toBeVisible();
  await expect(guide).toContainText('Mobile Access');
  await guide.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/driver-dashboard$/);
  await expect(page.getByTestId('account-name')).toHaveText('Ada Lovelace');
});

test('a licensee applies for a territory through the sign-up form and lands on the licensee dashboard', async ({ page }) => {
  const releaseRegistration = await holdRegistration(page);
  await page.goto('/onboarding');
  await page.getByTestId('tab-licensee').click();

  await fillAccount(page, 'licensee', licenseeEmail, { first: 'Katherine', last: 'Johnson' });
  await page.getByTestId('licensee-businessName').fill('Hampton Community Rides');
  await page.getByTestId('licensee-businessLicense').fill('BL-2024-0042');
  await page.getByTestId('licensee-experience').selectOption({ label: 'Experienced (3-5 years)' });
  await page.getByTestId('licensee-territoryName').fill('Hampton Roads');
  await page.getByTestId('licensee-zipCodes').fill('23661, 23663, 23664');
  const businessPlan = 'Recruit twenty local drivers in the first quarter, hold monthly safety meetups and answer riders within an hour.';
  await page.getByTestId('licensee-businessPlan').fill(businessPlan);
  await page.getByTestId('licensee-terms').click();

  const submit = page.getByTestId('licensee-submit');
  const registration = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/register'));
  await submit.click();
  await expect(submit).toHaveText('Submitting Application...');
  await expect(submit).toBeDisabled();
  releaseRegistration();

  expect((await registration).postDataJSON()).toMatchObject({
    role: 'licensee',
    email: licenseeEmail,
    username: licenseeEmail,
    businessName: 'Hampton Community Rides',
    businessLicense: 'BL-2024-0042',
    experience: 'experienced',
    territoryName: 'Hampton Roads',
    zipCodes: '23661, 23663, 23664',
    businessPlan,
    terms: true,
  });

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Licensee Application Submitted!');
  await expect(toast).toContainText(APPLICATION_BODY);
  await expect(page.getByTestId('install-guide')).toBeVisible();
  await page.getByTestId('install-guide').getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/licensee-dashboard$/);
  await expect(page.getByTestId('account-name')).toHaveText('Katherine Johnson');
});

test('the admin signs in through the sign-in page, finds both new applications on the applications tab and approves the driver', async ({ page }) => {
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  await page.getByRole('tab', { name: /applications/i }).click();
  const driverRow = page.getByTestId('driver-application').filter({ hasText: driverEmail });
  await expect(driverRow).toBeVisible();
  await expect(driverRow).toContainText('Ada Lovelace');
  await expect(driverRow).toContainText('2020 Honda Odyssey');
  await expect(driverRow).toContainText('KXY4821');
  await expect(driverRow).toContainText('Pending');

  const licenseeRow = page.getByTestId('licensee-application').filter({ hasText: licenseeEmail });
  await expect(licenseeRow).toBeVisible();
  await expect(licenseeRow).toContainText('Katherine Johnson');
  await expect(licenseeRow).toContainText('Hampton Community Rides');
  await expect(licenseeRow).toContainText('Hampton Roads');
  await expect(licenseeRow.getByRole('list', { name: 'Proposed zip codes' }).getByRole('listitem')).toHaveText(['23661', '23663', '23664']);
  await expect(licenseeRow).toContainText('Pending');

  // Each application is listed once, under its own kind.
  await expect(page.getByTestId('licensee-application').filter({ hasText: driverEmail })).toHaveCount(0);
  await expect(page.getByTestId('driver-application').filter({ hasText: licenseeEmail })).toHaveCount(0);

  // The admin approves the driver from the review dialog (the review call the licensee console shares);
  // the list refreshes with the decision: the tab shows what awaits review, so the row leaves it and
  // is found under "Approved".
  await driverRow.getByRole('button', { name: 'Review application from Ada Lovelace' }).click();
  const review = page.getByTestId('application-review');
  await expect(review).toBeVisible();
  await review.getByTestId('review-notes').fill('Documents checked in person.');
  await review.getByTestId('review-approve').click();
  await expect(page.getByTestId('toast')).toContainText("Ada Lovelace's application was approved.");
  await expect(review).toBeHidden();
  await expect(driverRow).toHaveCount(0);
  await page.getByLabel('Status').selectOption('approved');
  await expect(driverRow).toContainText('Approved');
});

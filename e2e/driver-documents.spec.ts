import { expect, test } from '@playwright/test';
import { ADMIN, expectNoSeriousA11yViolations, fillAccount, signInThroughForm, uniqueEmail } from './support';

/*
 * A driver's path to the road (contract §10): the application asks for documents, uploaded from the
 * phone's camera input; the checklist says what is missing and what happens next; the reviewer sees
 * the document beside every field of the application.
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a licence photo, for the test')]);

test.describe.configure({ mode: 'serial' });
const email = uniqueEmail('driver.documents');

test('a new driver uploads a licence from the documents step and the checklist updates', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/onboarding?tab=driver');
  await fillAccount(page, 'driver', email, { first: 'Mae', last: 'Jemison' });
  await page.getByTestId('driver-licenseNumber').fill('D7654321');
  await page.getByTestId('driver-insuranceNumber').fill('INS-445566');
  await page.getByTestId('driver-driveArea').fill('10018');
  await page.getByTestId('driver-vehicleMake').fill('Toyota');
  await page.getByTestId('driver-vehicleModel').fill('Prius');
  await page.getByTestId('driver-vehicleYear').fill('1990');
  await page.getByTestId('driver-vehicleColor').fill('White');
  await page.getByTestId('driver-vehiclePlate').fill('KX_48!');
  await page.getByTestId('driver-vehicleAge').selectOption('standard');
  await page.getByTestId('driver-vehicleSize').selectOption('standard');
  // The plate still has focus: the tap on the box must tick it (ADR 041: no error appears on blur to
  // move the box from under the pointer).
  await expect(page.getByTestId('driver-vehiclePlate')).toBeFocused();
  await page.getByTestId('driver-terms').click();
  await expect(page.getByTestId('driver-terms')).toBeChecked();
  await page.getByTestId('driver-submit').click();
  // The vehicle rules: an old year and a plate with other characters are refused on the form.
  await expect(page.locator('#driver-vehicleYear-error')).toContainText('within the last 25 years');
  await expect(page.locator('#driver-vehiclePlate-error')).toContainText('2-8 letters, digits, spaces or dashes');
  await page.getByTestId('driver-vehicleYear').fill(String(new Date().getFullYear() - 2));
  await page.getByTestId('driver-vehiclePlate').fill('KXY 4821');
  await page.getByTestId('driver-submit').click();

  const checklist = page.getByTestId('documents-checklist');
  await expect(checklist).toBeVisible();
  await expect(page.getByTestId('document-licence')).toHaveAttribute('data-state', 'missing');
  await expect(page.getByTestId('documents-next')).toContainText('upload what is missing');

  const fileInput = page.getByLabel('Take a photo or choose a file');
  await expect(fileInput).toHaveAttribute('capture', 'environment');
  await expect(fileInput).toHaveAttribute('accept', 'image/*,application/pdf');

  // A file that is not a picture or a PDF is refused with a clear message.
  await page.getByTestId('document-kind').selectOption('photo');
  await fileInput.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await page.getByTestId('document-submit').click();
  await expect(page.getByTestId('document-error')).toContainText('JPEG or PNG photo, or a PDF');

  await page.getByTestId('document-kind').selectOption('licence');
  const nextYear = `${new Date().getFullYear() + 1}-06-30`;
  await page.getByTestId('document-expires').fill(nextYear);
  await fileInput.setInputFiles({ name: 'IMG_2041.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('document-submit').click();
  await expect(page.getByTestId('document-licence')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('document-photo')).toHaveAttribute('data-state', 'missing');
  await expectNoSeriousA11yViolations(page);
});

test('the admin sees the uploaded licence beside every field of the application before deciding', async ({ page }) => {
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await page.getByRole('tab', { name: /applications/i }).click();
  const row = page.getByTestId('driver-application').filter({ hasText: email });
  await row.getByRole('button', { name: 'Review application from Mae Jemison' }).click();
  const review = page.getByTestId('application-review');
  await expect(review).toContainText('INS-445566');
  await expect(review).toContainText('KXY 4821');
  await expect(review.getByTestId('reviewer-document-licence')).toHaveAttribute('data-state', 'ok');
  await expect(review.getByTestId('reviewer-document-insurance')).toHaveAttribute('data-state', 'missing');
  const download = page.waitForEvent('download');
  await review.getByRole('button', { name: "Open Driver's licence" }).click();
  expect((await download).suggestedFilename()).toBe('licence.png');
  await expectNoSeriousA11yViolations(page);
});

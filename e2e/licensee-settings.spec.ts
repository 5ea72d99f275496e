import { expect, test } from '@playwright/test';
import { adminHeaders, expectNoSeriousA11yViolations, licenseeFor, signInWithToken } from './support';

/** Salem, Oregon: no other spec licenses this zip code. */
const TERRITORY = { emailPrefix: 'settings-licensee', territoryName: 'Salem Downtown', zipCodes: '97301' };

test('a licensee saves the business name, contact email and phone, and a reload shows them kept', async ({ page, request }) => {
  // Sign-in, several dialogs and axe scans: over a minute on a loaded 2-core machine.
  test.setTimeout(180_000);
  const admin = await adminHeaders(request);
  const licensee = await licenseeFor(request, admin, TERRITORY);
  await signInWithToken(page, licensee.token);
  await page.goto('/licensee-dashboard');
  await page.getByRole('tab', { name: 'Settings' }).click();

  const form = page.getByTestId('business-profile-form');
  await expect(form.getByLabel('Business name')).not.toHaveValue('');
  // The sign-up rules, with a message on each field.
  await form.getByLabel('Contact email').fill('not an email');
  await form.getByLabel('Phone').fill('555');
  await form.getByTestId('business-save').click();
  await expect(form.getByText('Invalid email address')).toBeVisible();
  await expect(form.getByText('Phone number must be at least 10 digits')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const run = Date.now().toString(36);
  const businessName = `Willamette Rides ${run}`;
  await form.getByLabel('Business name').fill(businessName);
  await form.getByLabel('Contact email').fill(`dispatch-${run}@willamette.example`);
  await form.getByLabel('Phone').fill('(503) 555-0199');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/licensee/business-profile') && response.request().method() === 'PUT');
  await form.getByTestId('business-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('toast')).toContainText('Business settings saved');

  // The person's own profile and password sit beside it.
  await expect(page.getByTestId('licensee-personal-profile')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  // Which mails and notices they get (a licensee's categories only), and the language of their mails.
  const notices = page.getByTestId('notification-preferences');
  await expect(notices.getByTestId('notify-payouts-email')).toBeVisible();
  await expect(notices.getByTestId('notify-applications-inApp')).toBeVisible();
  await expect(notices.getByTestId('notify-rides-email')).toHaveCount(0);
  await expect(page.getByTestId('language-preferences').getByRole('combobox', { name: 'Language of your emails' })).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(form.getByLabel('Business name')).toHaveValue(businessName);
  await expect(form.getByLabel('Contact email')).toHaveValue(`dispatch-${run}@willamette.example`);
  await expect(form.getByLabel('Phone')).toHaveValue('(503) 555-0199');
  await expectNoSeriousA11yViolations(page);
});

import { expect, test } from '@playwright/test';
import { fillAccount, uniqueEmail } from './support';

test('a new rider signs up, sees the install guide, lands on the dashboard, stays signed in after a reload and logs out', async ({ page }) => {
  const email = uniqueEmail('rider');
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { name: 'Join Our Community' })).toBeVisible();
  await fillAccount(page, 'customer', email);
  await page.getByTestId('customer-homeAddress').fill('350 5th Ave, New York, NY');
  await page.getByTestId('customer-terms').click();
  await page.getByTestId('customer-submit').click();

  await expect(page.getByTestId('install-guide')).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('Welcome to CoRide!');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('account-name')).toHaveText('Grace Hopper');
  // A rider with no ride yet is welcomed, not welcomed back (honest numbers and words, contract §10).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Grace');
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('account-name')).toHaveText('Grace Hopper');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fdashboard$/);
});

import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, PASSWORD, registerViaApi, registrationPayloads, signInThroughForm, signInWithToken, uniqueEmail } from './support';

/*
 * Contract §8 in the browser: a rider downloads everything held about them from the profile's Privacy
 * dialog, then deletes the account with their password. They land on the landing page signed out,
 * and signing in again is refused like a wrong password.
 */
test('a rider downloads their data, deletes the account, and can no longer sign in', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('privacy.rider');
  const { user, token } = await registerViaApi(page, { ...registrationPayloads.customer(email), firstName: 'Philippa', lastName: 'Downloader' });
  await signInWithToken(page, token);
  await page.goto('/dashboard?tab=profile');

  // The export: a JSON file of the rider's own data.
  await page.getByTestId('privacy-settings-open').click();
  const privacy = page.getByRole('dialog', { name: 'Privacy and your data' });
  await expect(privacy).toBeVisible();
  await expect(privacy.getByText('erased within 30 days')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent('download');
  await privacy.getByTestId('download-my-data-button').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^coride-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    userId: string;
    data: { account: { account: { email: string; firstName: string } } };
  };
  expect(exported.userId).toBe(user.id);
  expect(exported.data.account.account).toMatchObject({ email, firstName: 'Philippa' });
  await expect(privacy.getByTestId('download-my-data-status')).toHaveText('Your file has been downloaded.');
  await page.keyboard.press('Escape');
  await expect(privacy).toBeHidden();

  // The deletion: a wrong password is said on the field and changes nothing.
  await page.getByTestId('delete-account-open').click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password').fill('not-my-password');
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/users/me') && r.request().method() === 'DELETE');
  await dialog.getByTestId('delete-account-confirm').click();
  expect((await refused).status()).toBe(400);
  await expect(dialog.getByText('This password is not correct.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Password').fill(PASSWORD);
  const deleted = page.waitForResponse((r) => r.url().endsWith('/api/users/me') && r.request().method() === 'DELETE');
  await dialog.getByTestId('delete-account-confirm').click();
  expect((await deleted).status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account was deleted').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The old token is refused, and signing in is refused like any wrong password.
  const me = await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  const login = page.waitForResponse((r) => r.url().endsWith('/api/login'));
  await signInThroughForm(page, email, PASSWORD);
  expect((await login).status()).toBe(401);
  await expect(page).toHaveURL(/\/sign-in/);
});

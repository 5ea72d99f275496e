import { expect, test } from '@playwright/test';
import { mailsTo } from './mail-sink';
import { expectNoSeriousA11yViolations, PASSWORD, registerViaApi, registrationPayloads, signInThroughForm, uniqueEmail } from './support';

/*
 * Contract §8: a rider who forgot their password asks for a link from the sign-in page, gets it by
 * mail (a real SMTP conversation with a loopback server), sets a new password, and signs in with it;
 * the old one no longer works.
 */

test('a rider resets a forgotten password from the sign-in page', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await registerViaApi(page, registrationPayloads.customer(email));

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText("If an account exists for that address, we've sent a link");

  // The mail, as its addressee receives it: the link to PUBLIC_URL/reset-password with the token.
  await expect.poll(() => mailsTo(email).filter((mail) => mail.subject === 'Reset your CoRide password').length, { timeout: 30_000 }).toBe(1);
  const mail = mailsTo(email).find((m) => m.subject === 'Reset your CoRide password')!;
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  const { pathname, search } = new URL(link!);
  await page.goto(`${pathname}${search}`);

  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The two fields must match (the shared rule and its message).
  await page.getByLabel('New password', { exact: true }).fill('a-fresh-password-42');
  await page.getByLabel('Confirm new password').fill('something-else-42');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm new password').fill('a-fresh-password-42');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  // The old password fails; the new one opens the rider's dashboard.
  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByText('Sign-in failed').first()).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInThroughForm(page, email, 'a-fresh-password-42');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link was used: opening it again is refused.
  await page.request.post('/api/logout').catch(() => undefined);
  const reuse = await page.request.post('/api/password-reset/confirm', {
    data: { token: new URLSearchParams(search).get('token'), password: 'yet-another-one-42' },
  });
  expect(reuse.status()).toBe(400);
});

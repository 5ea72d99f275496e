import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, fillAccount, PASSWORD, registerViaApi, registrationPayloads, signInThroughForm, signInWithToken, uniqueEmail } from './support';

test('a wrong password shows the sign-in failure and keeps the typed email', async ({ page }) => {
  const email = uniqueEmail('wrong.password');
  await registerViaApi(page, registrationPayloads.customer(email));

  const response = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/login'));
  await signInThroughForm(page, email, 'not-the-password');
  expect((await response).status()).toBe(401);

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Sign-in failed');
  await expect(toast).toContainText('Invalid email or password');
  await expect(toast).toHaveClass(/\bbg-destructive\b/);
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByTestId('signin-submit')).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test("a reader of another language reads a failed call's reason in it: German sign-in failure", async ({ page }) => {
  // The server writes English; the app shows the error code's text from the reader's `errors` file (ADR 042).
  const de = (namespace: string) => JSON.parse(fs.readFileSync(path.join('apps/web/src/locales/de', `${namespace}.json`), 'utf8')) as Record<string, string>;
  const email = uniqueEmail('wrong.password.de');
  await registerViaApi(page, registrationPayloads.customer(email));
  await page.addInitScript(() => localStorage.setItem('language', 'de'));
  await page.goto('/sign-in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill('not-the-password');
  await page.getByTestId('signin-submit').click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText(de('auth').failedTitle!);
  await expect(toast).toContainText(de('errors').INVALID_CREDENTIALS!);
  await expect(toast).not.toContainText('Invalid email or password');
});

const dashboards = [
  { role: 'customer', path: '/dashboard' },
  { role: 'driver', path: '/driver-dashboard' },
  { role: 'licensee', path: '/licensee-dashboard' },
] as const;

for (const { role, path } of dashboards) {
  test(`a ${role} who signs in with the right password lands on ${path}`, async ({ page }) => {
    const email = uniqueEmail(`signin.${role}`);
    await registerViaApi(page, registrationPayloads[role](email));

    await signInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId('account-name')).toHaveText('Grace Hopper');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });
}

test('the admin who signs in with the right password lands on /admin-dashboard', async ({ page }) => {
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByTestId('account-name')).toHaveText('Platform Admin');
});

test('a signed-in rider who opens another role’s dashboard is sent to the rider dashboard', async ({ page }) => {
  const { token } = await registerViaApi(page, registrationPayloads.customer(uniqueEmail('wrong.role')));
  await signInWithToken(page, token);

  for (const path of ['/driver-dashboard', '/admin-dashboard', '/licensee-dashboard']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('account-name')).toHaveText('Grace Hopper');
  }
});

for (const path of ['/dashboard', '/driver-dashboard', '/licensee-dashboard', '/admin-dashboard']) {
  test(`a signed-out visitor who opens ${path} is sent, by way of the home page, to sign-in with the page kept`, async ({ page }) => {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/sign-in\\?next=${encodeURIComponent(path)}$`));
    await expect(page.getByTestId('signin-subtitle')).toHaveText('Sign in to continue to the page you opened.');
    await expect(page.getByTestId('account-name')).toHaveCount(0);
    expect(visited).toContain('/');
  });
}

test('a signed-out visitor who opens /ride signs in and lands back on /ride, query kept', async ({ page }) => {
  const email = uniqueEmail('next.ride');
  await registerViaApi(page, registrationPayloads.customer(email));

  await page.goto('/ride?schedule=1');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fride%3Fschedule%3D1$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(/\/ride\?schedule=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Ride' })).toBeVisible();
});

test('a signed-out visitor who opens /ride and creates an account instead lands back on /ride', async ({ page }) => {
  await page.goto('/ride');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fride$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/onboarding\?next=%2Fride$/);
  await fillAccount(page, 'customer', uniqueEmail('next.signup'));
  await page.getByTestId('customer-homeAddress').fill('350 5th Ave, New York, NY');
  await page.getByTestId('customer-terms').click();
  await page.getByTestId('customer-submit').click();
  await expect(page.getByTestId('install-guide')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ride$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Ride' })).toBeVisible();
});

test('a sign-in link that names another site as next lands on the dashboard instead', async ({ page }) => {
  const email = uniqueEmail('next.evil');
  await registerViaApi(page, registrationPayloads.customer(email));
  await page.goto('/sign-in?next=%2F%2Fevil.example%2F');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
});

test('an invalid stored token is removed on load and the visitor is treated as signed out', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/terms-of-service');
  await page.evaluate(() => localStorage.setItem('token', 'not-a-real-session-token'));

  const verification = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/me');
  await page.goto('/dashboard');
  expect((await verification).status()).toBe(401);

  await expect(page).toHaveURL(/\/sign-in\?next=%2Fdashboard$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect.poll(() => warnings.some((text) => text.startsWith('Auth failed'))).toBe(true);

  // Signed out: the sign-in page is offered instead of a redirect to a dashboard.
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
});

import { expect, test } from '@playwright/test';
import { registerViaApi, registrationPayloads, signInWithToken, uniqueEmail } from './support';

// The booking page draws its frame before the session check answers (docs/decisions/023): the role guard
// still decides who stays.

test('a signed-out visitor who opens /ride is sent to sign-in, not shown the booking form', async ({ page }) => {
  await page.goto('/ride');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fride$/);
  await expect(page.getByRole('button', { name: /Request Ride/ })).toHaveCount(0);
});

test('a driver who opens /ride is sent to the driver dashboard', async ({ page }) => {
  const { token } = await registerViaApi(page, registrationPayloads.driver(uniqueEmail('frame-driver')));
  await signInWithToken(page, token);
  await page.goto('/ride');
  await expect(page).toHaveURL(/\/driver-dashboard$/);
});

test("a rider's booking page keeps its heading, subtitle and email banner from the frame to the form", async ({ page }) => {
  const { token } = await registerViaApi(page, registrationPayloads.customer(uniqueEmail('frame-rider')));
  await signInWithToken(page, token);
  await page.goto('/ride');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a Ride');
  await expect(page.getByText('Upfront prices, no surge pricing, and drivers keep every tip.')).toBeVisible();
  await expect(page.getByTestId('verify-email-banner')).toBeVisible();
  await expect(page.getByRole('button', { name: /Request Ride/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a Ride');
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(1);
});

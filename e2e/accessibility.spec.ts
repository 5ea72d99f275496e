import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support';

for (const role of ['customer', 'driver', 'licensee'] as const) {
  test(`the ${role} sign-up form has no serious accessibility violations, empty or showing its errors`, async ({ page }) => {
    await page.goto(`/onboarding?tab=${role}`);
    await expect(page.getByTestId(`${role}-form`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId(`${role}-submit`).click();
    await expect(page.locator(`#${role}-firstName-error`)).toBeVisible();
    await expect(page.locator(`#${role}-terms-error`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('the sign-in page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the 404 page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the landing page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The sections below the hero and the footer load as the visitor scrolls to them: check them too.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator('#community-title')).toBeVisible({ timeout: 1_000 });
    await expect(page.getByTestId('site-footer')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expectNoSeriousA11yViolations(page);
});

test('the landing page loads its lower sections only when the visitor nears them, and its anchors still work', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#pricing-title')).toHaveCount(0);
  await page.goto('/#pricing');
  await expect(page.locator('#pricing-title')).toBeInViewport();
});

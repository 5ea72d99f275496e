import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, registrationPayloads, signInWithToken, uniqueEmail } from './support';

const footer = (page: Page) => page.getByTestId('site-footer');

/** The footer loads as the visitor nears the end of the page: scroll there (again while the page grows) until it shows. */
async function scrollToFooter(page: Page) {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(footer(page)).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return footer(page);
}

test('an unknown route shows the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page/anywhere');
  expect(response?.ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await scrollToFooter(page);
});

const publicPages = ['/', '/onboarding', '/sign-in', '/terms-of-service', '/privacy-policy', '/global-showcase', '/business-logic-demo', '/no-such-page'];

for (const path of publicPages) {
  test(`the footer with its columns and disclaimers is shown on ${path}`, async ({ page }) => {
    await page.goto(path);
    const siteFooter = await scrollToFooter(page);
    await expect(siteFooter.getByRole('navigation')).toHaveCount(3);
    for (const column of ['Services', 'Company', 'Legal']) await expect(siteFooter.getByRole('heading', { name: column })).toBeVisible();
    await expect(siteFooter).toContainText(/© \d{4} CoRide/);
    await expect(siteFooter).toContainText('technology platform only');
    await expect(siteFooter).toContainText('Drivers are independent contractors');
    await expect(siteFooter).toContainText('Licensees operate under franchise agreements');
  });
}

const footerLinks = [
  { name: 'Terms of Service', from: '/privacy-policy', to: /\/terms-of-service$/, heading: 'Terms of Service' },
  { name: 'Privacy Policy', from: '/terms-of-service', to: /\/privacy-policy$/, heading: 'Privacy Policy' },
  { name: 'Global Coverage', from: '/terms-of-service', to: /\/global-showcase$/, heading: /languages/i },
  { name: 'How It Works', from: '/terms-of-service', to: /\/business-logic-demo$/, heading: /business model/i },
] as const;

for (const link of footerLinks) {
  test(`the footer's ${link.name} link opens ${link.to.source.replace(/\\|\$/g, '')}`, async ({ page }) => {
    await page.goto(link.from);
    await (await scrollToFooter(page)).getByRole('link', { name: link.name, exact: true }).click();
    await expect(page).toHaveURL(link.to);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(link.heading);
    // The new page opens at its top, not scrolled down to where the footer was.
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  });
}

test("the footer's Become a Driver link opens sign-up on the driver tab, also from the sign-up page itself", async ({ page }) => {
  await page.goto('/terms-of-service');
  await (await scrollToFooter(page)).getByRole('link', { name: 'Become a Driver' }).click();
  await expect(page).toHaveURL(/\/onboarding\?tab=driver$/);
  await expect(page.getByTestId('tab-driver')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('driver-form')).toBeVisible();

  await page.goto('/onboarding');
  await expect(page.getByTestId('customer-form')).toBeVisible();
  await (await scrollToFooter(page)).getByRole('link', { name: 'Become a Driver' }).click();
  await expect(page).toHaveURL(/\/onboarding\?tab=driver$/);
  await expect(page.getByTestId('tab-driver')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('driver-form')).toBeVisible();
  await expect(page.getByTestId('customer-form')).toBeHidden();
  // The page starts again at its top, where the tabs are, not down at the footer.
  await expect(page.getByTestId('tab-driver')).toBeInViewport();
});

test("the footer's Licensee Program link opens sign-up on the licensee tab", async ({ page }) => {
  await page.goto('/privacy-policy');
  await (await scrollToFooter(page)).getByRole('link', { name: 'Licensee Program' }).click();
  await expect(page).toHaveURL(/\/onboarding\?tab=licensee$/);
  await expect(page.getByTestId('tab-licensee')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('licensee-form')).toBeVisible();
});

test('the footer’s company links lead to the home page', async ({ page }) => {
  for (const name of ['About Us', 'Contact', 'Careers', 'Safety', 'Insurance']) {
    await page.goto('/terms-of-service');
    await (await scrollToFooter(page)).getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  }
});

test("a signed-in rider gets the same booking page from the footer's /ride-booking link as from /ride", async ({ page }) => {
  const { token } = await registerViaApi(page, registrationPayloads.customer(uniqueEmail('booking')));
  await signInWithToken(page, token);

  await page.goto('/ride');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a Ride');
  await expect(page.getByRole('button', { name: /Request Ride/ })).toBeVisible();
  const rideHeadings = await page.getByRole('main').getByRole('heading').allTextContents();

  await page.goto('/dashboard');
  await (await scrollToFooter(page)).getByRole('link', { name: 'Book a Ride' }).click();
  await expect(page).toHaveURL(/\/ride-booking$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a Ride');
  await expect(page.getByRole('button', { name: /Request Ride/ })).toBeVisible();
  expect(await page.getByRole('main').getByRole('heading').allTextContents()).toEqual(rideHeadings);
});

test('the first Tab on the sign-up page reaches the skip link, which moves focus to the main content', async ({ page }) => {
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { name: 'Join Our Community' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab continues inside the main content, past the header.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('tab-customer')).toBeFocused();
});

import { expect, test, type Page } from '@playwright/test';
import { PHONES, phoneLayoutProblems } from './phone-layout';
import { ADMIN, adminHeaders, approvedDriver, expectNoSeriousA11yViolations, licenseeFor, riderWithCard, signInWithToken } from './support';

/*
 * Issue 19, "nothing covers anything": on phones 360 to 430 px wide, on the main page of every role,
 * no floating element covers a button, a link, a field or text, no two controls overlap, nothing
 * scrolls sideways and no text is under 12 px (e2e/phone-layout.ts says how each is measured). One
 * page load per page: the widths are set on the loaded page, and the consoles' tabs are opened in place.
 */

/** The driver's corner by Grand Central (zip 10170, licensed by the driver test alone) and a drop-off downtown. */
const AT_THE_STATION = { address: 'Park Ave & E 45th St, New York, NY 10170', lat: 40.7527, lng: -73.9772 };
const UNION_SQUARE = { address: 'Union Square, New York, NY 10003', lat: 40.7359, lng: -73.9911 };

const TIMES_SQUARE = { emailPrefix: 'phone-layout-licensee', territoryName: 'Times Square', zipCodes: '10036, 10019, 10018, 10020, 10017' };

/** Waits for the page's lazy parts: no request in flight, and loading spinners gone (some spin on purpose). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.animate-spin'))
    .toHaveCount(0, { timeout: 5_000 })
    .catch(() => undefined);
}

/** Every tab of the page's console (its first tab list, or the one named), one after the other, each measured at every phone size. */
async function everyTabProblems(page: Page, label: string, tablist?: string): Promise<string[]> {
  const problems: string[] = [];
  const tabs = (tablist ? page.getByRole('tablist', { name: tablist }) : page.getByRole('tablist').first()).getByRole('tab');
  const names = await tabs.allInnerTexts();
  expect(names.length).toBeGreaterThan(1);
  for (const [index, name] of names.entries()) {
    await tabs.nth(index).click();
    await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
    problems.push(...(await phoneLayoutProblems(page, `${label}, tab "${name.trim()}"`, () => settle(page))));
  }
  return problems;
}

/** A console's first load on a loaded 2-core machine (its code, the session, its first queries). */
const FIRST_LOAD = 60_000;

test.use({ viewport: PHONES[1] });

test('the landing page: nothing covers anything on a phone', async ({ page }) => {
  // Six measurements and an axe scan of a long page: about 40 s, over a minute on a loaded machine.
  test.setTimeout(150_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: FIRST_LOAD });
  // The voice assistant sits in the page's flow, not over it.
  await expect(page.getByTestId('voice-assistant-button')).toBeVisible();
  expect(await page.getByTestId('voice-assistant-button').evaluate((button) => getComputedStyle(button).position)).not.toBe('fixed');
  // The sections below the hero and the footer load as the visitor nears them.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByTestId('site-footer')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  expect(await phoneLayoutProblems(page, 'landing', () => settle(page))).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('the rider: booking with a price shown, then the dashboard tabs', async ({ page, request }) => {
  test.setTimeout(300_000);
  await licenseeFor(request, await adminHeaders(request), TIMES_SQUARE);
  const rider = await riderWithCard(request, { emailPrefix: 'phone-layout-rider' });
  await signInWithToken(page, rider.auth.authorization.replace('Bearer ', ''));

  await page.goto('/ride');
  await expect(page.getByTestId('pickup-input')).toBeVisible({ timeout: FIRST_LOAD });
  // The chat and voice buttons are in the title row, beside "Back to dashboard".
  const dock = page.getByTestId('assistant-dock');
  await expect(dock.getByTestId('ai-chat-button')).toBeVisible();
  await expect(dock.getByTestId('voice-assistant-button')).toBeVisible();
  const problems = await phoneLayoutProblems(page, 'booking, empty', () => settle(page));
  // With a trip set, the price (what the floating buttons used to cover) is on screen too.
  await page.getByTestId('pickup-input').fill('Times Square');
  await page.getByTestId('pickup-input').press('Enter');
  await page.getByTestId('dropoff-input').fill('Grand Central');
  await page.getByTestId('dropoff-input').press('Enter');
  await expect(page.getByTestId('fare-total')).toContainText('$');
  problems.push(...(await phoneLayoutProblems(page, 'booking, priced', () => settle(page))));
  await expectNoSeriousA11yViolations(page);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: FIRST_LOAD });
  problems.push(...(await everyTabProblems(page, 'rider dashboard')));
  expect(problems).toEqual([]);
});

test('the driver console: offline, online, an offer, the active ride and every tab', async ({ browser, request }) => {
  test.setTimeout(420_000);
  const admin = await adminHeaders(request);
  // Online in zip codes no other spec licenses (specs run two at a time): no other spec's ride is offered to this driver.
  await licenseeFor(request, admin, { emailPrefix: 'phone-layout-station-licensee', territoryName: 'Grand Central', zipCodes: '10170' });
  const driver = await approvedDriver(request, admin, { emailPrefix: 'phone-layout-driver', driveArea: '10170' });
  const context = await browser.newContext({ viewport: PHONES[1], geolocation: { latitude: 40.7527, longitude: -73.9772 }, permissions: ['geolocation'] });
  const page = await context.newPage();
  await signInWithToken(page, driver.token);
  await page.goto('/driver-dashboard');
  await expect(page.getByTestId('go-online-switch')).toBeVisible({ timeout: FIRST_LOAD });
  await expect(page.getByTestId('voice-assistant-button')).toBeVisible();
  const problems = await phoneLayoutProblems(page, 'driver console, offline', () => settle(page));
  await page.getByTestId('go-online-switch').click();
  await expect(page.getByTestId('driver-status-badge')).toHaveText(/online/i);
  problems.push(...(await phoneLayoutProblems(page, 'driver console, online', () => settle(page))));
  await expectNoSeriousA11yViolations(page);

  // A rider books at the driver's corner: the offer's card (Accept, the price), then the active ride
  // with its map, where the assistant's buttons once covered Accept.
  const rider = await riderWithCard(request, { emailPrefix: 'phone-layout-driver-rider' });
  const booked = await request.post('/api/rides', { headers: rider.auth, data: { pickupLocation: AT_THE_STATION, dropoffLocation: UNION_SQUARE } });
  expect(booked.status()).toBe(201);
  await expect(page.getByTestId('accept-ride')).toBeVisible({ timeout: 30_000 });
  problems.push(...(await phoneLayoutProblems(page, 'driver console, an offer', () => settle(page))));
  await page.getByTestId('accept-ride').click();
  await expect(page.getByTestId('arrived-at-pickup')).toBeVisible({ timeout: 30_000 });
  problems.push(...(await phoneLayoutProblems(page, 'driver console, active ride', () => settle(page))));
  problems.push(...(await everyTabProblems(page, 'driver console', 'More of your console')));
  expect(problems).toEqual([]);
  await context.close();
});

test('the licensee console, every tab', async ({ page, request }) => {
  test.setTimeout(300_000);
  const admin = await adminHeaders(request);
  const licensee = await licenseeFor(request, admin, TIMES_SQUARE);
  // A driver of the territory, so the analytics' driver table has a row to lay out.
  await approvedDriver(request, admin, { emailPrefix: 'phone-layout-territory-driver', driveArea: '10019' });
  await signInWithToken(page, licensee.token);
  await page.goto('/licensee-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: FIRST_LOAD });
  const problems = await everyTabProblems(page, 'licensee console');
  await expectNoSeriousA11yViolations(page);
  expect(problems).toEqual([]);
});

test('the admin console, every tab', async ({ page, request }) => {
  test.setTimeout(300_000);
  const login = await request.post('/api/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  await signInWithToken(page, ((await login.json()) as { token: string }).token);
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: FIRST_LOAD });
  const problems = await everyTabProblems(page, 'admin console');
  await expectNoSeriousA11yViolations(page);
  expect(problems).toEqual([]);
});

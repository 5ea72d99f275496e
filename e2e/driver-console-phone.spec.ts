import { expect, test } from '@playwright/test';
import { adminHeaders, approvedDriver, expectNoSeriousA11yViolations, licenseeFor, onlineDriverPage } from './support';

/** Downtown Denver (80202): a territory the other Denver spec sets up the same way (a 409 signs its holder in). */
const DENVER = { latitude: 39.751526, longitude: -104.997673 };

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone, an online newcomer sees status, today and the offers without scrolling, the rest behind tabs', async ({ browser, request }) => {
  // Sign-in, five lazy tabs and two axe scans: minutes on a loaded 2-core machine.
  test.setTimeout(240_000);
  const admin = await adminHeaders(request);
  await licenseeFor(request, admin, { emailPrefix: 'phone-console-licensee', territoryName: 'Downtown Denver', zipCodes: '80202, 80205' });
  const { email } = await approvedDriver(request, admin, { emailPrefix: 'phone-console-driver', driveArea: '80202', firstName: 'Nia', lastName: 'New' });
  const { context, page } = await onlineDriverPage(browser, email, { ...DENVER });

  // The switch says what it does in each state.
  await expect(page.getByTestId('go-online-label')).toHaveText('Online — you receive ride offers');
  await expect(page.getByRole('switch', { name: 'Online — you receive ride offers' })).toBeChecked();

  // The first screen, as it opens: status, today's earnings and the offers area, without scrolling.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId('driver-status-badge')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('today-earnings')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('today-earnings')).toContainText('$0.00');
  await expect(page.getByTestId('today-online')).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('heading', { name: 'Incoming ride requests' })).toBeInViewport({ ratio: 1 });
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Earnings are shown once: today's total lives on the first screen only.
  await expect(page.getByTestId('tracker-today')).toHaveCount(0);
  await expect(page.getByTestId('earnings-today')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The rest is behind accessible tabs, one panel at a time.
  const tabs = page.getByRole('tablist', { name: 'More of your console' });
  await expect(tabs.getByRole('tab')).toHaveText(['Earnings', 'Performance', 'Rides', 'Payouts', 'Documents', 'Account']);
  await expect(tabs.getByRole('tab', { name: 'Earnings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('earnings-tracker')).toBeVisible();
  await expect(page.getByTestId('driver-earnings')).toBeVisible();
  await expect(page.getByTestId('earnings-history')).toBeVisible();
  await expect(page.getByTestId('payouts-panel')).toHaveCount(0);

  // A newcomer has no score and no rating yet: nothing invented.
  await tabs.getByRole('tab', { name: 'Performance' }).click();
  const performance = page.getByTestId('performance-dashboard');
  await expect(performance.getByTestId('performance-score')).toHaveText('No rating yet');
  await performance.getByRole('tab', { name: 'Metrics' }).click();
  await expect(performance.getByTestId('metric-customerRating')).toContainText('Not measured yet');
  await expect(performance.getByTestId('metric-customerRating')).not.toContainText('5.00');
  await expect(page.getByTestId('driver-earnings')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Keyboard: the arrow keys move between the console's tabs.
  await tabs.getByRole('tab', { name: 'Performance' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Rides' })).toBeFocused();
  await expect(page.getByTestId('recent-rides')).toBeVisible();

  await tabs.getByRole('tab', { name: 'Payouts' }).click();
  await expect(page.getByTestId('payouts-panel')).toBeVisible();

  await tabs.getByRole('tab', { name: 'Account' }).click();
  await expect(page.getByTestId('driver-profile')).toContainText('No rating yet');
  await expect(page.getByTestId('driver-location')).toBeVisible();

  // Going offline: the label says so.
  await page.getByTestId('go-online-switch').click();
  await expect(page.getByTestId('driver-status-badge')).toHaveText(/offline/i);
  await expect(page.getByTestId('go-online-label')).toHaveText('Offline — no offers');

  await context.close();
});

import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support';

// Several tabs per test, each checked with axe: over a minute on a loaded 2-core machine.
test.describe.configure({ timeout: 150_000 });

const tabs = ['Overview', 'Flow diagrams', 'Driver view', 'Rider view', 'Licensee view', 'Pricing map', 'Guarantees', 'Community'] as const;
const subTabs: Partial<Record<(typeof tabs)[number], string[]>> = {
  'Flow diagrams': ['Driver path', 'Fare flow', 'Bonus system', 'Rider rewards', 'Territory management', 'Pricing logic', 'Community'],
  'Pricing map': ['Pricing Zones', 'Real-time Rates', 'Licensee Control'],
  Guarantees: ['Bonus pool', 'Performance tiers', 'Driver guarantees', 'Community oversight'],
  Community: ['Overview', 'Initiatives', 'Local impact', 'Transparency'],
};

async function openTab(page: Page, name: string) {
  await page.getByRole('tablist', { name: 'Demo sections' }).getByRole('tab', { name, exact: true }).click();
}

async function openSubTab(page: Page, name: string) {
  await page.getByRole('tabpanel').getByRole('tab', { name, exact: true }).click();
}

test('a visitor opens all eight tabs and every sub-tab: live sample figures everywhere, nothing "coming soon"', async ({ page }) => {
  await page.goto('/business-logic-demo');
  await expect(page.getByTestId('live-demo-badge')).toBeVisible();
  await expect(page.getByTestId('sample-note').first()).toContainText('same rules the product uses');
  for (const tab of tabs) {
    await openTab(page, tab);
    await expect(page.getByRole('tabpanel').first()).toBeVisible();
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
    for (const sub of subTabs[tab] ?? []) {
      await openSubTab(page, sub);
      await expect(page.getByRole('tabpanel').getByRole('tabpanel')).toBeVisible();
      await expect(page.getByText(/coming soon/i)).toHaveCount(0);
      await expect(page.getByText('Correct the highlighted fields')).toHaveCount(0);
    }
  }
});

test('every flow diagram is a drawn SVG with an accessible name and the current figures', async ({ page }) => {
  await page.goto('/business-logic-demo');
  await openTab(page, 'Flow diagrams');
  const diagrams: [string, string][] = [
    ['Driver path', 'Driver path diagram'],
    ['Fare flow', 'Fare flow diagram'],
    ['Bonus system', 'Bonus system diagram'],
    ['Rider rewards', 'Rider rewards diagram'],
    ['Territory management', 'Territory management diagram'],
    ['Pricing logic', 'Pricing logic diagram'],
    ['Community', 'Community diagram'],
  ];
  for (const [sub, name] of diagrams) {
    await openSubTab(page, sub);
    const svg = page.getByRole('img', { name, exact: true });
    await expect(svg).toBeVisible();
    expect(await svg.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    expect(await svg.locator('rect').count()).toBeGreaterThanOrEqual(5);
    expect(await svg.locator('path').count()).toBeGreaterThanOrEqual(4);
  }
  // The default trip: 5 mi, 12.5 min → 1,250 subtotal + 37 + 37 fees.
  await openSubTab(page, 'Fare flow');
  await expect(page.getByRole('img', { name: 'Fare flow diagram' })).toHaveAccessibleDescription(/The rider pays \$13\.24\..*\$12\.50 to the driver/);
  await expectNoSeriousA11yViolations(page);
});

test('changing the distance changes the split and the driver share to the exact cent, in the calculator and the fare flow', async ({ page }) => {
  await page.goto('/business-logic-demo');
  await openTab(page, 'Rider view');
  await expect(page.getByTestId('split-driver')).toHaveText('$12.50');
  await expect(page.getByTestId('driver-share')).toContainText('94.41%');

  // 10 mi and 12.5 min: 250 + 1,500 + 250 = $20.00; fees 3% + 3% = $0.60 + $0.60; admin split 25 / 5 / 25 / 5.
  await page.getByLabel('Distance (miles)').fill('10');
  await expect(page.getByTestId('fare-total')).toHaveText('$21.20');
  await expect(page.getByTestId('split-driver')).toHaveText('$20.00');
  await expect(page.getByTestId('split-platformSoftware')).toHaveText('$0.60');
  await expect(page.getByTestId('split-corporateAdmin')).toHaveText('$0.25');
  await expect(page.getByTestId('split-licensee')).toHaveText('$0.25');
  await expect(page.getByTestId('split-localCsr')).toHaveText('$0.05');
  await expect(page.getByTestId('driver-share')).toContainText('94.34%');

  // A $3 tip goes to the driver: 2,300 of 2,420.
  await page.getByLabel('Tip ($)').fill('3');
  await expect(page.getByTestId('split-driver')).toHaveText('$23.00');
  await expect(page.getByTestId('driver-share')).toContainText('95.04%');

  // Out of range: a helpful message, no crash.
  await page.getByLabel('Distance (miles)').fill('900');
  await expect(page.getByText('Enter a number from 0 to 500.')).toBeVisible();
  await page.getByLabel('Distance (miles)').fill('10');

  await openTab(page, 'Flow diagrams');
  await openSubTab(page, 'Fare flow');
  await expect(page.getByRole('img', { name: 'Fare flow diagram' })).toHaveAccessibleDescription(/The rider pays \$24\.20\..*\$23\.00 to the driver/);
});

test('changing the driver record changes the tier and goals, and the quintile changes the bonus', async ({ page }) => {
  await page.goto('/business-logic-demo');
  await openTab(page, 'Driver view');
  const tier = page.getByTestId('driver-tier');
  const goals = page.getByTestId('tier-goals');
  await expect(tier).toHaveText('Gold');
  await expect(goals).toContainText('To reach Platinum');
  await expect(goals).toContainText('Acceptance rate 95%+ (now 92%)');
  await expect(page.getByTestId('metric-overallScore')).toHaveText('4.51');

  // Below Gold's 90% acceptance: Silver, and the goal is Gold's 90%.
  await page.getByLabel('Acceptance rate (%)').fill('85');
  await expect(tier).toHaveText('Silver');
  await expect(goals).toContainText('To reach Gold');
  await expect(goals).toContainText('Acceptance rate 90%+ (now 85%)');

  await page.getByLabel('Acceptance rate (%)').fill('92');
  await expect(tier).toHaveText('Gold');
  await page.getByLabel('Average rating (1–5)').fill('4.6');
  await expect(tier).toHaveText('Silver');
  await expect(goals).toContainText('Customer rating 4.7+ (now 4.6)');
  await page.getByLabel('Average rating (1–5)').fill('7');
  await expect(page.getByText('Enter a number from 1 to 5.')).toBeVisible();
  await page.getByLabel('Average rating (1–5)').fill('4.8');
  await expect(tier).toHaveText('Gold');

  // 45 rides a week at $12.50 → 243,563 cents a month; the Gold performance bonus is 2% × the quintile multiplier.
  const bonus = page.getByTestId('driver-bonus');
  await expect(bonus).toHaveText('$48.71');
  await page.getByLabel('Quintile this month (what if)').selectOption('1');
  await expect(bonus).toHaveText('$52.60');
  await page.getByLabel('Quintile this month (what if)').selectOption('5');
  await expect(bonus).toHaveText('$44.81');
  await expectNoSeriousA11yViolations(page);
});

test('licensee view, pricing map and community are computed from the sample and pass axe', async ({ page }) => {
  await page.goto('/business-logic-demo');
  await openTab(page, 'Licensee view');
  await expect(page.getByTestId('license-fee-banner')).toContainText('$1,000.00');
  await expect(page.getByTestId('driver-list').getByRole('row')).toHaveCount(10);
  await expect(page.getByTestId('health-colour')).toHaveText('Green');
  await page.getByLabel("Riders' average rating (1–5)").fill('1');
  await expect(page.getByTestId('health-colour')).toHaveText('Red');
  await page.getByLabel('Of those, still active at the end').fill('50');
  await expect(page.getByText('This cannot be more than the drivers active at the start.')).toBeVisible();
  await page.getByLabel('Of those, still active at the end').fill('36');
  await expect(page.getByTestId('retention')).toHaveText('90%');
  await expectNoSeriousA11yViolations(page);

  await openTab(page, 'Pricing map');
  await expect(page.getByTestId('zone-fare-1')).toContainText('$');
  await openSubTab(page, 'Real-time Rates');
  await expect(page.getByTestId('current-multiplier')).toHaveText('0.95×');
  await page.getByLabel('Idle drivers').fill('0');
  await expect(page.getByTestId('current-multiplier')).toHaveText('1×');
  await expect(page.getByTestId('demand-level')).toHaveText('Very high');
  await openSubTab(page, 'Licensee Control');
  await expect(page.getByTestId('adjustment-in-force')).toHaveText('-5%');
  await page.getByLabel('Days since it was announced').fill('3');
  await expect(page.getByTestId('adjustment-in-force')).toHaveText('0%');
  await page.getByLabel('Rate adjustment (%)').fill('2.3');
  await expect(page.getByText('Use steps of 0.5%.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openTab(page, 'Community');
  await expect(page.getByTestId('reward-points')).toHaveText('115');
  await openSubTab(page, 'Initiatives');
  await expect(page.getByTestId('redemption-result')).toContainText('the rider pays $8.24');
  await expect(page.getByTestId('redemption-result')).toContainText('The driver still gets $12.50');
  await page.getByLabel('Referral (50 pts each)').fill('0');
  await expect(page.getByTestId('redemption-result')).toContainText('This reward needs 100 points; the sample rider has 65.');
  await openSubTab(page, 'Transparency');
  await expect(page.getByText(/It adds up to what riders paid/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a visitor changes the Guarantees sample and sees the bonus pool computed again', async ({ page }) => {
  await page.goto('/business-logic-demo');
  await page.getByRole('tab', { name: 'Guarantees' }).click();
  const coverage = page.getByTestId('coverage-ratio');
  await expect(coverage).toBeVisible();
  const before = await coverage.textContent();
  const sustainability = await page.getByTestId('sustainability-score').textContent();

  // Twice the earnings in the top group: more fees fund the pool, and more bonus is promised.
  const earnings = page.getByLabel('Group 1: earnings per driver ($)');
  const current = Number((await earnings.inputValue()).replace(/[^0-9.]/g, ''));
  await earnings.fill(String(current * 4));
  await expect(coverage).not.toHaveText(before ?? '');
  await expect(page.getByTestId('sustainability-score')).toBeVisible();
  expect(sustainability).toMatch(/\d/);
  await expectNoSeriousA11yViolations(page);
});

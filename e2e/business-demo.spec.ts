import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support';

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

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${process.pid}${counter}@e2e.test`;
}

export const PASSWORD = 'e2e-password-123';

/** Fills the account section shared by the three sign-up forms. */
export async function fillAccount(page: Page, role: 'customer' | 'driver' | 'licensee', email: string) {
  await page.getByTestId(`${role}-firstName`).fill('Grace');
  await page.getByTestId(`${role}-lastName`).fill('Hopper');
  await page.getByTestId(`${role}-email`).fill(email);
  await page.getByTestId(`${role}-phone`).fill('2125550199');
  await page.getByTestId(`${role}-password`).fill(PASSWORD);
  await page.getByTestId(`${role}-confirmPassword`).fill(PASSWORD);
}

/** No serious or critical axe violations (WCAG 2.1 A/AA rules). */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Registers through the API (fast set-up for tests about something else). */
export async function registerViaApi(page: Page, payload: Record<string, unknown>) {
  const response = await page.request.post('/api/register', { data: payload });
  expect(response.status()).toBe(201);
  return (await response.json()) as { user: { id: string; role: string }; token: string };
}

export async function signInWithToken(page: Page, token: string) {
  await page.goto('/terms-of-service');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

declare global {
  interface Window {
    __missingTranslationKeys?: () => string[];
  }
}

const heroTitle = (language: string) =>
  (JSON.parse(fs.readFileSync(path.join('apps/web/src/locales', language, 'hero.json'), 'utf8')) as { title: string }).title;

async function chooseLanguage(page: Page, nativeName: string) {
  await page.getByTestId('language-selector').click();
  await page.getByRole('option', { name: nativeName }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0); // closes on choice
}

test.describe('languages', () => {
  for (const [code, nativeName, dir] of [
    ['es', 'Español', 'ltr'],
    ['zh', '中文', 'ltr'],
    ['ar', 'العربية', 'rtl'],
  ] as const) {
    test(`switching to ${code} changes the visible text and the document direction, and survives a reload`, async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle('en'));
      await chooseLanguage(page, nativeName);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(code));
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(code);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(code));
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
    });
  }

  test('right-to-left mirrors the layout: the header brand sits on the right in Arabic', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const ltrBrand = await page.locator('header a').first().boundingBox();
    await chooseLanguage(page, 'العربية');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const rtlBrand = await page.locator('header a').first().boundingBox();
    expect(ltrBrand!.x).toBeLessThan(640);
    expect(rtlBrand!.x).toBeGreaterThan(640);
  });

  test('the showcase marks the current language and switches the UI from a card', async ({ page }) => {
    await page.goto('/global-showcase');
    await expect(page.getByTestId('language-card-en').getByTestId('current-language-badge')).toBeVisible();
    await expect(page.getByTestId('current-language-badge')).toHaveCount(1);
    await page.getByTestId('switch-language-fr').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('language-card-fr').getByTestId('current-language-badge')).toBeVisible();
    await expect(page.getByTestId('current-language-badge')).toHaveCount(1);
    await expect(page.getByTestId('language-card-ar')).toHaveAttribute('dir', 'rtl');
  });

  test('money is formatted for the chosen locale', async ({ page }) => {
    await page.goto('/');
    await chooseLanguage(page, 'Deutsch');
    // The pricing section loads as the visitor scrolls near it.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.locator('#pricing-title')).toBeVisible({ timeout: 1_000 });
    }).toPass();
    // German writes dollar amounts with a decimal comma and the sign after: "20,00 $".
    await expect(page.locator('#pricing')).toContainText(/\d+,\d{2}\s?\$/);
  });

  test('no page asks for a translation key that English lacks', async ({ page }) => {
    for (const url of [
      '/',
      '/onboarding',
      '/onboarding?tab=driver',
      '/onboarding?tab=licensee',
      '/sign-in',
      '/terms-of-service',
      '/privacy-policy',
      '/global-showcase',
      '/business-logic-demo',
      '/no-such-page',
    ]) {
      await page.goto(url);
      await expect(page.locator('main')).toBeVisible();
    }
    expect(await page.evaluate(() => window.__missingTranslationKeys?.() ?? ['(the recorder is missing)'])).toEqual([]);
  });
});

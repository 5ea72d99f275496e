import { languages } from '../packages/domain/src/languages';
import { expect, test, type Page } from '@playwright/test';

/**
 * The top bar fits a phone in every language: the page never scrolls sideways and no link or button
 * of the bar covers another (the UX walk found French "Commencer" over the language switch). The
 * whole page is in the width check: the sections below the hero and the footer are loaded first.
 */
async function layoutProblems(page: Page, label: string): Promise<string[]> {
  return page.evaluate((where) => {
    const problems: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > window.innerWidth) {
      // Name the innermost elements that stick out, so a failure says where to look.
      const outside = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter(
        (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 && element.children.length === 0,
      );
      const names = outside.slice(0, 3).map((element) => `<${element.tagName.toLowerCase()}> "${element.textContent?.trim().slice(0, 40) ?? ''}"`);
      problems.push(`${where}: page is ${pageWidth}px wide (${names.join(', ')})`);
    }
    const boxes = Array.from(document.querySelectorAll<HTMLElement>('header a, header button'))
      .map((element) => ({ name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '', box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    for (const { name, box } of boxes) {
      if (box.left < 0 || box.right > window.innerWidth) problems.push(`${where}: "${name}" sticks out of the screen`);
    }
    boxes.forEach((first, index) => {
      for (const second of boxes.slice(index + 1)) {
        // Half a pixel of rounding is not an overlap.
        const overlapX = Math.min(first.box.right, second.box.right) - Math.max(first.box.left, second.box.left);
        const overlapY = Math.min(first.box.bottom, second.box.bottom) - Math.max(first.box.top, second.box.top);
        if (overlapX > 0.5 && overlapY > 0.5) problems.push(`${where}: "${first.name}" overlaps "${second.name}"`);
      }
    });
    return problems;
  }, label);
}

test('the landing page header fits a phone in every language', async ({ page }) => {
  test.setTimeout(150_000);
  const problems: string[] = [];
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The lower sections and the footer load as a visitor nears them: scrolled to once, they stay.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByTestId('site-footer')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const language of languages) {
    // Switched in place through the header's own selector, as a visitor would.
    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: language.nativeName }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', language.code);
    // The lower sections' texts in this language (their namespaces load on the switch).
    await page.waitForLoadState('networkidle');
    // Phones (390 and 360 px), and a tablet where the bar shows more links and the language's name.
    for (const width of [390, 360, 768]) {
      await page.setViewportSize({ width, height: 844 });
      problems.push(...(await layoutProblems(page, `${language.code} at ${width}px`)));
    }
  }
  expect(problems).toEqual([]);
});

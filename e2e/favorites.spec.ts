import { expect, test } from '@playwright/test';
import { adminHeaders, expectNoSeriousA11yViolations, licenseeFor, riderWithCard, signInWithToken } from './support';

/*
 * Favorite places use the booking page's address field (ADR 038): type-ahead as the rider types,
 * picked by keyboard; the saved Home then fills the booking page's quick button.
 */
test('a rider saves Home with the type-ahead address field, and books from its quick button', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Zip codes of its own (specs run two at a time); the quick button prices the trip from there.
  await licenseeFor(request, await adminHeaders(request), { emailPrefix: 'favorites-licensee', territoryName: 'Penn Plaza', zipCodes: '10119, 10001' });
  const rider = await riderWithCard(request, { emailPrefix: 'favorites-rider' });
  await signInWithToken(page, rider.auth.authorization.replace('Bearer ', ''));
  await page.goto('/dashboard?tab=favorites');

  await page.getByTestId('add-favorite').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('favorite-name-input').fill('Home');
  const address = dialog.getByTestId('favorite-address-input');
  await address.pressSequentially('penn', { delay: 40 });
  const list = dialog.getByRole('listbox', { name: 'Matching places' });
  await expect(list.getByRole('option', { name: /Penn Station/ })).toBeVisible();
  await expect(address).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11yViolations(page);
  // Keyboard only: down to the first place, Enter takes it.
  await address.press('ArrowDown');
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await address.press('Enter');
  await expect(address).toHaveValue('Penn Station, New York, NY 10001');
  await expect(list).toBeHidden();
  await dialog.getByTestId('save-favorite').click();

  await expect(page.getByTestId('toast')).toContainText('Home added to your favorites');
  await expect(page.getByTestId('favorite-item').filter({ hasText: 'Home' })).toContainText('Penn Station, New York, NY 10001');

  await page.goto('/ride');
  await page.getByTestId('quick-home').click();
  await expect(page.getByTestId('dropoff-input')).toHaveValue('Penn Station, New York, NY 10001');
});

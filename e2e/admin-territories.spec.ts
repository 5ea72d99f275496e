import { expect, test } from '@playwright/test';
import { ADMIN, adminHeaders, expectNoSeriousA11yViolations, licenseeFor, signInThroughForm } from './support';

/** Downtown Portland, Oregon: no other spec licenses these zip codes. */
const TERRITORY = { emailPrefix: 'territory-admin-licensee', territoryName: 'Downtown Portland', zipCodes: '97201, 97204, 97205' };
const LICENCE = ['97201', '97204', '97205'];
/** A real zip code next door that the licence does not cover. */
const OUTSIDE = '97209';

type Territory = { id: string; name: string; status: 'active' | 'suspended'; zipCodes: string[] };

test('the admin edits a territory’s zip codes (a zip outside the licence is refused on its chip) and suspends it', async ({ page, request }) => {
  // Sign-in, several dialogs and axe scans: over a minute on a loaded 2-core machine.
  test.setTimeout(180_000);
  const admin = await adminHeaders(request);
  await licenseeFor(request, admin, TERRITORY);
  // A retry starts from the territory as licensed: active, with every zip code of its licence.
  const [found] = (await (
    await request.get(`/api/admin/territories?q=${encodeURIComponent(TERRITORY.territoryName)}`, { headers: admin })
  ).json()) as Territory[];
  expect(found).toBeDefined();
  if (found!.status === 'suspended')
    expect((await request.post(`/api/admin/territories/${found!.id}/reinstate`, { headers: admin, data: { reason: 'Reset by the test' } })).status()).toBe(200);
  expect((await request.put(`/api/admin/territories/${found!.id}/zip-codes`, { headers: admin, data: { zipCodes: LICENCE } })).status()).toBe(200);

  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.getByRole('tab', { name: 'Territory' }).click();
  const tab = page.getByTestId('admin-territories');
  await tab.getByRole('searchbox', { name: 'Search territories' }).fill('9720');
  const row = tab.getByTestId('admin-territory').filter({ hasText: TERRITORY.territoryName });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('territory-zips')).toHaveText(LICENCE.join(''));
  // The search's own answer, not the previous list shown dimmed while it loads (axe measures its contrast).
  await expect(tab.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Edit: add a zip code outside the licence; the server refuses it and the dialog shows it on that chip.
  await row.getByRole('button', { name: `Edit the zip codes of ${TERRITORY.territoryName}` }).click();
  const dialog = page.getByTestId('territory-zips-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Add a zip code').fill('972');
  await dialog.getByLabel('Add a zip code').press('Enter');
  await expect(dialog.getByText('A zip code has five digits.')).toBeVisible();
  await dialog.getByLabel('Add a zip code').fill(OUTSIDE);
  await dialog.getByTestId('territory-zip-add').click();
  await dialog.getByRole('button', { name: 'Remove 97205' }).click();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByTestId('territory-zips-save').click();
  await expect(dialog.getByTestId('territory-zips-error')).toContainText('1 zip code was refused');
  await expect(dialog.locator(`[data-zip="${OUTSIDE}"]`)).toHaveAttribute('data-invalid', 'true');
  await expect(dialog.getByTestId('territory-zip-errors')).toContainText(`${OUTSIDE}: Not covered by this licence`);
  await expect(dialog.locator('[data-zip="97201"]')).not.toHaveAttribute('data-invalid', 'true');

  // Take it out again and save: the list shows the territory's new zip codes.
  await dialog.getByRole('button', { name: `Remove ${OUTSIDE}` }).click();
  await dialog.getByTestId('territory-zips-save').click();
  await expect(page.getByTestId('toast')).toContainText(`The zip codes of ${TERRITORY.territoryName} are saved.`);
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('territory-zips')).toHaveText('9720197204');
  // The licence's other zip code is offered back in the dialog.
  await row.getByRole('button', { name: `Edit the zip codes of ${TERRITORY.territoryName}` }).click();
  await expect(dialog.getByRole('button', { name: 'Add 97205' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Suspend, with a confirmation that asks why; a too-short reason is refused in the form.
  await row.getByRole('button', { name: `Suspend ${TERRITORY.territoryName}` }).click();
  const confirm = page.getByTestId('territory-status-dialog');
  await expect(confirm).toContainText('Rides already under way finish.');
  await confirm.getByTestId('territory-status-reason').fill('no');
  await confirm.getByTestId('territory-status-confirm').click();
  await expect(confirm.getByText('Give a reason of at least 5 characters.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByTestId('territory-status-reason').fill('Insurance certificate expired');
  await confirm.getByTestId('territory-status-confirm').click();
  await expect(page.getByTestId('toast')).toContainText(`${TERRITORY.territoryName} is suspended.`);
  await expect(confirm).toBeHidden();
  await expect(row).toHaveAttribute('data-status', 'suspended');
  await expect(row.getByTestId('territory-status')).toHaveText('Suspended');
  await expect(row).toContainText('Insurance certificate expired');

  // The server holds it: the territory is suspended, and the suspended filter finds it.
  const [after] = (await (
    await request.get(`/api/admin/territories?q=${encodeURIComponent(TERRITORY.territoryName)}`, { headers: admin })
  ).json()) as Territory[];
  expect(after).toMatchObject({ status: 'suspended', zipCodes: ['97201', '97204'] });
  await tab.getByLabel('Status').selectOption('suspended');
  await expect(row).toHaveCount(1);
});

import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi, registrationPayloads, signInWithToken, uniqueEmail } from './support';

test('a rider adds an emergency contact and turns off ride emails, and both are kept after a reload', async ({ page }) => {
  // Two dialogs, two saves, a reload and a removal: a loaded 2-core machine has taken over two minutes.
  test.setTimeout(180_000);
  const { token } = await registerViaApi(page, registrationPayloads.customer(uniqueEmail('settings.rider')));
  await signInWithToken(page, token);
  await page.goto('/dashboard?tab=profile');

  // Emergency contacts: the shared schema refuses a short phone before anything is sent.
  await page.getByTestId('emergency-contacts-settings-open').click();
  const contacts = page.getByRole('dialog', { name: 'Emergency contacts' });
  await expect(contacts).toBeVisible();
  await expect(contacts.getByText('No emergency contacts yet')).toBeVisible();
  await contacts.getByLabel('Name').fill('Ana Ruiz');
  await contacts.getByLabel('Phone number').fill('555-01');
  await contacts.getByTestId('emergency-contact-add').click();
  await expect(contacts.getByText('Phone number must be at least 10 digits')).toBeVisible();
  await contacts.getByLabel('Phone number').fill('212 555 0100');
  await contacts.getByLabel('Email (optional)').fill('ana@example.com');
  const added = page.waitForResponse((r) => r.url().endsWith('/api/users/me/emergency-contacts') && r.request().method() === 'POST');
  await contacts.getByTestId('emergency-contact-add').click();
  expect((await added).status()).toBe(201);
  await expect(contacts.getByTestId('emergency-contact')).toHaveCount(1);
  await expect(contacts.getByTestId('emergency-contact')).toContainText('Ana Ruiz');
  await expect(contacts.getByTestId('emergency-contacts-count')).toHaveText('1 of 5 contacts saved');
  await expectNoSeriousA11yViolations(page);
  // Escape closes the topmost layer first: the "contact added" toast while it shows, then the dialog.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(contacts).toBeHidden({ timeout: 1_000 });
  }).toPass();

  // Notifications: ride emails off, saved with feedback.
  await page.getByTestId('notification-settings-open').click();
  const notifications = page.getByRole('dialog', { name: 'Notifications' });
  const rideEmails = notifications.getByTestId('notify-rides-email');
  await expect(rideEmails).toBeChecked();
  await expect(notifications.getByText('Security and account emails: always on')).toBeVisible();
  await rideEmails.click();
  await expect(rideEmails).not.toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/me/notification-preferences') && r.request().method() === 'PUT');
  await notifications.getByTestId('notification-preferences-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Notification settings saved').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // After a reload both are read back from the server.
  await page.reload();
  await page.getByTestId('notification-settings-open').click();
  const reloaded = page.getByRole('dialog', { name: 'Notifications' });
  await expect(reloaded.getByTestId('notify-rides-email')).not.toBeChecked();
  await expect(reloaded.getByTestId('notify-rides-inApp')).toBeChecked();
  await expect(reloaded.getByTestId('notify-disputes-email')).toBeChecked();
  await page.keyboard.press('Escape');
  await page.getByTestId('emergency-contacts-settings-open').click();
  const reloadedContacts = page.getByRole('dialog', { name: 'Emergency contacts' });
  await expect(reloadedContacts.getByTestId('emergency-contact')).toHaveCount(1);
  await expect(reloadedContacts.getByTestId('emergency-contact')).toContainText('212 555 0100');

  // Removing asks first; keeping it changes nothing, confirming removes it.
  await reloadedContacts.getByRole('button', { name: 'Remove Ana Ruiz' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Ana Ruiz?' });
  await confirm.getByRole('button', { name: 'Keep contact' }).click();
  await expect(reloadedContacts.getByTestId('emergency-contact')).toHaveCount(1);
  await reloadedContacts.getByRole('button', { name: 'Remove Ana Ruiz' }).click();
  await page.getByTestId('emergency-contact-remove-confirm').click();
  await expect(reloadedContacts.getByTestId('emergency-contact')).toHaveCount(0);
});

test('a driver edits the profile, keeps an emergency contact and sees the driver’s notification categories in the console', async ({ page }) => {
  // The Account tab twice (before and after a reload), two saves and an axe scan: over three minutes on a loaded machine.
  test.setTimeout(240_000);
  const { token } = await registerViaApi(page, registrationPayloads.driver(uniqueEmail('settings.driver')));
  await signInWithToken(page, token);
  await page.goto('/driver-dashboard');

  // The settings are in the console's Account tab (ADR 037); the console's first load is slow on a loaded machine.
  await page.getByRole('tablist', { name: 'More of your console' }).getByRole('tab', { name: 'Account' }).click({ timeout: 60_000 });
  const settings = page.getByTestId('account-settings');
  await expect(settings.getByRole('heading', { name: 'Account settings' })).toBeVisible({ timeout: 60_000 });
  // A driver hears of rides, applications and payouts; disputes are the rider's.
  const notifications = settings.getByTestId('notification-preferences');
  await expect(notifications.getByTestId('notify-payouts-email')).toBeChecked();
  await expect(notifications.getByTestId('notify-applications-inApp')).toBeChecked();
  await expect(notifications.getByTestId('notify-disputes-email')).toHaveCount(0);

  await settings.getByTestId('edit-profile').click();
  await settings.getByLabel('Phone number').first().fill('646 555 0142');
  const patched = page.waitForResponse((r) => r.url().endsWith('/api/users/me') && r.request().method() === 'PATCH');
  await settings.getByTestId('profile-save').click();
  expect((await patched).status()).toBe(200);
  await expect(settings.getByText('646 555 0142')).toBeVisible();

  const contacts = settings.getByTestId('emergency-contacts');
  await contacts.getByLabel('Name').fill('Sam Okafor');
  await contacts.getByLabel('Phone number').fill('718 555 0123');
  await contacts.getByTestId('emergency-contact-add').click();
  await expect(contacts.getByTestId('emergency-contact')).toContainText('Sam Okafor');
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  // A reload opens the console's working screen again (ADR 037): the settings are one tab away.
  await page.getByRole('tablist', { name: 'More of your console' }).getByRole('tab', { name: 'Account' }).click({ timeout: 60_000 });
  await expect(page.getByTestId('account-settings').getByTestId('emergency-contact')).toContainText('718 555 0123');
});

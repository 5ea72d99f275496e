import { expect, test } from '@playwright/test';
import { mailsTo } from './mail-sink';
import { adminHeaders, expectNoSeriousA11yViolations, registrationPayloads, signInWithToken, uniqueEmail } from './support';

test('a driver is approved: the bell counts it live, the mail arrives, and reading it brings the count back down', async ({ page }) => {
  const email = uniqueEmail('bell.driver');
  const registered = await page.request.post('/api/register', { data: { ...registrationPayloads.driver(email), firstName: 'Bell' } });
  expect(registered.status()).toBe(201);
  await signInWithToken(page, ((await registered.json()) as { token: string }).token);
  await page.goto('/driver-dashboard');

  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  // The socket is authenticated before the approval is made, so the push is what changes the count.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/api/notifications/unread-count'))))
    .toBe(true);

  const admin = await adminHeaders(page.request);
  const applications = (await (await page.request.get('/api/driver-applications?status=awaiting', { headers: admin })).json()) as {
    id: string;
    user: { email: string };
  }[];
  const application = applications.find((a) => a.user.email === email)!;
  // Every read of the count from here on: the push, not a read, must be what changes it.
  let countReads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/notifications/unread-count')) countReads += 1;
  });
  const review = await page.request.post(`/api/driver-applications/${application.id}/review`, { headers: admin, data: { status: 'approved' } });
  expect(review.status()).toBe(200);

  // Live: no reload and no re-read of the count, the socket's message bumps it.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  expect(countReads).toBe(0);

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  const item = panel.getByTestId('notification-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("You're approved to drive");
  await expect(item).toContainText('Your driver application was approved.');
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expectNoSeriousA11yViolations(page);

  const read = page.waitForResponse((response) => /\/api\/notifications\/[^/]+\/read$/.test(response.url()) && response.status() === 200);
  await item.click();
  await read;
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/driver-dashboard$/);
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  // Focus comes back to the bell when the panel closes.
  await expect(bell).toBeFocused();

  await bell.click();
  await expect(page.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification-item')).toHaveAttribute('data-unread', 'false');

  // The same approval by mail, through the outbox and a real SMTP conversation, linking to the console.
  await expect.poll(() => mailsTo(email).filter((mail) => mail.subject === 'Your driver application was approved').length, { timeout: 30_000 }).toBe(1);
  const mail = mailsTo(email).find((m) => m.subject === 'Your driver application was approved')!;
  expect(mail.text).toContain('Hi Bell');
  expect(mail.text).toContain('You can go online in the driver console');
  expect(mail.text).toMatch(/https?:\/\/\S+\/driver-dashboard/);
  expect(mail.html).toContain('Open the driver console');
});
